// The best-first search's tree: every position it has generated, in one arena with a node budget, and
// the backing-up of forks from a node to the root. It knows nothing of positions (a node keeps only its
// move), so tests can build trees by hand and check the backing-up rules on them.
//
// The children of a node are stored next to each other, in the order they were given; a node knows its
// parent, so backing up walks from an expanded node to the root without a stack.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/modes/best_first/fork.h"
#include "movegen/types.h"

namespace jiang::best_first {

struct Node {
  Fork fork;                   // from the point of view of the side that moved into this node
  Move move;                   // the move that led here (none at the root)
  uint16_t child_count = 0;
  bool expanded : 1 = false;   // its replies are in the tree (a terminal node is never expanded)
  bool solved : 1 = false;     // its fork is exact: terminal, or settled by solved replies
  bool by_rule : 1 = false;    // terminal by a repetition or the 60-move rule: a verdict of its path
  uint32_t parent = 0;
  uint32_t first_child = 0;
};
// The memory the tree takes a node, as the notes and Settings::tree_mb count it.
static_assert(sizeof(Node) == 24, "a best-first node is 24 bytes");

// A reply as the expansion hands it over: its move, its first estimate, and whether the position ends
// the game (mate, a rule's verdict), in which case the fork is exact.
struct Child {
  Move move;
  Fork fork;
  bool terminal = false;
  bool by_rule = false;  // terminal by a rule's verdict (repetition, 60 moves), not for want of moves
};

class Tree {
 public:
  static constexpr uint32_t kRoot = 0;

  // At most max_nodes nodes, the root included (at least 1). Memory grows as nodes are added.
  explicit Tree(size_t max_nodes);

  size_t size() const { return nodes_.size(); }
  size_t max_nodes() const { return max_nodes_; }
  size_t bytes() const { return nodes_.capacity() * sizeof(Node); }  // memory held now
  const Node& node(uint32_t i) const { return nodes_[i]; }
  std::span<const Node> children(uint32_t i) const {
    return {nodes_.data() + nodes_[i].first_child, nodes_[i].child_count};
  }
  uint32_t child_index(uint32_t parent, int k) const { return nodes_[parent].first_child + uint32_t(k); }

  // Adds the replies of an unexpanded node. False, and the tree unchanged, when the budget cannot hold
  // them all: a node is expanded whole or not at all, so that every backed-up fork covers all replies.
  // An empty list is refused too: a position without moves is terminal, never expanded.
  bool expand(uint32_t parent, std::span<const Child> children);
  // Marks a leaf as terminal (solved) with an exact value: how the root is closed when it has no moves,
  // how a line too deep to follow is cut, and how a leaf a rule ends is closed (by_rule).
  void settle(uint32_t i, Fork fork, bool by_rule = false);
  // Recomputes the forks and solved flags of `from` and its ancestors up to the root.
  void back_up_from(uint32_t from);

  // The tree below node `from`, `plies` plies below the root, as a tree of its own with `from` as its
  // root, within max_nodes: what the next search keeps once the game has reached from's position.
  // Breadth first, so that a node whose replies no longer fit stays a leaf with the fork it has; mate
  // distances shorten by `plies`; a rule's verdict becomes an open leaf again, since whether a
  // repetition ends the game depends on where the root is (the search judges it when it reaches it);
  // every fork is backed up again.
  Tree subtree(uint32_t from, int plies, size_t max_nodes) const;

 private:
  void back_up_node(uint32_t i);

  std::vector<Node> nodes_;
  size_t max_nodes_;
  std::vector<Fork> replies_;  // scratch for back_up_node, kept to save an allocation a node
};

// The unsolved reply of an expanded node to search next: the highest optimistic estimate at `level`,
// ties to the higher realistic one, then to the first. -1 when every reply is solved.
int most_promising(const Tree& tree, uint32_t node, Level level);
// The reply the side to move would play on the estimates: the highest realistic estimate, ties to the
// higher pessimistic one, then to the first. -1 when the node has no replies in the tree.
int most_realistic(const Tree& tree, uint32_t node);
// The line of most realistic replies from `node` down to the frontier of the tree.
std::vector<Move> realistic_line(const Tree& tree, uint32_t node);
// How many plies the tree reaches below `node` along that line.
int realistic_depth(const Tree& tree, uint32_t node);

}  // namespace jiang::best_first
