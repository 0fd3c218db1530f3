// Xiangqi patterns: cannons on the enemy general's file (hollow: nothing between; central: behind two
// or more screens; the more so when advisors are missing), the bottom cannon on the enemy's back rank,
// a horse stuck on its own palace centre, and crossed pawns side by side.
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
  const int missing_advisors = 2 - pos.count(make_piece(~c, Advisor));
  for (int i = 0; i < pos.count(cannon); ++i) {
    const Square s = pos.squares(cannon)[i];
    // The bottom cannon: on the enemy's back rank with the general on it, it pins the advisors' line.
    if (rank_of(s) == back_rank(~c) && rank_of(general) == back_rank(~c)) value += w.bottom_cannon;
    if (file_of(s) != file_of(general)) continue;
    value += w.cannon_vs_missing_advisor * missing_advisors;
    const int screens =
        __builtin_popcount(pos.file_occupancy(file_of(s)) & ranks_between(rank_of(s), rank_of(general)));
    if (screens == 0) value += w.hollow_cannon;
    else if (screens >= 2) value += w.central_cannon;
  }
  return value;
}

// The horse on the palace centre (e1 for Red, e8 for Black): it blocks its own general's moves and
// makes a screen for the enemy's central cannon.
int palace_centre_horses(const Position& pos, Color c) {
  return pos.piece_on(make_square(kFiles / 2, c == Red ? 1 : kRanks - 2)) == make_piece(c, Horse);
}

// Crossed pawns side by side, each pair counted once (from its left pawn).
int linked_pawns(const Attacks& attacks, Color c) {
  const SquareSet crossed = attacks.pawns[c] & ~kOwnHalf[c];
  return ((crossed & ~kFileI).file_right() & attacks.pawns[c]).count();
}

}  // namespace

void add_patterns(EvalState& state) {
  for (Color c : {Red, Black})
    state.terms[Patterns][c] += cannon_patterns(state.pos, state.w, c) +
                                state.w.linked_pawns * linked_pawns(state.attacks, c) +
                                state.w.palace_horse * palace_centre_horses(state.pos, c);
}

}  // namespace jiang
