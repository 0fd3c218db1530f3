// An engine as the page uses it: asked for a move in a game, or to analyse a position until stopped,
// reporting its lines as it goes. jiang itself runs in-process (InProcessBackend); other engines run
// as programs through the match runner's EngineClient (external_backend.h).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "movegen/types.h"

namespace jiang::gui {

// One line of an engine's thinking, as it reported it: the score from the side to move's view.
struct EngineLine {
  int multipv = 1;
  int depth = 0;
  int seldepth = 0;
  std::optional<int> score_cp;  // centipawns, or
  std::optional<int> mate;      // moves to mate (negative: being mated)
  std::optional<std::array<int, 3>> wdl;  // per mille, if the engine gives it
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  int hashfull = -1;            // per mille of the hash table in use; -1: not reported
  std::vector<std::string> pv;  // ICCS
};
using LineCallback = std::function<void(const EngineLine&)>;

// What a search for a move is given: the game so far and the clocks (or a node or time budget).
struct PlayRequest {
  std::string fen;
  std::vector<std::string> moves;  // ICCS, from fen
  Color to_move = Red;             // after them
  std::array<int64_t, 2> time_ms{-1, -1};  // each side's clock; -1: no clock
  std::array<int64_t, 2> increment_ms{0, 0};
  int64_t movetime_ms = 0;  // without clocks: the time for this move
  uint64_t nodes = 0;       // or a node budget (the evaluation graph's quick look)
  double skill_level = 20;  // 0..20, 20 full strength (jiang's Skill Level; UCI_Elo maps onto it)
};

class EngineBackend {
 public:
  virtual ~EngineBackend() = default;
  // Blocks until the search ends by its limits or stop(). The best move in ICCS, or empty if the engine
  // gave none (no legal move, or stopped before it had one).
  virtual std::string play(const PlayRequest& request, const LineCallback& on_line) = 0;
  // Blocks until stop(): analysis of the position with `multipv` lines.
  virtual void analyse(const std::string& fen, const std::vector<std::string>& moves, int multipv,
                       const LineCallback& on_line) = 0;
  // From any thread: the running play() or analyse(), or the next one to start, ends soon.
  virtual void stop() = 0;
  // Clears stop(): the driver calls it as it starts a new job.
  virtual void rearm() = 0;
  virtual bool stopped() const = 0;
};

}  // namespace jiang::gui
