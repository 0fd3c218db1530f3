// What one evaluation shares between its terms: the position, the weights and tables, the attack maps
// (built once, read by mobility, control, relations and safety) and the term table each term adds to.
#pragma once

#include "eval/attacks.h"
#include "eval/evaluate.h"

namespace jiang {

struct EvalState {
  EvalState(const Position& position, const Weights& weights, const EvalTables& eval_tables)
      : pos(position), w(weights), tables(eval_tables), stm(position.side_to_move()),
        attacks(position, eval_tables) {}

  const Position& pos;
  const Weights& w;
  const EvalTables& tables;
  const Color stm;
  const Attacks attacks;
  TermTable terms{};
};

// The rank a colour's general starts on: its back rank.
constexpr int back_rank(Color c) { return c == Red ? 0 : kRanks - 1; }

// The terms, one concern each (eval/terms/). Each adds its credit for both sides to state.terms.
void add_material_and_position(EvalState& state);  // Material, Placement
void add_mobility_and_control(EvalState& state);   // Mobility, Control
void add_relations(EvalState& state);              // Relations: defended and threatened pieces
void add_general_safety(EvalState& state);         // Safety: missing defenders, attacked palace squares
void add_general_danger(EvalState& state);         // Danger: the enemy's attack on the palace, squared
void add_pins(EvalState& state);                  // Pins: pieces that cannot leave the general's lines
void add_restricted_pieces(EvalState& state);     // Restricted: trapped horses, cannons without a screen
void add_pawns(EvalState& state);                 // Pawns: crossed pawns near the palace, old pawns
void add_patterns(EvalState& state);               // Patterns: hollow and central cannons, linked pawns

// Blending and endgame scaling (eval/terms/scaling.cpp).
int game_phase(const Position& pos);  // 0 .. Evaluator::kMaxPhase
// How much of the evaluation the stronger side keeps, of Evaluator::kScaleNormal, when its material
// cannot or can hardly force mate.
int draw_scale(const Position& pos, Color strong);

}  // namespace jiang
