// One engine as the runner sees it: its process and its protocol. It starts the engine and speaks the
// handshake, gives it its options, prepares each game, asks for moves with a deadline (and lets it
// ponder, as a GUI does, with ponder=on), and tells a crash or a hang from an answer. For a GUI it also
// analyses (`go infinite` until `stop`) and passes every `info` line on. Every wait also ends when the
// match is stopped (the interrupt fd).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "match/comm_log.h"
#include "match/dialect.h"
#include "match/engine_spec.h"
#include "match/process.h"

namespace jiang::match {

// The engine could not be started or set up: the message says which engine and why.
class EngineError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct SearchRequest {
  std::string fen;                  // the opening
  std::vector<std::string> moves;   // every move since
  MoveBudget budget;
  GoClock clock;
  std::chrono::milliseconds deadline;  // how long to wait for bestmove
};

struct SearchReply {
  // Unstopped: pondering on a move that was not played, the engine did not answer `stop` (a hang).
  enum class Status { BestMove, Timeout, Crashed, Interrupted, Unstopped };
  Status status = Status::Crashed;
  BestMove best;                       // with Status::BestMove
  std::optional<EngineScore> score;    // the last score the engine reported for this move
  int depth = 0;
  // From `go` (or `ponderhit`, or the `stop` of a ponder search that missed) to `bestmove` or the failure.
  std::chrono::milliseconds used{0};
};

class EngineClient {
 public:
  using InfoCallback = std::function<void(const EngineInfo&)>;
  enum class AnalysisState { Running, Ended, Crashed, Interrupted };

  // `program` is the spec's program as resolve_program found it. `log` may be null.
  EngineClient(EngineSpec spec, std::string program, CommLog* log);
  ~EngineClient();  // quit()
  EngineClient(const EngineClient&) = delete;
  EngineClient& operator=(const EngineClient&) = delete;

  const std::string& name() const { return spec_.name; }
  const Handshake& handshake() const { return handshake_; }

  // Starts (or restarts) the process, speaks the handshake, sets the options and waits for readyok.
  // Throws EngineError: no handshake, an option the engine does not offer, no readyok in time.
  void start(int interrupt_fd);
  // Whether the process is running and answered its last request.
  bool healthy() const { return process_ && healthy_; }
  // Whether the process is still there (hung, perhaps, but not crashed).
  bool running() { return process_ && !process_->exited(); }

  // The new-game commands and isready. False if readyok did not come in time (a hang) or the engine
  // is gone; then it is no longer healthy.
  bool new_game(int interrupt_fd);
  // Sends the position and `go`, then waits for bestmove until the request's deadline. If the engine
  // is pondering: `ponderhit` when the request's position is the one it ponders on, else `stop` (its
  // bestmove read and dropped) before the position and `go`.
  SearchReply search(const SearchRequest& request, int interrupt_fd);
  // With ponder=on: sends the request's position (the expected reply played) and `go ponder`, and
  // returns at once; the next search() ends the ponder search. Otherwise nothing.
  void ponder(const SearchRequest& request);
  // Ends a ponder search that no search() followed (the game is over, or the match stopping): `stop`,
  // its bestmove read and dropped, so that the next game starts clean. False if the engine did not
  // answer (then it is no longer healthy). True if it was not pondering.
  bool stop_pondering();
  // After a search that ran out of time (or a missed readyok): `stop`, then isready, so that a late
  // bestmove cannot be taken for the next one. False if the engine does not answer both in time (it is
  // hung, or gone); then it is no longer healthy.
  bool recover(int interrupt_fd);
  // `quit`, a short wait, then kill; the process is reaped either way.
  void quit();

  // Called with each `info` line the engine sends while it thinks (searches, and analyses), on the
  // thread that reads; none if empty.
  void on_info(InfoCallback callback) { on_info_ = std::move(callback); }

  // Analysis, as a GUI's: the position, MultiPV (set whenever the engine offers it) and `go infinite`,
  // returning at once; a ponder search or an analysis still running is ended first. Throws EngineError
  // for `multipv` above 1 to an engine without the option (and for `multipv` below 1). False if the
  // engine is gone (it is no longer healthy).
  bool start_analysis(const std::string& fen, const std::vector<std::string>& moves, int multipv);
  // Reads the analysis's output until `deadline` or the interrupt, each info line to the callback:
  // Running, or Ended when the engine gave its bestmove unasked (a forced mate found, say), or Crashed
  // when its output closed, or Interrupted. A client is driven by one thread: another thread ends an
  // analysis on demand by making `interrupt_fd` readable, and the driving thread then calls stop_analysis.
  AnalysisState follow_analysis(ChildProcess::Clock::time_point deadline, int interrupt_fd);
  // Ends the analysis: `stop`, the info lines before the bestmove to the callback, and the bestmove
  // (consumed, so the next search starts clean). Nothing if the engine did not answer within a second
  // (then it is no longer healthy) or no analysis was started.
  std::optional<BestMove> stop_analysis();

 private:
  bool send(const std::string& line);
  ChildProcess::ReadStatus read(std::string& line, ChildProcess::Clock::time_point deadline, int interrupt_fd);
  // Reads until a line that is one of `words` or starts with one and a blank; false on timeout, end of
  // output or interruption.
  bool wait_for(const std::vector<std::string>& words, std::chrono::milliseconds timeout, int interrupt_fd);
  ChildProcess::ReadStatus read_until(const std::vector<std::string>& words, ChildProcess::Clock::time_point deadline,
                                      int interrupt_fd);
  // Reads up to a bestmove (into `best`) until `deadline`: each info line goes to the callback and, when
  // `reply` is given, its score and depth (of the first MultiPV line) into it.
  ChildProcess::ReadStatus read_to_bestmove(BestMove& best, ChildProcess::Clock::time_point deadline, int interrupt_fd,
                                            SearchReply* reply);
  // Reads the search's info lines up to its bestmove, the time counted from `start`.
  SearchReply read_reply(ChildProcess::Clock::time_point start, std::chrono::milliseconds deadline, int interrupt_fd);
  // `stop` to the ponder search and its bestmove dropped: BestMove if it answered, else how it failed.
  SearchReply::Status end_ponder();
  void read_handshake(int interrupt_fd);
  void discard_pending();

  EngineSpec spec_;
  std::string program_;
  CommLog* log_;
  std::unique_ptr<ProtocolDialect> dialect_;
  std::unique_ptr<ChildProcess> process_;
  Handshake handshake_;
  bool healthy_ = false;
  std::string log_name_;  // "name[pid]": with several games at once, which process said what
  // The position of the running ponder search (the opening and the moves since), if there is one.
  std::optional<std::pair<std::string, std::vector<std::string>>> pondering_;
  InfoCallback on_info_;
  bool analysing_ = false;
  std::optional<BestMove> analysis_end_;  // a bestmove the analysis gave unasked
};

}  // namespace jiang::match
