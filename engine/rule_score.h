// The score of a ruling by the rules inside a search, shared by the alpha-beta search and best-first.
#pragma once

#include <optional>

#include "engine/score.h"
#include "rules/rules.h"

namespace jiang {

// judge_in_search's ruling as a score for the side to move, `ply` plies below the root: a side that
// would lose by repeating (a perpetual check or chase) is scored as mated, so it looks for another move
// one cycle earlier, while the side it checks or chases may repeat and win. A win by a contested ruling
// (a chase, docs/rules.md) for the side to move at the root is worth only kContestedRuleWin: a GUI or
// tournament may rule that repetition a draw, so the engine neither prefers it to a clear material or
// mate path nor steers a won position into it (issue 26). A loss by any ruling stays a mate score for
// the root side, so that it never breaks a rule a referee may enforce. Nothing while the game goes on.
inline std::optional<Score> rule_score(const Position& pos, int ply, RuleSet rules) {
  const Ruling ruling = judge_in_search(pos, ply, rules);
  const bool root_to_move = ply % 2 == 0;
  switch (ruling.end) {
    case GameEnd::Draw: return kDraw;
    case GameEnd::SideToMoveWins: return root_to_move && contested(ruling) ? kContestedRuleWin : mate_in(ply);
    case GameEnd::SideToMoveLoses: return !root_to_move && contested(ruling) ? -kContestedRuleWin : mated_in(ply);
    case GameEnd::None: break;
  }
  return std::nullopt;
}

}  // namespace jiang
