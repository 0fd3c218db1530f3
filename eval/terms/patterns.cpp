// Xiangqi patterns: cannons on the enemy general's file (hollow: nothing between; central: behind two
// or more screens; the more so when advisors are missing), the bottom cannon on the enemy's back rank,
// a horse stuck on its own palace centre, and crossed pawns side by side.
#include "eval/eval_state.h"

namespace jiang {
namespace {

// The screens between a cannon on the enemy general's file and the general, read off the general's
// line look-up rather than counted cannon by cannon: a cannon that is the first piece from the general
// has none, the second piece one, any further piece two or more.
PhaseValue cannon_patterns(const Position& pos, const Weights& w, Color c) {
  const Square general = pos.king_square(~c);
  const int file = file_of(general), back = back_rank(~c);
  const LineMoves& from_general = kFileMoves[rank_of(general)][pos.file_occupancy(file)];
  const Piece cannon = make_piece(c, Cannon);
  int on_back_rank = 0;
  uint16_t on_file = 0;  // the ranks of the cannons on the general's file
  for (int i = 0; i < max_pieces(Cannon) && i < pos.count(cannon); ++i) {
    const Square s = pos.squares(cannon)[i];
    on_back_rank += rank_of(s) == back;
    on_file |= uint16_t((file_of(s) == file) << rank_of(s));
  }
  const int facing = __builtin_popcount(on_file);
  const int hollow = __builtin_popcount(on_file & from_general.first_blockers);
  const int central = facing - hollow - __builtin_popcount(on_file & from_general.second_blockers);
  const int missing_advisors = 2 - pos.count(make_piece(~c, Advisor));
  // The bottom cannon: on the enemy's back rank with the general on it, it pins the advisors' line.
  const int bottom = rank_of(general) == back ? on_back_rank : 0;
  return w.bottom_cannon * bottom + w.cannon_vs_missing_advisor * (missing_advisors * facing) +
         w.hollow_cannon * hollow + w.central_cannon * central;
}

// The horse on the palace centre (e1 for Red, e8 for Black): it blocks its own general's moves and
// makes a screen for the enemy's central cannon.
int palace_centre_horses(const Position& pos, Color c) {
  return pos.piece_on(make_square(kFiles / 2, c == Red ? 1 : kRanks - 2)) == make_piece(c, Horse);
}

// Crossed pawns side by side, each pair counted once (from its left pawn).
int linked_pawns(const Attacks& attacks, Color c) {
  const SquareSet crossed = attacks.placed[c][Pawn] & ~kOwnHalf[c];
  return ((crossed & ~kFileI).file_right() & attacks.placed[c][Pawn]).count();
}

}  // namespace

void add_patterns(EvalState& state) {
  for (Color c : {Red, Black})
    state.terms[Patterns][c] += cannon_patterns(state.pos, state.w, c) +
                                state.w.linked_pawns * linked_pawns(state.attacks, c) +
                                state.w.palace_horse * palace_centre_horses(state.pos, c);
}

}  // namespace jiang
