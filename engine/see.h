// Static exchange evaluation: the material a capture sequence on one square wins or loses when both
// sides always recapture with their least valuable piece and may stop when continuing would lose.
//
// Xiangqi's line pieces make the exchange subtle: every capture empties the capturer's square, which can
// open a rook's line, give a cannon behind it a screen or take one away. The attackers are found anew
// from the occupancy after each capture, with the same line tables the move generator uses, so rooks
// and cannons lined up behind each other join in at the right moment. Pins are not considered.
#pragma once

#include <array>

#include "eval/score.h"
#include "movegen/position.h"

namespace jiang {

// Exchange values: the evaluation's middlegame material, rounded, fixed so that ordering and pruning do
// not move with tuned weights. The general takes part but can never be taken.
inline constexpr std::array<Score, kPieceTypes> kSeeValue = {0, 10000, 200, 200, 400, 900, 450, 100};

// The material balance of the capture sequence that move m (pseudo-legal, a capture or not) starts, from
// the mover's point of view.
Score see(const Position& pos, Move m);
// Whether see(pos, m) >= threshold, decided without playing out more of the exchange than it takes.
bool see_ge(const Position& pos, Move m, Score threshold);

}  // namespace jiang
