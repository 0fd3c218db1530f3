#include "engine/modes/best_first/tree.h"

#include <algorithm>
#include <stdexcept>

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

void Tree::settle(uint32_t i, Fork fork) {
  Node& n = nodes_.at(i);
  n.fork = Fork::exact(fork.realistic());
  n.solved = true;
}

void Tree::back_up_from(uint32_t from) {
  for (uint32_t i = from;; i = nodes_[i].parent) {
    back_up_node(i);
    if (i == kRoot) break;
  }
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
