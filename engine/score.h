// Search scores: centipawns, with mate scores that count the distance to mate in plies.
#pragma once

#include "eval/score.h"

namespace jiang {

inline constexpr int kMaxPly = 128;  // deepest line searched, extensions included
inline constexpr Score kInfinite = 32000;
inline constexpr Score kMate = 30000;  // mated at the root; mate in n plies scores kMate - n
inline constexpr Score kMateBound = kMate - kMaxPly;  // beyond this magnitude a score is a mate
inline constexpr Score kDraw = 0;
// What a win by a contested repetition ruling (rules' contested(), a chase) is worth to the side to
// move at the root (engine/rule_score.h): about two and a half pawns. More than a draw, since jiang's
// own referee and the stricter GUIs give the win; less than a clear material advantage, since a
// lenient referee gives a draw (issue 26).
inline constexpr Score kContestedRuleWin = 300;

constexpr Score mated_in(int ply) { return -kMate + ply; }
constexpr Score mate_in(int ply) { return kMate - ply; }
constexpr bool is_mate_score(Score s) { return s >= kMateBound || s <= -kMateBound; }
// Moves (not plies) to mate, positive when the side to move mates, negative when it is mated.
constexpr int mate_moves(Score s) { return s > 0 ? (kMate - s + 1) / 2 : -(kMate + s) / 2; }

}  // namespace jiang
