// Pawns across the river: near the enemy palace they are worth more the fewer advisors and elephants
// are left to stop them; on the enemy general's file they support checks; on the enemy's back rank
// (an "old pawn") they can only move sideways and are worth little.
#include "eval/eval_state.h"

namespace jiang {
namespace {

// The files a pawn must stand on to reach the palace: the palace's three and one either side.
constexpr int kPalaceZoneFirstFile = 2, kPalaceZoneLastFile = 6;
// Ranks counted from the enemy's back rank: the palace's three and the one in front of it.
constexpr int kPalaceZoneRanks = 4;

// Ranks still to go to the enemy's back rank.
constexpr int ranks_to_go(Color c, Square s) {
  return c == Red ? kRanks - 1 - rank_of(s) : rank_of(s);
}

constexpr int kAllDefenders = 4;  // two advisors and two elephants

PhaseValue pawns(const EvalState& state, Color c) {
  const Position& pos = state.pos;
  const Weights& w = state.w;
  const Piece pawn = make_piece(c, Pawn);
  const int missing_defenders =
      kAllDefenders - pos.count(make_piece(~c, Advisor)) - pos.count(make_piece(~c, Elephant));
  const int general_file = file_of(pos.king_square(~c));
  PhaseValue value{};
  for (int i = 0; i < pos.count(pawn); ++i) {
    const Square s = pos.squares(pawn)[i];
    if (on_own_half(c, s)) continue;
    if (rank_of(s) == back_rank(~c)) {
      value += w.bottom_pawn;
      continue;
    }
    const bool in_zone = file_of(s) >= kPalaceZoneFirstFile && file_of(s) <= kPalaceZoneLastFile &&
                         ranks_to_go(c, s) < kPalaceZoneRanks;
    if (in_zone) value += w.pawn_near_palace + w.pawn_vs_missing_defender * missing_defenders;
    if (file_of(s) == general_file) value += w.pawn_on_general_file;
  }
  return value;
}

}  // namespace

void add_pawns(EvalState& state) {
  for (Color c : {Red, Black}) state.terms[Pawns][c] += pawns(state, c);
}

}  // namespace jiang
