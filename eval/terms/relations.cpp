// Piece relations: defended pieces, and the largest loss each side faces from a threatened piece (one
// attacked and undefended, or attacked by something cheaper). Whose move it is matters: the side to move
// can cash its threat, the other side's victim may still escape.
#include <algorithm>

#include "eval/eval_state.h"

namespace jiang {
namespace {

// The exchange value of the cheapest piece of colour c attacking s (which c does attack).
int cheapest_attacker(const EvalState& state, Color c, Square s) {
  int g = 0;
  while (!state.attacks.side[c].by_group[g].contains(s)) ++g;
  return state.tables.exchange_order.value[g];
}

// What c stands to lose on its most valuable threatened piece (the general is never exchanged). The
// tuner's trace replays this rule for other weights through list_threats and threat_loss below; this is
// the fast form the search uses, and tests/tuner_trace.cpp checks the two agree on every position.
int largest_loss(const EvalState& state, Color c) {
  const SquareSet pieces = state.attacks.occupied[c] & ~SquareSet::of(state.pos.king_square(c));
  const SquareSet defended = state.attacks.side[c].any();
  int largest = 0;
  for (SquareSet attacked = pieces & state.attacks.side[~c].any(); !attacked.empty();) {
    const Square s = attacked.pop_first();
    const int value = state.tables.exchange_value[type_of(state.pos.piece_on(s))];
    const int loss = defended.contains(s) ? std::max(0, value - cheapest_attacker(state, ~c, s)) : value;
    largest = std::max(largest, loss);
  }
  return largest;
}

// The types of c's pieces attacking s.
uint8_t attacker_types(const SideAttacks& side, Square s) {
  uint8_t types = 0;
  for (int t = King; t <= Pawn; ++t)
    for (const SquareSet* set = side.begin(PieceType(t)); set != side.end(PieceType(t)); ++set)
      if (set->contains(s)) types |= uint8_t(1u << t);
  return types;
}

}  // namespace

int list_threats(const EvalState& state, Color c, std::array<Threat, kMaxThreats>& out) {
  const SquareSet pieces = state.attacks.occupied[c] & ~SquareSet::of(state.pos.king_square(c));
  const SquareSet defended = state.attacks.side[c].any();
  int n = 0;
  for (SquareSet attacked = pieces & state.attacks.side[~c].any(); !attacked.empty();) {
    const Square s = attacked.pop_first();
    out[n++] = {type_of(state.pos.piece_on(s)), defended.contains(s), attacker_types(state.attacks.side[~c], s)};
  }
  return n;
}

int threat_loss(const Threat& threat, const std::array<int, kPieceTypes>& exchange_value) {
  const int value = exchange_value[threat.victim];
  if (!threat.defended) return value;
  int cheapest = kGeneralExchangeValue;  // the cheaper attacker, as largest_loss finds it by group
  for (int t = King; t <= Pawn; ++t)
    if (threat.attacker_types & (1u << t)) cheapest = std::min(cheapest, exchange_value[t]);
  return std::max(0, value - cheapest);
}

void add_relations(EvalState& state) {
  const Weights& w = state.w;
  for (Color c : {Red, Black}) {
    const SquareSet pieces = state.attacks.occupied[c] & ~SquareSet::of(state.pos.king_square(c));
    state.terms[Relations][c] += w.defended * (pieces & state.attacks.side[c].any()).count();
  }
  const Color stm = state.stm;
  const int to_move_gain = w.threat_to_move_pct * largest_loss(state, ~stm) / 100;
  const int waiting_gain = w.threat_waiting_pct * largest_loss(state, stm) / 100;
  state.terms[Relations][stm] += PhaseValue{to_move_gain, to_move_gain};
  state.terms[Relations][~stm] += PhaseValue{waiting_gain, waiting_gain};
}

}  // namespace jiang
