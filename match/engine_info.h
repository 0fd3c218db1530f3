// What an engine says while it thinks: the `info` lines of UCCI and UCI, read whole for a GUI's
// analysis (depth, score, nodes, speed, principal variation, MultiPV line, hash use, win/draw/loss)
// and in part for the match runner (the score and depth of each move).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace jiang::match {

// A score from the side to move's point of view.
struct EngineScore {
  bool mate = false;
  int value = 0;  // centipawns, or moves to mate (negative: being mated)
  // As a number for adjudication thresholds: a mate is beyond every centipawn score.
  int centipawns() const;
};

// Win, draw and loss chances in permille, as UCI's `wdl W D L` (UCI_ShowWDL) gives them.
struct WinDrawLoss {
  int win = 0, draw = 0, loss = 0;
};

// One `info` line. Fields the line does not give are left empty (or 0 for depth and multipv).
struct EngineInfo {
  enum class Bound { Exact, Lower, Upper };  // UCI's lowerbound / upperbound after the score
  int depth = 0;
  int seldepth = 0;
  int multipv = 0;  // the line's rank under MultiPV, 1 best; 0 if not given
  std::optional<EngineScore> score;
  Bound bound = Bound::Exact;
  std::optional<uint64_t> nodes, nps;
  std::optional<int64_t> time_ms;
  std::optional<int> hashfull;  // permille
  std::optional<WinDrawLoss> wdl;
  std::vector<std::string> pv;  // the moves as the engine wrote them
};

// The fields of an `info` line (UCCI's `score 35` or UCI's `score cp 35` / `score mate -3`), or nothing
// for another line, `info string`, or a line whose known field has a malformed value. Unknown words
// (currmove, tbhits, ...) are skipped.
std::optional<EngineInfo> parse_info(const std::string& line);

}  // namespace jiang::match
