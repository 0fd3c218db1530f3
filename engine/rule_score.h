// The score of a ruling by the rules inside a search, shared by the alpha-beta search and best-first.
#pragma once

#include <optional>

#include "engine/score.h"
#include "rules/rules.h"

namespace jiang {

// judge_in_search's ruling as a score for the side to move, `ply` plies below the root: a side that
// would lose by repeating (a perpetual check or chase) is scored as mated, so it looks for another move
// one cycle earlier, while the side it checks or chases may repeat and win. Nothing while the game goes on.
inline std::optional<Score> rule_score(const Position& pos, int ply, RuleSet rules) {
  switch (judge_in_search(pos, ply, rules).end) {
    case GameEnd::Draw: return kDraw;
    case GameEnd::SideToMoveWins: return mate_in(ply);
    case GameEnd::SideToMoveLoses: return mated_in(ply);
    case GameEnd::None: break;
  }
  return std::nullopt;
}

}  // namespace jiang
