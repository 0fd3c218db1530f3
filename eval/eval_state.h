// What one evaluation shares between its terms: the position, the weights and tables, the attack maps
// (built once, read by mobility, control, relations and safety) and the term table each term adds to.
#pragma once

#include "eval/attacks.h"
#include "eval/evaluate.h"

namespace jiang {

// A term table of zeros, for every evaluation to start from. It is defined out of line (eval_state.cpp)
// on purpose: a compiler that sees the zeros clears the 192 bytes with `rep stos`, whose start-up cost
// was 4% of the evaluation; copying an unknown table takes twelve vector loads and stores.
extern const TermTable kNoCredit;

struct EvalState {
  EvalState(const Position& position, const Weights& weights, const EvalTables& eval_tables)
      : pos(position), w(weights), tables(eval_tables), stm(position.side_to_move()),
        attacks(position, eval_tables), terms(kNoCredit) {}

  const Position& pos;
  const Weights& w;
  const EvalTables& tables;
  const Color stm;
  const Attacks attacks;
  TermTable terms;
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

// General danger in two steps, so that the tuner can keep the counts of a position and recompute the
// penalty (not linear in the weights) for any weights: what the enemy brings against c's general (all
// zero when no rook, horse or cannon reaches the palace: pawns alone make no attack), then the units.
struct DangerCounts {
  int8_t rooks = 0, horses = 0, cannons = 0, pawns = 0;  // attackers reaching the palace (pawns: near it)
  int8_t rook_checks = 0, horse_checks = 0, cannon_checks = 0;  // safe squares to check from
  int8_t weak_squares = 0;  // palace squares the enemy attacks and c does not defend
  int8_t defenders = 0;     // c's advisors and elephants
  bool operator==(const DangerCounts&) const = default;
};
DangerCounts danger_counts(const EvalState& state, Color c);
int danger_units(const DangerCounts& counts, const Weights& w);  // never below 0
PhaseValue danger_penalty(int units, const Weights& w);          // what c loses, middlegame and endgame

// A piece of c the enemy attacks, as relations sees it, in a form that does not depend on the weights:
// the tuner recomputes the largest loss from it when the exchange values (middlegame material) move.
struct Threat {
  PieceType victim;
  bool defended;
  uint8_t attacker_types;  // bit t: an enemy piece of type t attacks the victim
};
// The threatened pieces of c, at most kMaxThreats of them (every piece but the general).
inline constexpr int kMaxThreats = 15;
int list_threats(const EvalState& state, Color c, std::array<Threat, kMaxThreats>& out);
// What c loses on a threatened piece under the given exchange values ([type]): relations' rule.
int threat_loss(const Threat& threat, const std::array<int, kPieceTypes>& exchange_value);

// Blending and endgame scaling (eval/terms/scaling.cpp).
int game_phase(const Position& pos);  // 0 .. Evaluator::kMaxPhase
// How much of the evaluation the stronger side keeps, of Evaluator::kScaleNormal, when its material
// cannot or can hardly force mate.
int draw_scale(const Position& pos, Color strong);

}  // namespace jiang
