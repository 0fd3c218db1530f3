// Mobility (the squares rooks, horses and cannons can move to) and board control (which side owns each
// attacked square).
#include "eval/eval_state.h"

namespace jiang {
namespace {

// The squares where `a` has more attackers than `b`. The levels tell up to two; where both sides reach
// two (rare) the pieces are counted one by one.
SquareSet more_attackers(const SideAttacks& a, const SideAttacks& b) {
  const AttackLevels &x = a.levels, &y = b.levels;
  SquareSet more = (x.once & ~y.once) | (x.twice & ~y.twice);
  for (SquareSet many = x.twice & y.twice; !many.empty();) {
    const Square s = many.pop_first();
    if (a.count(s) > b.count(s)) more |= SquareSet::of(s);
  }
  return more;
}

// The squares each side owns: more attackers, or on equal numbers the cheaper attacker. Squares where
// both sides' cheapest attackers are worth the same belong to neither.
std::array<SquareSet, kColors> owned_squares(const EvalState& state) {
  const SideAttacks &red = state.attacks.side[Red], &black = state.attacks.side[Black];
  std::array<SquareSet, kColors> owned = {more_attackers(red, black), more_attackers(black, red)};
  // Equal numbers: the first exchange group (cheapest first) that attacks the square decides.
  SquareSet tied = red.any() & black.any() & ~(owned[Red] | owned[Black]);
  for (int g = 0; g < state.tables.exchange_order.groups && !tied.empty(); ++g) {
    const SquareSet by_red = red.by_group[g] & tied, by_black = black.by_group[g] & tied;
    owned[Red] |= by_red & ~by_black;
    owned[Black] |= by_black & ~by_red;
    tied &= ~(by_red | by_black);
  }
  return owned;
}

// Moves to empty squares or enemy pieces, by piece type.
std::array<int, kPieceTypes> moves(const Attacks& attacks, Color c) {
  const SideAttacks& side = attacks.side[c];
  std::array<int, kPieceTypes> n{};
  for (PieceType t : {Horse, Rook})  // they move wherever they attack
    for (const SquareSet* set = side.begin(t); set != side.end(t); ++set)
      n[t] += (*set & ~attacks.occupied[c]).count();
  n[Cannon] = side.cannon_quiet_moves;  // and it captures the second piece it meets, if an enemy
  for (const SquareSet* set = side.begin(Cannon); set != side.end(Cannon); ++set)
    n[Cannon] += (*set & attacks.occupied[~c]).count();
  return n;
}

}  // namespace

void add_mobility_and_control(EvalState& state) {
  const Weights& w = state.w;
  const std::array<SquareSet, kColors> owned = owned_squares(state);
  for (Color c : {Red, Black}) {
    const std::array<int, kPieceTypes> n = moves(state.attacks, c);
    for (PieceType t : {Horse, Rook, Cannon}) state.terms[Mobility][c] += w.mobility[t] * n[t];
    const SquareSet enemy_palace = owned[c] & kPalace[~c];
    state.terms[Control][c] += w.control_enemy_palace * enemy_palace.count() +
                               w.control_own_half * (owned[c] & kOwnHalf[c]).count() +
                               w.control_enemy_half * (owned[c] & kOwnHalf[~c] & ~enemy_palace).count();
  }
}

}  // namespace jiang
