// The orchestration: build the shared state (attack maps included), let each term add its credit, then
// blend middlegame and endgame by phase and scale down material that cannot mate.
#include "eval/evaluate.h"

#include "eval/eval_state.h"

namespace jiang {

const char* term_name(EvalTerm term) {
  static constexpr const char* kNames[kEvalTerms] = {"material", "position", "mobility", "control",
                                                     "relations", "safety",   "danger",   "patterns",
                                                     "pins",      "restricted", "pawns",    "tempo"};
  return kNames[term];
}

Evaluator::Evaluator(const Params& params) : params_(params), tables_(params_.weights()) {}

Breakdown Evaluator::breakdown(const Position& pos) const {
  Breakdown b;
  evaluate_traced(pos, &b);
  return b;
}

Score Evaluator::evaluate_traced(const Position& pos, Breakdown* trace) const {
  EvalState state(pos, params_.weights(), tables_);
  return evaluate_state(state, trace);
}

Score Evaluator::evaluate_state(EvalState& state, Breakdown* trace) const {
  const Weights& w = state.w;
  const Position& pos = state.pos;
  add_material_and_position(state);
  add_mobility_and_control(state);
  add_relations(state);
  add_general_safety(state);
  add_general_danger(state);
  add_patterns(state);
  add_pins(state);
  add_restricted_pieces(state);
  add_pawns(state);
  state.terms[Tempo][state.stm] += PhaseValue{w.tempo, w.tempo};

  PhaseValue total{};
  for (const auto& term : state.terms) total += term[Red] - term[Black];
  const int phase = game_phase(pos);
  const int blended = (total.mg * phase + total.eg * (kMaxPhase - phase)) / kMaxPhase;
  const int scale = draw_scale(pos, blended > 0 ? Red : Black);
  const Score red = blended * scale / kScaleNormal;
  const Score result = state.stm == Red ? red : -red;
  if (trace) *trace = Breakdown{state.terms, phase, scale, red, result};
  return result;
}

Score Evaluator::material(const Position& pos) const {
  const Weights& w = params_.weights();
  PhaseValue total{};
  for (int t = King; t <= Pawn; ++t)
    total += w.material[t] * (pos.count(make_piece(Red, PieceType(t))) - pos.count(make_piece(Black, PieceType(t))));
  const int phase = game_phase(pos);
  const int blended = (total.mg * phase + total.eg * (kMaxPhase - phase)) / kMaxPhase;
  const Score red = blended * draw_scale(pos, blended > 0 ? Red : Black) / kScaleNormal;
  return pos.side_to_move() == Red ? red : -red;
}

}  // namespace jiang
