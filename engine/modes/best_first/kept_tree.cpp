#include "engine/modes/best_first/kept_tree.h"

#include <algorithm>

namespace jiang::best_first {
namespace {

// Whether `root`'s record is `before`'s followed by `plies` more moves: the same positions before.
bool record_continues(const Position& before, const Position& root, int plies) {
  if (plies > 0 ? root.undo_at(plies).key != before.key() : root.key() != before.key()) return false;
  for (int k = 1; k <= before.plies_played(); ++k) {
    const Position::Undo& a = root.undo_at(plies + k);
    const Position::Undo& b = before.undo_at(k);
    if (a.key != b.key || a.move != b.move) return false;
  }
  return true;
}

}  // namespace

std::optional<Tree> continue_tree(const KeptTree& kept, const Position& root, RuleSet rules, size_t max_nodes) {
  const int plies = root.plies_played() - kept.root.plies_played();
  if (rules != kept.rules || plies < 0 || plies % 2 != 0 || !record_continues(kept.root, root, plies))
    return std::nullopt;
  uint32_t node = Tree::kRoot;
  for (int k = plies; k >= 1; --k) {
    if (!kept.tree.node(node).expanded) return std::nullopt;
    const Move played = root.undo_at(k).move;
    const std::span<const Node> replies = kept.tree.children(node);
    const auto it = std::find_if(replies.begin(), replies.end(), [&](const Node& n) { return n.move == played; });
    if (it == replies.end()) return std::nullopt;
    node = kept.tree.child_index(node, int(it - replies.begin()));
  }
  if (!kept.tree.node(node).expanded) return std::nullopt;
  return kept.tree.subtree(node, plies, max_nodes);
}

}  // namespace jiang::best_first
