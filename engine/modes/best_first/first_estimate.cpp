#include "engine/modes/best_first/first_estimate.h"

#include <algorithm>
#include <cassert>

#include "engine/rule_score.h"
#include "eval/eval_state.h"
#include "movegen/movegen.h"

namespace jiang::best_first {
namespace {

// Threat sizes of one side, in centipawns: the real ones and the unlikely ones (which include the real).
struct ThreatSizes {
  Score real = 0;
  Score unlikely = 0;
};

// The types of `by`'s pieces attacking s, as relations' Threat records them. The attack maps group
// attackers by exchange value; every type of a group that attacks counts, which gives threat_loss the
// same cheapest attacker.
uint8_t attacker_types(const EvalState& state, Color by, Square s) {
  uint8_t types = 0;
  for (int t = King; t <= Pawn; ++t)
    if (state.attacks.side[by].by_group[state.tables.exchange_order.group_of[t]].contains(s)) types |= uint8_t(1u << t);
  return types;
}

// The pieces of `victim` (not the general) that `by` attacks.
SquareSet attacked_pieces(const EvalState& state, Color victim) {
  return state.attacks.occupied[victim] & ~SquareSet::of(state.pos.king_square(victim)) &
         state.attacks.side[~victim].any();
}

// Whether `by` has a rook, horse or cannon reaching the other side's palace: only then is a mate in
// one worth looking for (pawns alone never make the eval's attack either).
bool reaches_palace(const EvalState& state, Color by) {
  const DangerCounts n = danger_counts(state, ~by);
  return n.rooks + n.horses + n.cannons > 0;
}

// The mover's threats against the side to move (see the header for the kinds).
ThreatSizes mover_threats(const EvalState& state, const GeneralSafety& safety, Position& pos) {
  const Color them = pos.side_to_move(), mover = ~them;
  const auto& value = state.tables.exchange_value;
  const SquareSet defended = state.attacks.side[them].any();
  Score largest_loss = 0, first = 0, second = 0;
  for (SquareSet targets = attacked_pieces(state, them); !targets.empty();) {
    const Square s = targets.pop_first();
    const PieceType victim = type_of(pos.piece_on(s));
    const Threat threat{victim, defended.contains(s), attacker_types(state, mover, s)};
    Score loss = threat_loss(threat, value);
    if (loss == 0 && safety.pin(s)) loss = value[victim] / FirstEstimator::kPinnedTargetShare;
    largest_loss = std::max(largest_loss, loss);
    second = std::max(second, std::min(first, value[victim]));
    first = std::max(first, value[victim]);
  }
  ThreatSizes sizes{std::max(largest_loss, second), first};
  if (safety.in_check()) {
    sizes.real += FirstEstimator::kCheckThreat;
  } else if (reaches_palace(state, mover)) {
    pos.make_null();
    if (has_mate_in_one(pos)) sizes.real += FirstEstimator::kMateThreat;
    pos.unmake_null();
  }
  sizes.unlikely = std::max(sizes.unlikely, sizes.real);
  return sizes;
}

// The side to move's threats beyond the captures the quiescence search has played out: a mate in one;
// unlikely, any of the mover's pieces it attacks.
ThreatSizes to_move_threats(const EvalState& state, Position& pos) {
  const Color us = pos.side_to_move();
  Score any = 0;
  for (SquareSet targets = attacked_pieces(state, ~us); !targets.empty();)
    any = std::max(any, state.tables.exchange_value[type_of(pos.piece_on(targets.pop_first()))]);
  const Score mate = reaches_palace(state, us) && has_mate_in_one(pos) ? FirstEstimator::kMateThreat : 0;
  return {mate, std::max(any, mate)};
}

}  // namespace

bool has_mate_in_one(Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    pos.make_move(m);
    // A mate is a check without a legal reply; a position without moves and without check also loses
    // in Xiangqi, but it is rare enough that a threat estimate does not pay for testing every move.
    const bool mate = pos.in_check() && !has_legal_move(pos);
    pos.unmake_move();
    if (mate) return true;
  }
  return false;
}

FirstEstimator::FirstEstimator(const Evaluator& eval, RuleSet rules, EvalCache& cache)
    : eval_(eval), rules_(rules), cache_(cache) {}

std::optional<FirstEstimator::Verdict> FirstEstimator::verdict(const Position& pos, int ply) const {
  // The main search's verdicts, spoken for the side to move; the fork speaks for the mover.
  if (const auto score = rule_score(pos, ply, rules_)) return Verdict{Score(-*score), true};
  if (!has_legal_move(pos)) return Verdict{mate_in(ply), false};  // no move loses, in check or not
  return std::nullopt;
}

Fork FirstEstimator::threat_fork(Position& pos, Searcher& quiet) {
  assert(quiet.walked_key() == pos.key());
  EvalState state(pos, eval_.params().weights(), eval_.tables());  // its attack maps serve both
  cache_.evaluate(eval_, state);  // for the quiescence search's stand-pat
  const GeneralSafety safety(pos);
  const ThreatSizes ours = mover_threats(state, safety, pos);
  const ThreatSizes theirs = to_move_threats(state, pos);
  const Score s0 = -quiet.quiescence();
  return Fork::from_threats(s0, ours.real, ours.unlikely, theirs.real, theirs.unlikely);
}

Child FirstEstimator::estimate(Position& pos, Searcher& quiet, Move move, int ply) {
  pos.in_check();  // the repetition rules read the check flags of the record
  if (const auto end = verdict(pos, ply)) return {move, Fork::exact(end->value), true, end->by_rule};
  return {move, threat_fork(pos, quiet), false};
}

}  // namespace jiang::best_first
