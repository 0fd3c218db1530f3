// Pins: a rook, horse or cannon of one's own standing on a line of its general that it cannot leave,
// because an enemy rook (or the enemy general, along the file) is next behind it, or because it is one
// of the two pieces between the general and an enemy cannon. A pinned piece neither moves nor defends
// what it seems to, and it is an easy target.
#include "eval/eval_state.h"

namespace jiang {
namespace {

struct Direction {
  int file, rank;
};
constexpr Direction kDirections[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

// The first three pieces from `from` in direction d (NoSquare where the board ends first).
std::array<Square, 3> pieces_along(const Position& pos, Square from, Direction d) {
  std::array<Square, 3> found{NoSquare, NoSquare, NoSquare};
  int n = 0;
  for (int f = file_of(from) + d.file, r = rank_of(from) + d.rank; n < 3 && on_board(f, r); f += d.file, r += d.rank)
    if (pos.piece_on(make_square(f, r))) found[n++] = make_square(f, r);
  return found;
}

PhaseValue pinned_value(const Position& pos, const Weights& w, Color c, Square s) {
  const PieceType t = type_of(pos.piece_on(s));
  return color_of(pos.piece_on(s)) == c && (t == Rook || t == Horse || t == Cannon) ? w.pinned[t] : PhaseValue{};
}

PhaseValue pins(const Position& pos, const Weights& w, Color c) {
  PhaseValue value{};
  const Square general = pos.king_square(c);
  for (Direction d : kDirections) {
    const std::array<Square, 3> p = pieces_along(pos, general, d);
    if (p[1] == NoSquare) continue;
    const Piece second = pos.piece_on(p[1]);
    const bool along_file = d.file == 0;
    // Behind the first two pieces, a cannon: either screen that leaves exposes the general.
    const bool cannon_pin = p[2] != NoSquare && pos.piece_on(p[2]) == make_piece(~c, Cannon);
    // Behind the first piece, a rook (or the general along the file) that it shields the general from.
    const bool line_pin = second == make_piece(~c, Rook) || (along_file && second == make_piece(~c, King));
    if (cannon_pin || line_pin) value += pinned_value(pos, w, c, p[0]);
    if (cannon_pin) value += pinned_value(pos, w, c, p[1]);
  }
  return value;
}

}  // namespace

void add_pins(EvalState& state) {
  for (Color c : {Red, Black}) state.terms[Pins][c] += pins(state.pos, state.w, c);
}

}  // namespace jiang
