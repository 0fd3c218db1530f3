// What a best-first search leaves for the next one on its thread (ThreadMemory::best_first): its tree
// and the position at the tree's root. When the game has gone on along moves the tree holds (our move
// and the reply, or the reply the search pondered on), the next search starts from that subtree instead
// of from nothing, as the alpha-beta search starts from its transposition table.
#pragma once

#include <optional>

#include "engine/modes/best_first/tree.h"
#include "movegen/position.h"
#include "rules/rules.h"

namespace jiang::best_first {

struct KeptTree {
  Position root;  // with its game record, which decided the tree's repetition verdicts
  RuleSet rules;
  Tree tree;
};

// The kept tree's subtree at `root`, within max_nodes (Tree::subtree), when the game reached root from
// the kept root by an even number of moves the tree holds (even: the contested rulings are scored for
// the side to move at the root), root's game record is the kept root's followed by those moves, the
// rules are the same, and root's position was expanded. Otherwise nothing: the search starts afresh.
std::optional<Tree> continue_tree(const KeptTree& kept, const Position& root, RuleSet rules, size_t max_nodes);

}  // namespace jiang::best_first
