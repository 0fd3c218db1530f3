// The first estimate of a position the best-first search has just generated: its fork from the point of
// view of the side that moved into it (the mover), or its exact value when the game ends there.
//
//   S0  the static evaluation (the full Evaluator: material and position), negated to the mover's view.
//   S1  the mover's optimism: S0 plus the size of the mover's real threats. The side to move answers
//       first and may parry them, so they are a hope, not a gain.
//   S-1 the mover's pessimism: S0 less the size of the side to move's real threats, which it can cash at
//       once (its best capture by the exchange evaluation, or a mate in one).
//   S2, S-2 the same with the unlikely threats added: any attack, even on a piece that can step away.
//
// Real threats of the mover (eval/ threat machinery: the attack maps, relations' exchange rule):
//   - an attacked piece insufficiently defended: undefended (its value) or attacked by a cheaper piece
//     (the difference: the attacker is lost in the exchange);
//   - a pinned piece under attack: it cannot step away, so even an attack the exchange rule calls even
//     is real, at kPinnedTargetShare of the piece;
//   - a double attack: two attacked pieces (two unlikely threats made by one move), the lesser counts
//     as a likely threat, since only one can step away;
//   - a check: the reply is forced, worth kCheckThreat;
//   - a mate threat: a mate in one were the side to move to pass, worth kMateThreat.
// The side to move's real threats are what it can do now: its best legal capture by see() (so a check
// leaves only the captures that answer it, and a pinned piece cannot capture away), and a mate in one.
#pragma once

#include <optional>

#include "engine/modes/best_first/tree.h"
#include "rules/rules.h"
#include "eval/evaluate.h"
#include "movegen/position.h"

namespace jiang::best_first {

class FirstEstimator {
 public:
  // A forced reply is worth about a tempo to the side that checks: a little optimism, not material.
  static constexpr Score kCheckThreat = 30;
  // A threatened mate must be parried at once; in the optimistic estimate it stands for a rook's worth,
  // clearly below a mate score, which only a proven mate may carry.
  static constexpr Score kMateThreat = 900;
  // A pinned piece attacked on even terms can be attacked again and not flee: half of it is at stake.
  static constexpr int kPinnedTargetShare = 2;  // divisor of the piece's value

  FirstEstimator(const Evaluator& eval, RuleSet rules);

  // The reply that led to `pos` (just made, pos's side to move answers it), `ply` plies below the root.
  // pos is the same when this returns. Its game record decides repetitions, as in the main search.
  Child estimate(Position& pos, Move move, int ply) const;

 private:
  // The game's end at pos, from the mover's view, if a rule or the lack of moves decides it.
  std::optional<Score> terminal_value(const Position& pos, int ply) const;
  Fork threat_fork(Position& pos) const;

  const Evaluator& eval_;
  RuleSet rules_;
};

// Whether the side to move has a move that mates at once.
bool has_mate_in_one(Position& pos);

}  // namespace jiang::best_first
