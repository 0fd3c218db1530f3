// Xiangqi patterns: cannons on the enemy general's file (hollow: nothing between; central: behind two
// or more screens), and crossed pawns side by side.
#include <algorithm>

#include "eval/eval_state.h"

namespace jiang {
namespace {

// The squares strictly between two squares of the same file, as a file occupancy mask.
constexpr uint16_t ranks_between(int a, int b) {
  const int lo = std::min(a, b), hi = std::max(a, b);
  return uint16_t(((1u << hi) - 1) & ~((2u << lo) - 1));
}

PhaseValue cannon_patterns(const Position& pos, const Weights& w, Color c) {
  PhaseValue value{};
  const Square general = pos.king_square(~c);
  const Piece cannon = make_piece(c, Cannon);
  for (int i = 0; i < pos.count(cannon); ++i) {
    const Square s = pos.squares(cannon)[i];
    if (file_of(s) != file_of(general)) continue;
    const int screens =
        __builtin_popcount(pos.file_occupancy(file_of(s)) & ranks_between(rank_of(s), rank_of(general)));
    if (screens == 0) value += w.hollow_cannon;
    else if (screens >= 2) value += w.central_cannon;
  }
  return value;
}

// Crossed pawns side by side, each pair counted once (from its left pawn).
int linked_pawns(const Attacks& attacks, Color c) {
  const SquareSet crossed = attacks.pawns[c] & ~kOwnHalf[c];
  return ((crossed & ~kFileI).file_right() & attacks.pawns[c]).count();
}

}  // namespace

void add_patterns(EvalState& state) {
  for (Color c : {Red, Black})
    state.terms[Patterns][c] +=
        cannon_patterns(state.pos, state.w, c) + state.w.linked_pawns * linked_pawns(state.attacks, c);
}

}  // namespace jiang
