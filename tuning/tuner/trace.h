// The evaluation of one position as a function of the weights, so that the positions loss can be
// recomputed for new weights without evaluating the positions again (issue 9).
//
// The evaluation adds, per term, counts of features times weights into a middlegame and an endgame
// total, then blends the two by phase and scales the result for drawn material. Most of it is linear:
// a position's totals are sums of (coefficient x parameter) with integer coefficients. A trace keeps
// those coefficients, sparse, and for the parts that are not linear what is needed to recompute them
// exactly:
//   - general danger: units^2 * curve / 1024 (and units * linear / 16), with max(units, 0): the trace
//     keeps the danger counts of both generals (eval's DangerCounts) and recomputes the penalty;
//   - relations' threats: max over threatened pieces of an exchange loss that reads the middlegame
//     material, times a percentage, divided by 100: the trace keeps the threatened pieces (eval's
//     Threat) and recomputes the largest loss;
//   - the blend and the draw scale: integer divisions, and a scale chosen by the sign of the blended
//     score: the trace keeps the phase and both scales and does the same integer arithmetic;
//   - the exchange order (which piece type is cheaper than which, by middlegame material) decides board
//     control's ties and which horse squares are unsafe: a trace holds for weights with the exchange
//     order of the weights it was made with. For others the caller evaluates in full (TraceWeights::
//     order tells).
// So the traced evaluation equals Evaluator::evaluate exactly, for any weights of the same exchange
// order: the tests check it on random weight sets, and make_trace checks it on every position at the
// weights it traces with.
//
// How the coefficients are found: material and position values from the piece lists (they are counts
// of pieces by the code of eval/terms/material.cpp and the position tables); every other linear
// parameter by finite differences of the real Evaluator, term by term (a parameter of registry group g
// moves only term g), one parameter of each group per evaluation: a dozen evaluations a position.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "eval/eval_state.h"
#include "eval/evaluate.h"

namespace jiang::tuner {

// One parameter's part of a position's totals: total.mg += mg * value, total.eg += eg * value.
struct LinearTerm {
  int param = 0, mg = 0, eg = 0;
};

// What the blend and the non-linear parts need, besides the linear totals.
struct TraceShape {
  uint8_t phase = 0;
  uint8_t stm = Red;
  std::array<uint8_t, kColors> scale{};        // [stronger side]: draw_scale(pos, side)
  std::array<DangerCounts, kColors> danger{};  // [side]: against that side's general
};

struct PositionTrace {
  TraceShape shape;
  std::vector<LinearTerm> linear;                    // by parameter, no zero terms
  std::array<std::vector<Threat>, kColors> threats;  // [side]: its threatened pieces
};

// What a traced evaluation reads of one weight set, computed once per set.
struct TraceWeights {
  explicit TraceWeights(const std::vector<int>& values);
  std::vector<int> values;
  Params params;
  EvalTables tables;  // the exchange values and order
};

// The non-linear part of Red's totals (Red's credit less Black's): general danger and threats.
PhaseValue nonlinear_red(const TraceShape& shape, std::span<const Threat> red_threats,
                         std::span<const Threat> black_threats, const Weights& w,
                         const std::array<int, kPieceTypes>& exchange_value);
// Red's evaluation from Red's totals, by Evaluator's own blend and scale.
int blend_red(PhaseValue red_total, const TraceShape& shape);
bool same_exchange_order(const ExchangeOrder& a, const ExchangeOrder& b);

// Makes traces at one weight set (the one the tuner starts from).
class Tracer {
 public:
  explicit Tracer(const Params& base);
  // Throws std::logic_error if the trace does not give the real evaluation at the base weights.
  PositionTrace trace(const Position& pos) const;
  const ExchangeOrder& order() const { return tables_.exchange_order; }
  // The parameters the traced evaluation reads other than through LinearTerms (danger, threat shares,
  // and middlegame material, which also sets the exchange values).
  static bool nonlinear(int param);

 private:
  struct Round {  // one finite-difference evaluation: one parameter of each group moved by `delta`
    Evaluator eval;
    std::vector<std::array<int, 3>> moved;  // {param, term, delta}
  };
  void add_pieces(const Position& pos, std::vector<LinearTerm>& terms) const;
  void add_differences(const Position& pos, const Breakdown& base, std::vector<LinearTerm>& terms) const;

  Params base_;
  Evaluator eval_;
  EvalTables tables_;
  TraceWeights base_weights_;
  std::vector<Round> rounds_;
  std::array<std::array<int, 2>, kPieceTypes> material_{};                  // [type][mg/eg]: param
  std::array<std::array<std::array<int, 2>, kHalfBoard>, kPieceTypes> position_{};  // [type][square][mg/eg]
};

// Red's traced evaluation (the trace must match the weights' exchange order).
int traced_red_eval(const PositionTrace& trace, const TraceWeights& w);

}  // namespace jiang::tuner
