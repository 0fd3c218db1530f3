// Mobility (the squares rooks, horses and cannons can move to) and board control (which side owns each
// attacked square).
#include "eval/eval_state.h"

namespace jiang {
namespace {

// The squares where each side has more attackers than the other. The levels tell up to two; where both
// sides reach two (rare) the pieces are counted one by one, for both sides in one pass.
std::array<SquareSet, kColors> more_attackers(const SideAttacks& red, const SideAttacks& black) {
  const AttackLevels &r = red.levels, &b = black.levels;
  std::array<SquareSet, kColors> more = {(r.once & ~b.once) | (r.twice & ~b.twice),
                                         (b.once & ~r.once) | (b.twice & ~r.twice)};
  for (SquareSet many = r.twice & b.twice; !many.empty();) {
    const Square s = many.pop_first();
    const int by_red = red.count(s), by_black = black.count(s);
    if (by_red != by_black) more[by_red > by_black ? Red : Black] |= SquareSet::of(s);
  }
  return more;
}

// The squares each side owns: more attackers, or on equal numbers the cheaper attacker. Squares where
// both sides' cheapest attackers are worth the same belong to neither.
std::array<SquareSet, kColors> owned_squares(const EvalState& state) {
  const SideAttacks &red = state.attacks.side[Red], &black = state.attacks.side[Black];
  std::array<SquareSet, kColors> owned = more_attackers(red, black);
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

// The moves of c's pieces of type t to `targets`, summed over the pieces.
int moves_to(const SideAttacks& side, PieceType t, SquareSet targets) {
  int n = 0;
  for (const SquareSet* set = side.begin(t); set != side.end(t); ++set) n += (*set & targets).count();
  return n;
}

// Moves to empty squares or enemy pieces, weighed by piece type. Horses and rooks move wherever they
// attack; a cannon moves to its quiet squares and captures the second piece it meets, if an enemy.
PhaseValue mobility(const EvalState& state, Color c) {
  const Attacks& attacks = state.attacks;
  const SideAttacks& side = attacks.side[c];
  const SquareSet not_own = ~attacks.occupied[c];
  return state.w.mobility[Horse] * moves_to(side, Horse, not_own) +
         state.w.mobility[Rook] * moves_to(side, Rook, not_own) +
         state.w.mobility[Cannon] * (side.cannon_quiet_moves + moves_to(side, Cannon, attacks.occupied[~c]));
}

}  // namespace

void add_mobility_and_control(EvalState& state) {
  const Weights& w = state.w;
  const std::array<SquareSet, kColors> owned = owned_squares(state);
  for (Color c : {Red, Black}) {
    state.terms[Mobility][c] += mobility(state, c);
    const SquareSet enemy_palace = owned[c] & kPalace[~c];
    state.terms[Control][c] += w.control_enemy_palace * enemy_palace.count() +
                               w.control_own_half * (owned[c] & kOwnHalf[c]).count() +
                               w.control_enemy_half * (owned[c] & kOwnHalf[~c] & ~enemy_palace).count();
  }
}

}  // namespace jiang
