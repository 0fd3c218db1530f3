// Material (the fixed value of each piece) and position (its piece-square value).
#include "eval/eval_state.h"

namespace jiang {
namespace {

// The position values of c's pieces of one type. The loop runs to the most pieces of the type there
// can be, a constant, so that the compiler unrolls it.
template <PieceType Type>
PhaseValue placement(const EvalState& state, Color c) {
  const Piece p = make_piece(c, Type);
  const int n = state.pos.count(p);
  const Square* squares = state.pos.squares(p);
  const auto& values = state.tables.piece_square[p];
  PhaseValue sum;
  for (int i = 0; i < max_pieces(Type); ++i)
    if (i < n) sum += values[squares[i]];
  return sum;
}

}  // namespace

void add_material_and_position(EvalState& state) {
  const Position& pos = state.pos;
  const Weights& w = state.w;
  for (Color c : {Red, Black}) {
    PhaseValue material;
    for (int t = King; t <= Pawn; ++t) material += w.material[t] * pos.count(make_piece(c, PieceType(t)));
    state.terms[Material][c] += material;
    state.terms[Placement][c] += placement<King>(state, c) + placement<Advisor>(state, c) +
                                 placement<Elephant>(state, c) + placement<Horse>(state, c) +
                                 placement<Rook>(state, c) + placement<Cannon>(state, c) + placement<Pawn>(state, c);
  }
}

}  // namespace jiang
