#include "engine/modes/best_first/tree.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace jiang::best_first {

Tree::Tree(size_t max_nodes) : max_nodes_(std::max<size_t>(1, max_nodes)) { nodes_.push_back(Node{}); }

bool Tree::expand(uint32_t parent, std::span<const Child> children) {
  Node& p = nodes_.at(parent);
  if (p.expanded || p.solved) throw std::logic_error("best-first: expanding a node twice or a solved one");
  if (children.empty() || nodes_.size() + children.size() > max_nodes_) return false;
  // Doubling, as a vector would, but never past the budget: the budget is the memory bound.
  if (nodes_.size() + children.size() > nodes_.capacity())
    nodes_.reserve(std::min(max_nodes_, std::max(2 * nodes_.capacity(), nodes_.size() + children.size())));
  const auto first = uint32_t(nodes_.size());
  for (const Child& c : children) {
    Node n;
    n.fork = c.terminal ? Fork::exact(c.fork.realistic()) : c.fork;
    n.move = c.move;
    n.solved = c.terminal;
    n.by_rule = c.terminal && c.by_rule;
    n.parent = parent;
    nodes_.push_back(n);
  }
  // push_back may have moved the nodes: index again.
  Node& q = nodes_[parent];
  q.first_child = first;
  q.child_count = uint16_t(children.size());
  q.expanded = true;
  return true;
}

void Tree::settle(uint32_t i, Fork fork, bool by_rule) {
  Node& n = nodes_.at(i);
  n.fork = Fork::exact(fork.realistic());
  n.solved = true;
  n.by_rule = by_rule;
}

void Tree::back_up_from(uint32_t from) {
  for (uint32_t i = from;; i = nodes_[i].parent) {
    back_up_node(i);
    if (i == kRoot) break;
  }
}

Tree Tree::subtree(uint32_t from, int plies, size_t max_nodes) const {
  Tree t(max_nodes);
  t.nodes_.reserve(std::min(t.max_nodes_, nodes_.size()));
  // Pairs of a node here and its copy there, in the copy's order: breadth first.
  std::vector<std::pair<uint32_t, uint32_t>> order{{from, kRoot}};
  for (size_t q = 0; q < order.size(); ++q) {
    const auto [old_i, new_i] = order[q];
    const Node& o = nodes_[old_i];
    if (!o.expanded || t.nodes_.size() + o.child_count > t.max_nodes_) continue;  // stays a leaf
    const auto first = uint32_t(t.nodes_.size());
    for (uint32_t k = 0; k < o.child_count; ++k) {
      Node n = nodes_[o.first_child + k];
      n.fork = n.fork.mates_nearer(plies);
      n.parent = new_i;
      n.expanded = false;  // until its own turn in the order
      n.first_child = n.child_count = 0;
      if (n.by_rule) n.solved = n.by_rule = false;
      order.emplace_back(o.first_child + k, uint32_t(t.nodes_.size()));
      t.nodes_.push_back(n);
    }
    Node& c = t.nodes_[new_i];
    c.first_child = first;
    c.child_count = o.child_count;
    c.expanded = true;
  }
  // Children come after their parents: backing up from the last node to the first settles each node
  // after all of its replies.
  for (size_t i = t.nodes_.size(); i-- > 0;) t.back_up_node(uint32_t(i));
  return t;
}

void Tree::back_up_node(uint32_t i) {
  Node& n = nodes_[i];
  if (!n.expanded) return;  // a leaf keeps its first estimate (or its exact value)
  std::vector<Fork>& replies = replies_;
  replies.clear();
  bool all_solved = true;
  Score proven_win = -kInfinite;  // the best exact value among solved replies that is a mate for their mover
  Score best_hope = -kInfinite;   // the best unlikely optimism among all replies
  for (const Node& c : children(i)) {
    replies.push_back(c.fork);
    all_solved = all_solved && c.solved;
    if (c.solved && c.fork.realistic() >= kMateBound) proven_win = std::max(proven_win, c.fork.realistic());
    best_hope = std::max(best_hope, c.fork.optimistic(Level::Unlikely));
  }
  n.fork = back_up(replies);
  // Solved once every reply is, or once a proven mate is at least as good as any reply could hope to
  // be: then nothing below can change the node's value.
  n.solved = all_solved || (proven_win > -kInfinite && proven_win >= best_hope);
}

int most_promising(const Tree& tree, uint32_t node, Level level) {
  int best = -1;
  const std::span<const Node> replies = tree.children(node);
  for (int k = 0; k < int(replies.size()); ++k) {
    const Fork& f = replies[size_t(k)].fork;
    if (replies[size_t(k)].solved) continue;
    if (best < 0) { best = k; continue; }
    const Fork& b = replies[size_t(best)].fork;
    if (f.optimistic(level) > b.optimistic(level) ||
        (f.optimistic(level) == b.optimistic(level) && f.realistic() > b.realistic()))
      best = k;
  }
  return best;
}

int most_realistic(const Tree& tree, uint32_t node) {
  int best = -1;
  const std::span<const Node> replies = tree.children(node);
  for (int k = 0; k < int(replies.size()); ++k) {
    const Fork& f = replies[size_t(k)].fork;
    if (best < 0) { best = k; continue; }
    const Fork& b = replies[size_t(best)].fork;
    if (f.realistic() > b.realistic() ||
        (f.realistic() == b.realistic() && f.pessimistic(Level::Likely) > b.pessimistic(Level::Likely)))
      best = k;
  }
  return best;
}

std::vector<Move> realistic_line(const Tree& tree, uint32_t node) {
  std::vector<Move> line;
  for (int k = most_realistic(tree, node); k >= 0; k = most_realistic(tree, node)) {
    node = tree.child_index(node, k);
    line.push_back(tree.node(node).move);
  }
  return line;
}

int realistic_depth(const Tree& tree, uint32_t node) { return int(realistic_line(tree, node).size()); }

}  // namespace jiang::best_first
