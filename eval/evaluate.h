// The static evaluation: material, position, mobility, board control and piece relations, with the
// Xiangqi knowledge of general safety and patterns, blended by game phase and scaled for drawn material.
#pragma once

#include <array>
#include <string>

#include "eval/params.h"
#include "movegen/position.h"

namespace jiang {

// A score in centipawns (pawn = 100).
using Score = int;

enum EvalTerm { Material, Placement, Mobility, Control, Relations, Safety, Patterns, Tempo, kEvalTerms };
const char* term_name(EvalTerm term);

// The evaluation of one position term by term, for `jiang eval` and for tests.
struct Breakdown {
  std::array<std::array<PhaseValue, kColors>, kEvalTerms> terms{};  // [term][colour], each side's own credit
  int phase = 0;         // 0 (bare endgame) .. kMaxPhase (all rooks, horses and cannons on the board)
  int scale = 0;         // of kScaleNormal: below it when the stronger side lacks mating material
  Score red_total = 0;   // from Red's point of view, after blending and scaling
  Score side_to_move_total = 0;
};

class Evaluator {
 public:
  static constexpr int kMaxPhase = 16;  // both sides' rooks count 2 each, horses and cannons 1 each
  static constexpr int kScaleNormal = 16;

  explicit Evaluator(const Params& params = Params());

  // From the side to move's point of view.
  Score evaluate(const Position& pos) const;
  Breakdown breakdown(const Position& pos) const;
  const Params& params() const { return params_; }
  // Material value of a piece type in the middlegame, for move ordering and exchange decisions.
  int piece_value(PieceType t) const { return params_.weights().material[t].mg; }

 private:
  template <bool Trace>
  Score evaluate_impl(const Position& pos, Breakdown* trace) const;

  Params params_;
  // Material plus position for every piece code on every square, both colours, built from the params.
  std::array<std::array<PhaseValue, kSquares>, kPieceCodes> piece_square_{};
};

}  // namespace jiang
