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

// Where a crossed pawn of c stands: on the enemy's back rank, or near the enemy palace (not on the back
// rank). Counting a pawn set against these costs no branch a pawn.
constexpr SquareSet back_rank_squares(Color c) {
  return squares_where([c](Square s) { return rank_of(s) == back_rank(~c); });
}
constexpr SquareSet palace_zone(Color c) {
  return squares_where([c](Square s) {
    return file_of(s) >= kPalaceZoneFirstFile && file_of(s) <= kPalaceZoneLastFile &&
           ranks_to_go(c, s) < kPalaceZoneRanks && rank_of(s) != back_rank(~c);
  });
}
constexpr SquareSet kBackRankSquares[kColors] = {back_rank_squares(Red), back_rank_squares(Black)};
constexpr SquareSet kPalaceZone[kColors] = {palace_zone(Red), palace_zone(Black)};
constexpr uint16_t kWholeFile = (1u << kRanks) - 1;

PhaseValue pawns(const EvalState& state, Color c) {
  const SquareSet crossed = state.attacks.placed[c][Pawn] & ~kOwnHalf[c];
  if (crossed.empty()) return {};
  const Position& pos = state.pos;
  const Weights& w = state.w;
  const int missing_defenders =
      kAllDefenders - pos.count(make_piece(~c, Advisor)) - pos.count(make_piece(~c, Elephant));
  const SquareSet old = crossed & kBackRankSquares[c];
  const SquareSet general_file = SquareSet::file_column(file_of(pos.king_square(~c)), kWholeFile);
  return w.bottom_pawn * old.count() +
         (w.pawn_near_palace + w.pawn_vs_missing_defender * missing_defenders) * (crossed & kPalaceZone[c]).count() +
         w.pawn_on_general_file * (crossed & ~old & general_file).count();
}

}  // namespace

void add_pawns(EvalState& state) {
  for (Color c : {Red, Black}) state.terms[Pawns][c] += pawns(state, c);
}

}  // namespace jiang
