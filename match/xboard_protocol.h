// The words of the XBoard protocol (CECP v2) as a match runner speaks them to a Xiangqi engine: the
// features an engine announces, the lines it sends (moves, thinking, claims, resignation, pong), and
// the commands that set its clock and its board. Pure functions; the conversation is XboardClient's.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "match/engine_info.h"
#include "match/time_control.h"
#include "rules/referee.h"  // GameResult

namespace jiang::match {

// What an engine said about itself after `protover 2` (the protocol's defaults where it said nothing).
struct XboardFeatures {
  std::string myname;
  std::vector<std::string> variants;
  bool setboard = false;  // else the position is reached by moves from the start
  bool usermove = false;  // moves to it as "usermove h2e2"
  bool san = false;       // moves to it in SAN
  bool ping = false;
  bool time = true;       // it wants `time` and `otim`
  bool reuse = true;      // else a new process for each game
  bool nps = false;       // it can count nodes instead of time (`nps`)
  bool memory = false;    // `memory N` (MB)
  bool smp = false;       // `cores N`
  bool done = false;      // done=1: the features are complete
  bool more = false;      // done=0: it needs time; wait for done=1
  std::vector<std::string> options;  // the names of its `option` features

  bool plays_xiangqi() const;
  bool has_option(const std::string& name) const;  // case-sensitive, as the protocol sends it back
};

// Reads one `feature A=1 B="x y" ...` line into `f` and returns the answers it needs, one per feature
// (`accepted NAME`, or `rejected NAME` for a feature this runner does not know). Nothing for another line.
std::vector<std::string> read_feature_line(const std::string& line, XboardFeatures& f);

// One line of an engine, by what it means to the runner.
struct XboardLine {
  enum class Kind { Move, Resign, Claim, DrawOffer, Rejected, Pong, Thinking, Other };
  Kind kind = Kind::Other;
  std::string move;                   // Move: as the engine wrote it; Rejected: the move it refused
  std::optional<GameResult> result;   // Claim: the result claimed
  std::string comment;                // Claim: the reason in braces; Rejected: the whole line
  int pong = 0;                       // Pong: its number
  std::optional<EngineInfo> thinking; // Thinking: ply, score, time, nodes and the principal variation
};
XboardLine parse_xboard_line(const std::string& line);

// Thinking output, "ply score time nodes [more numbers] pv": the ply as the depth, the score in
// centipawns (100000 + N: mate in N moves, -100000 - N: mated in N), the time in centiseconds, then
// the principal variation (move numbers dropped). Nothing if the line does not start with four numbers.
std::optional<EngineInfo> parse_thinking(const std::string& line);

// The commands that set an engine's limits at the start of a game: `level MPS BASE INC` for a clock,
// `sd N` (and a day's clock) for a depth, `nps N` and `st 1` for a node count (engines with the nps
// feature only; the caller checks).
std::vector<std::string> limit_commands(const MoveBudget& budget);
// The clock an engine is given under a depth or node limit (`time` and `otim` in centiseconds): the
// day of limit_commands, which it must never think it is running out of.
inline constexpr int64_t kUnlimitedCentiseconds = int64_t(24) * 60 * 60 * 100;

// The FEN with XBoard's letters for the horse (H) and elephant (E), as its PGN files have it.
std::string xboard_fen(const std::string& fen);
// A FEN as XBoard sends it to Xiangqi engines with `setboard`: H and E for the horse and elephant, and no
// castling or en-passant fields ("... w 0 1"); some engines refuse the six-field form.
std::string xboard_setboard_fen(const std::string& fen);

}  // namespace jiang::match
