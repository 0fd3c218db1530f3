// One engine as a game sees it, whatever its protocol: its process, started and ended, its health, and
// the requests of a game (prepare it, ask for a move with a deadline, let it ponder, bring it back after
// a failure, tell it the result). EngineClient speaks UCCI and UCI, XboardClient the XBoard protocol;
// make_engine_client picks by the spec. Every wait also ends when the match is stopped (the interrupt fd).
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
#include "match/engine_info.h"
#include "match/engine_spec.h"
#include "match/process.h"
#include "rules/referee.h"  // GameResult

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
  std::chrono::milliseconds deadline;  // how long to wait for the move
};

// A result an engine claimed (XBoard `1-0 {...}`, `0-1`, `1/2-1/2`): the referee judges it, never the claimant.
struct Claim {
  GameResult result = GameResult::Draw;
  std::string comment;
};

struct SearchReply {
  // Unstopped: pondering on a move that was not played, the engine did not answer `stop` (a hang).
  enum class Status { BestMove, Timeout, Crashed, Interrupted, Unstopped };
  Status status = Status::Crashed;
  BestMove best;                       // with Status::BestMove (no move with a claim or a rejection)
  std::optional<EngineScore> score;    // the last score the engine reported for this move
  int depth = 0;
  std::optional<Claim> claim;          // a claim with the move, or instead of it
  std::string rejected;                // XBoard: the opponent's move the engine called illegal ("Illegal move")
  bool offered_draw = false;           // XBoard: `offer draw` with the move (a claim where the rules allow one)
  // From `go` (or the move sent, or `ponderhit`, or the `stop` of a ponder search that missed) to the answer.
  std::chrono::milliseconds used{0};
};

class EngineClientBase {
 public:
  using InfoCallback = std::function<void(const EngineInfo&)>;

  // `program` is the spec's program as resolve_program found it. `log` may be null.
  EngineClientBase(EngineSpec spec, std::string program, CommLog* log);
  virtual ~EngineClientBase();  // ends the process
  EngineClientBase(const EngineClientBase&) = delete;
  EngineClientBase& operator=(const EngineClientBase&) = delete;

  const std::string& name() const { return spec_.name; }
  const EngineSpec& spec() const { return spec_; }
  // Whether the process is running and answered its last request.
  bool healthy() const { return process_ && healthy_; }
  // Whether the process is still there (hung, perhaps, but not crashed).
  bool running() { return process_ && !process_->exited(); }
  // Called with each line of thinking the engine sends, on the thread that reads; none if empty.
  void on_info(InfoCallback callback) { on_info_ = std::move(callback); }

  // Starts (or restarts) the process, speaks the handshake, sets the options and waits until the engine
  // is ready. Throws EngineError: no handshake, an option the engine does not offer, no answer in time.
  virtual void start(int interrupt_fd) = 0;
  // Prepares a new game. False if the engine did not answer in time (a hang) or is gone; then it is no
  // longer healthy.
  virtual bool new_game(int interrupt_fd) = 0;
  // Whether the engine can be given a game from this position (an XBoard engine without setboard starts
  // only from the initial position).
  virtual bool can_start_from(const std::string& fen) const;
  // Asks for a move in the request's position and waits until the request's deadline.
  virtual SearchReply search(const SearchRequest& request, int interrupt_fd) = 0;
  // Lets the engine think on its opponent's time (see EngineClient); by default nothing.
  virtual void ponder(const SearchRequest& request);
  // Ends thinking that no search() followed; false if the engine did not answer (then it is unhealthy).
  virtual bool stop_pondering();
  // The game is over: ends any pondering and tells the engine the result where its protocol has words for it.
  virtual void end_game(GameResult result, const std::string& reason);
  // After a search that ran out of time (or a missed answer): stops the engine and makes sure that a late
  // move cannot be taken for the next one. False if it does not answer in time; then it is unhealthy.
  virtual bool recover(int interrupt_fd) = 0;
  // `quit`, a short wait, then kill; the process is reaped either way.
  void quit();

 protected:
  // A new process for the spec; the client is healthy until a request fails.
  void launch();
  bool send(const std::string& line);
  ChildProcess::ReadStatus read(std::string& line, ChildProcess::Clock::time_point deadline, int interrupt_fd);
  // Reads until a line that is one of `words` or starts with one and a blank.
  ChildProcess::ReadStatus read_until(const std::vector<std::string>& words, ChildProcess::Clock::time_point deadline,
                                      int interrupt_fd);
  bool wait_for(const std::vector<std::string>& words, std::chrono::milliseconds timeout, int interrupt_fd);
  // Drops whatever the engine has sent and not been read.
  void discard_pending();
  void notify_info(const EngineInfo& info) {
    if (on_info_) on_info_(info);
  }
  // What a client keeps about a game or a search, forgotten when its process ends.
  virtual void forget_state() {}

  EngineSpec spec_;
  std::string program_;
  CommLog* log_;
  std::unique_ptr<ChildProcess> process_;
  bool healthy_ = false;

 private:
  void end_process();

  std::string log_name_;  // "name[pid]": with several games at once, which process said what
  InfoCallback on_info_;
};

// The client for the spec's protocol.
std::unique_ptr<EngineClientBase> make_engine_client(EngineSpec spec, std::string program, CommLog* log);

// Timeouts both protocols share.
namespace timeouts {
using namespace std::chrono_literals;
// Starting an engine: loading tables or networks and allocating a large hash can take seconds, on a
// machine that may be starting several engines at once.
inline constexpr auto kStartup = 10s;
// "A few seconds" for isready or ping between games: an engine that is alive answers within milliseconds.
inline constexpr auto kReady = 5s;
// After `stop` (or XBoard's `force`), a searching engine answers at once; this leaves room for a loaded machine.
inline constexpr auto kStopGrace = 1s;
}  // namespace timeouts

}  // namespace jiang::match
