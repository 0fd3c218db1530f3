// Material (the fixed value of each piece) and position (its piece-square value).
#include "eval/eval_state.h"

namespace jiang {

void add_material_and_position(EvalState& state) {
  const Position& pos = state.pos;
  for (Color c : {Red, Black})
    for (int t = King; t <= Pawn; ++t) {
      const Piece p = make_piece(c, PieceType(t));
      const auto& values = state.tables.piece_square[p];
      state.terms[Material][c] += state.w.material[t] * pos.count(p);
      for (int i = 0; i < pos.count(p); ++i) state.terms[Placement][c] += values[pos.squares(p)[i]];
    }
}

}  // namespace jiang
