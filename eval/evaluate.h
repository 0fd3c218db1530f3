// The static evaluation: material, position, mobility, board control and piece relations, with the
// Xiangqi knowledge of general safety and patterns, blended by game phase and scaled for drawn material.
#pragma once

#include <array>
#include <string>

#include "eval/eval_tables.h"
#include "eval/params.h"
#include "eval/score.h"
#include "movegen/position.h"

namespace jiang {

enum EvalTerm {
  Material, Placement, Mobility, Control, Relations, Safety, Danger, Patterns, Pins, Restricted, Pawns, Tempo, kEvalTerms
};
const char* term_name(EvalTerm term);

// [term][colour]: each side's own credit, middlegame and endgame.
using TermTable = std::array<std::array<PhaseValue, kColors>, kEvalTerms>;

// The evaluation of one position term by term, for `jiang eval` and for tests.
struct Breakdown {
  TermTable terms{};
  int phase = 0;         // 0 (bare endgame) .. kMaxPhase (all rooks, horses and cannons on the board)
  int scale = 0;         // of kScaleNormal: below it when the stronger side lacks mating material
  Score red_total = 0;   // from Red's point of view, after blending and scaling
  Score side_to_move_total = 0;
};

struct EvalState;

class Evaluator {
 public:
  static constexpr int kMaxPhase = 16;  // both sides' rooks count 2 each, horses and cannons 1 each
  static constexpr int kScaleNormal = 16;

  explicit Evaluator(const Params& params = Params());

  // From the side to move's point of view.
  Score evaluate(const Position& pos) const { return evaluate_traced(pos, nullptr); }
  // The same for a caller that reads the attack maps too (best-first's threat analysis): `state` is
  // fresh, built from this evaluator's weights and tables(); each term adds its credit to state.terms.
  Score evaluate(EvalState& state) const { return evaluate_state(state, nullptr); }
  // Material alone: the Material term, blended by phase and scaled as evaluate() blends and scales the
  // whole, from the side to move's point of view. What two-stage search's first stage evaluates with;
  // evaluate(pos) - material(pos) is the positional part. Costs a few dozen operations (no attack maps).
  Score material(const Position& pos) const;
  // The same evaluation, with every term, the phase and the scale written down.
  Breakdown breakdown(const Position& pos) const;
  const Params& params() const { return params_; }
  // The tables the evaluation reads (attack and line tables, values by square), for an EvalState.
  const EvalTables& tables() const { return tables_; }
  // Material value of a piece type in the middlegame, for move ordering and exchange decisions.
  int piece_value(PieceType t) const { return params_.weights().material[t].mg; }

 private:
  // One code path for all: `trace`, when given, receives the terms and the blending.
  Score evaluate_traced(const Position& pos, Breakdown* trace) const;
  Score evaluate_state(EvalState& state, Breakdown* trace) const;

  Params params_;
  EvalTables tables_;
};

}  // namespace jiang
