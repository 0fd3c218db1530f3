// The first estimate of a position the best-first search has just generated: its fork from the point of
// view of the side that moved into it (the mover), or its exact value when the game ends there.
//
//   S0  the quiescence search's score (the main search's, engine/search.h: captures, and evasions in
//       check, played out until the position is quiet), negated to the mover's view. A pending
//       recapture is in it, so the side to move's captures are no threat beyond it.
//   S1  the mover's optimism: S0 plus the size of the mover's real threats. The side to move answers
//       first and may parry them, so they are a hope, not a gain.
//   S-1 the mover's pessimism: S0 less the size of the side to move's real threats beyond its captures:
//       a mate in one.
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
//
// One evaluation a position: the attack maps are built once, for the threats and the static score,
// and the score goes into the evaluation cache, where the quiescence search's stand-pat finds it.
#pragma once

#include <optional>

#include "engine/modes/best_first/tree.h"
#include "engine/search.h"
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

  // The estimates evaluate through `cache`: the one the quiescence searcher evaluates through.
  FirstEstimator(const Evaluator& eval, RuleSet rules, EvalCache& cache);

  // The reply that led to `pos` (just made, pos's side to move answers it), `ply` plies below the root;
  // `quiet` has been walked to the same position. pos is the same when this returns. Its game record
  // decides repetitions, as in the main search.
  Child estimate(Position& pos, Searcher& quiet, Move move, int ply);

  // The game's end at pos, `ply` plies below the root, from the mover's view, if a rule or the lack of
  // moves decides it.
  struct Verdict {
    Score value;
    bool by_rule;  // a repetition or the 60-move rule, not the lack of moves
  };
  std::optional<Verdict> verdict(const Position& pos, int ply) const;

 private:
  Fork threat_fork(Position& pos, Searcher& quiet);

  const Evaluator& eval_;
  RuleSet rules_;
  EvalCache& cache_;
};

// Whether the side to move has a move that mates at once.
bool has_mate_in_one(Position& pos);

}  // namespace jiang::best_first
