// Material (the fixed value of each piece) and position (its piece-square value, summed by the walk
// over the pieces that builds the attack maps).
#include "eval/eval_state.h"

namespace jiang {

void add_material_and_position(EvalState& state) {
  const Position& pos = state.pos;
  for (Color c : {Red, Black}) {
    PhaseValue material;
    for (int t = King; t <= Pawn; ++t) material += state.w.material[t] * pos.count(make_piece(c, PieceType(t)));
    state.terms[Material][c] += material;
    state.terms[Placement][c] += state.attacks.placement[c];
  }
}

}  // namespace jiang
