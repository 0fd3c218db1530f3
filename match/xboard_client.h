// An engine that speaks the XBoard protocol (CECP v2), as XBoard itself drives one in a Xiangqi game:
// `xboard` and `protover 2`, its features answered, `new` and `variant xiangqi`, the limits (`level`,
// `sd`, or `nps` with `st`), `post`, `easy` or `hard` (ponder=on: the engine ponders by itself),
// `force` and `setboard` (or the moves from the start for an engine without setboard), `time` and
// `otim` before each move, `go` for its first move and then each opponent's move (as `usermove` when it
// asks for that, in SAN when it asks for that), `ping`/`pong` to know that it has caught up, and
// `result` at the end. Its answers: `move`, thinking output (read into the PGN comments and the info
// callback), `resign`, result claims (judged by the referee, never by the claimant), and "Illegal move"
// when it refuses one of the opponent's.
#pragma once

#include <string>
#include <vector>

#include "match/engine_client_base.h"
#include "match/xboard_protocol.h"
#include "movegen/position.h"

namespace jiang::match {

class XboardClient final : public EngineClientBase {
 public:
  using EngineClientBase::EngineClientBase;
  ~XboardClient() override = default;

  const XboardFeatures& features() const { return features_; }

  // `xboard`, `protover 2`, the features (until done=1; two seconds for an engine that never says
  // done), the options (`option NAME=VALUE`; `memory` and `cores` for the features of those names),
  // then ping. Throws EngineError: no xiangqi among its variants, an option it lacks, a node limit for an
  // engine without the nps feature.
  void start(int interrupt_fd) override;
  // `force` and ping (a new process for an engine with reuse=0).
  bool new_game(int interrupt_fd) override;
  bool can_start_from(const std::string& fen) const override;
  // The opponent's move after `time` and `otim` when the engine is playing the game so far; otherwise
  // the game set up from the start (new, variant, limits, force, setboard, the moves) and `go`.
  SearchReply search(const SearchRequest& request, int interrupt_fd) override;
  // `result R {reason}`.
  void end_game(GameResult result, const std::string& reason) override;
  // `force` (it stops thinking), then ping, so that a late move is read and dropped.
  bool recover(int interrupt_fd) override;

 private:
  void forget_state() override;
  void read_features(int interrupt_fd);
  void send_options();
  // `ping N` and its pong, the lines before it dropped; true at once for an engine without ping.
  bool synchronise(std::chrono::milliseconds timeout, int interrupt_fd);
  // Sets the engine's game up from scratch for the request, up to (not including) `go`.
  bool set_up(const SearchRequest& request);
  bool send_move(const std::string& move);
  // `time` and `otim`: the clocks, or a day's under a depth or node limit.
  bool send_clocks(const SearchRequest& request);
  // Reads the answer to a move request, the time counted from `start`.
  SearchReply read_reply(ChildProcess::Clock::time_point start, std::chrono::milliseconds deadline, int interrupt_fd);
  // A move as the engine wrote it (coordinates or SAN) in ICCS coordinates, or as written if neither.
  std::string to_coordinates(const std::string& move) const;

  XboardFeatures features_;
  int ping_ = 0;
  // The game the engine has: its start, the moves since (ICCS), and whether it is playing (not in force
  // mode) the side that moves after them.
  bool set_up_ = false;
  bool playing_ = false;
  std::string fen_;
  std::vector<std::string> moves_;
  Position board_;
  std::vector<std::string> sent_;  // the moves sent for this request, as written to the engine
};

}  // namespace jiang::match
