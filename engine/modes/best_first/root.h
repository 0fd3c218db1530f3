// The decisions taken at the root of the best-first tree: when the search may stop (one move's
// pessimistic estimate above every other's optimistic one), and which move is played (by votes, or by
// the realistic estimate when voting is off). Functions of the tree and the votes only, so that tests
// can decide them on hand-made trees.
#pragma once

#include <cstdint>
#include <span>

#include "engine/modes/best_first/tree.h"

namespace jiang::best_first {

// The root move (index among the root's children) whose pessimistic estimate at `level` exceeds every
// other root move's optimistic one, or -1. It must have been looked at (expanded, or solved): stopping
// on a first estimate alone would trust a static guess. With one root move, that move.
int separated_move(const Tree& tree, Level level);

// The move to play. A move that dominates the others (separated at the likely level) or a proven mate
// is played whatever the votes say. Otherwise, with votes cast, the move with the most votes (ties to
// the higher realistic estimate, then the higher pessimistic one); without, the most realistic move. A
// move proven lost is played only when every move is. -1 when the root has no moves in the tree.
int move_to_play(const Tree& tree, std::span<const uint32_t> votes);

}  // namespace jiang::best_first
