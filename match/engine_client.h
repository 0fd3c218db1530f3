// A UCCI or UCI engine as the runner sees it. It speaks the handshake, gives the engine its options,
// prepares each game, asks for moves with a deadline (and lets it ponder, as a GUI does, with
// ponder=on), and tells a crash or a hang from an answer. For a GUI it also analyses (`go infinite`
// until `stop`) and passes every `info` line on.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "match/engine_client_base.h"

namespace jiang::match {

class EngineClient final : public EngineClientBase {
 public:
  enum class AnalysisState { Running, Ended, Crashed, Interrupted };

  using EngineClientBase::EngineClientBase;
  ~EngineClient() override = default;

  const Handshake& handshake() const { return handshake_; }

  // The handshake (ucci / uci), the options (Ponder first with ponder=on), then isready.
  void start(int interrupt_fd) override;
  // The new-game commands and isready.
  bool new_game(int interrupt_fd) override;
  // Sends the position and `go`, then waits for bestmove until the request's deadline. If the engine
  // is pondering: `ponderhit` when the request's position is the one it ponders on, else `stop` (its
  // bestmove read and dropped) before the position and `go`. An analysis still running is stopped first.
  SearchReply search(const SearchRequest& request, int interrupt_fd) override;
  // With ponder=on: sends the request's position (the expected reply played) and `go ponder`, and
  // returns at once; the next search() ends the ponder search. Otherwise nothing.
  void ponder(const SearchRequest& request) override;
  // Ends a ponder search that no search() followed (the game is over, or the match stopping): `stop`,
  // its bestmove read and dropped, so that the next game starts clean. True if it was not pondering.
  bool stop_pondering() override;
  // `stop`, then isready, so that a late bestmove cannot be taken for the next search.
  bool recover(int interrupt_fd) override;

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
  void forget_state() override;
  // Reads up to a bestmove (into `best`) until `deadline`: each info line goes to the callback and, when
  // `reply` is given, its score and depth (of the first MultiPV line) into it.
  ChildProcess::ReadStatus read_to_bestmove(BestMove& best, ChildProcess::Clock::time_point deadline, int interrupt_fd,
                                            SearchReply* reply);
  // Reads the search's info lines up to its bestmove, the time counted from `start`.
  SearchReply read_reply(ChildProcess::Clock::time_point start, std::chrono::milliseconds deadline, int interrupt_fd);
  // `stop` to the ponder search and its bestmove dropped: BestMove if it answered, else how it failed.
  SearchReply::Status end_ponder();
  void read_handshake(int interrupt_fd);

  std::unique_ptr<ProtocolDialect> dialect_;
  Handshake handshake_;
  // The position of the running ponder search (the opening and the moves since), if there is one.
  std::optional<std::pair<std::string, std::vector<std::string>>> pondering_;
  bool analysing_ = false;
  std::optional<BestMove> analysis_end_;  // a bestmove the analysis gave unasked
};

}  // namespace jiang::match
