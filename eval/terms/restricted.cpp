// Restricted pieces: a horse whose every square to go to is taken by its own pieces or attacked by an
// enemy piece cheaper than a horse (it cannot go there without losing the exchange), and a cannon that
// has no screen on any line, so that it threatens nothing.
#include "eval/eval_state.h"

namespace jiang {
namespace {

// The squares the enemy of c attacks with a piece cheaper than a horse.
SquareSet cheaper_than_horse(const EvalState& state, Color c) {
  const ExchangeOrder& order = state.tables.exchange_order;
  const int horse_group = order.group_of[Horse];
  SquareSet cheap{};
  for (int g = 0; g < horse_group; ++g) cheap |= state.attacks.side[~c].by_group[g];
  return cheap;
}

PhaseValue restricted(const EvalState& state, Color c) {
  const Weights& w = state.w;
  const SideAttacks& side = state.attacks.side[c];
  PhaseValue value{};
  const SquareSet unsafe = state.attacks.occupied[c] | cheaper_than_horse(state, c);
  for (const SquareSet* set = side.begin(Horse); set != side.end(Horse); ++set) {
    const int safe = (*set & ~unsafe).count();
    if (safe == 0) value += w.trapped_horse;
    else if (safe == 1) value += w.restricted_horse;
  }
  for (const SquareSet* set = side.begin(Cannon); set != side.end(Cannon); ++set)
    if (set->empty()) value += w.screenless_cannon;
  return value;
}

}  // namespace

void add_restricted_pieces(EvalState& state) {
  for (Color c : {Red, Black}) state.terms[Restricted][c] += restricted(state, c);
}

}  // namespace jiang
