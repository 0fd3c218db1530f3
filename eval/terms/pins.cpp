// Pins: a rook, horse or cannon of one's own standing on a line of its general that it cannot leave,
// because an enemy rook (or the enemy general, along the file) is next behind it, or because it is one
// of the two pieces between the general and an enemy cannon. A pinned piece neither moves nor defends
// what it seems to, and it is an easy target.
#include "eval/eval_state.h"

namespace jiang {
namespace {

// The first three pieces from the general along one half-line (NoSquare where the board ends first),
// nearest first, read off the line's occupancy bits: `occupancy` has the general at bit `from`, and
// `square` turns a bit index on the line into a square. Walking the squares one by one cost a twentieth
// of the search.
template <class ToSquare>
std::array<Square, 3> pieces_along(uint16_t occupancy, int from, bool upwards, ToSquare square) {
  std::array<Square, 3> found{NoSquare, NoSquare, NoSquare};
  uint32_t rest = upwards ? occupancy & ~((2u << from) - 1) : occupancy & ((1u << from) - 1);
  for (int n = 0; n < 3 && rest; ++n) {
    const int bit = upwards ? __builtin_ctz(rest) : 31 - __builtin_clz(rest);
    rest &= ~(1u << bit);
    found[n] = square(bit);
  }
  return found;
}

PhaseValue pinned_value(const Position& pos, const Weights& w, Color c, Square s) {
  const PieceType t = type_of(pos.piece_on(s));
  return color_of(pos.piece_on(s)) == c && (t == Rook || t == Horse || t == Cannon) ? w.pinned[t] : PhaseValue{};
}

// The pins along one half-line from c's general.
PhaseValue pins_along(const Position& pos, const Weights& w, Color c, const std::array<Square, 3>& p, bool along_file) {
  if (p[1] == NoSquare) return {};
  const Piece second = pos.piece_on(p[1]);
  // Behind the first two pieces, a cannon: either screen that leaves exposes the general.
  const bool cannon_pin = p[2] != NoSquare && pos.piece_on(p[2]) == make_piece(~c, Cannon);
  // Behind the first piece, a rook (or the general along the file) that it shields the general from.
  const bool line_pin = second == make_piece(~c, Rook) || (along_file && second == make_piece(~c, King));
  PhaseValue value{};
  if (cannon_pin || line_pin) value += pinned_value(pos, w, c, p[0]);
  if (cannon_pin) value += pinned_value(pos, w, c, p[1]);
  return value;
}

// Whether one of the half-lines from the general at `from` holds both a piece of `ours` and one of
// `pinners` (occupancy vector bits of one line).
constexpr bool meet_on_a_half_line(uint16_t ours, uint16_t pinners, int from) {
  const uint16_t above = uint16_t(~((2u << from) - 1)), below = uint16_t((1u << from) - 1);
  return (bool(ours & above) & bool(pinners & above)) | (bool(ours & below) & bool(pinners & below));
}

// Whether a pin along c's general's lines is possible at all: on one half-line, a rook, horse or cannon
// of c among the first two pieces, and an enemy rook or cannon further on, or the enemy general second
// on the file. About one side in seventeen passes (jiang bench --eval), and a pin is rarer still.
bool pin_possible(const EvalState& state, Color c, Square general) {
  const Position& pos = state.pos;
  const Attacks& attacks = state.attacks;
  const int f = file_of(general), r = rank_of(general);
  const LineMoves& along_rank = kRankMoves[f][pos.rank_occupancy(r)];
  const LineMoves& along_file = kFileMoves[r][pos.file_occupancy(f)];
  const SquareSet ours = attacks.placed[c][Rook] | attacks.placed[c][Horse] | attacks.placed[c][Cannon];
  const SquareSet pinners = attacks.placed[~c][Rook] | attacks.placed[~c][Cannon];
  const Square enemy_general = pos.king_square(~c);
  const uint16_t general_second =
      uint16_t((file_of(enemy_general) == f) << rank_of(enemy_general)) & along_file.second_blockers;
  const uint16_t near_on_rank = along_rank.first_blockers | along_rank.second_blockers;
  const uint16_t near_on_file = along_file.first_blockers | along_file.second_blockers;
  const bool on_rank = meet_on_a_half_line(ours.rank_bits(r) & near_on_rank, pinners.rank_bits(r), f);
  const bool on_file = meet_on_a_half_line(ours.file_bits(f) & near_on_file, pinners.file_bits(f) | general_second, r);
  return on_rank | on_file;
}

PhaseValue pins(const EvalState& state, Color c) {
  const Position& pos = state.pos;
  const Weights& w = state.w;
  const Square general = pos.king_square(c);
  if (!pin_possible(state, c, general)) return {};
  const int f = file_of(general), r = rank_of(general);
  const auto on_rank = [r](int file) { return make_square(file, r); };
  const auto on_file = [f](int rank) { return make_square(f, rank); };
  const uint16_t rank_occ = pos.rank_occupancy(r), file_occ = pos.file_occupancy(f);
  return pins_along(pos, w, c, pieces_along(rank_occ, f, true, on_rank), false) +
         pins_along(pos, w, c, pieces_along(rank_occ, f, false, on_rank), false) +
         pins_along(pos, w, c, pieces_along(file_occ, r, true, on_file), true) +
         pins_along(pos, w, c, pieces_along(file_occ, r, false, on_file), true);
}

}  // namespace

void add_pins(EvalState& state) {
  for (Color c : {Red, Black}) state.terms[Pins][c] += pins(state, c);
}

}  // namespace jiang
