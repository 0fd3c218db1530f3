#include "engine/modes/best_first/report.h"

#include <algorithm>
#include <numeric>

#include "movegen/notation.h"

namespace jiang::best_first {
namespace {

std::string root_move_note(const Node& n, uint32_t votes, uint64_t nodes) {
  const Fork& f = n.fork;
  std::string text = "best-first move " + to_string(n.move) + " fork S-2..S2 " + std::to_string(f.at(-2)) + " " +
                     std::to_string(f.at(-1)) + " " + std::to_string(f.at(0)) + " " + std::to_string(f.at(1)) +
                     " " + std::to_string(f.at(2)) + " votes " + std::to_string(votes) + " nodes " +
                     std::to_string(nodes);
  if (n.solved) text += " solved";
  return text;
}

}  // namespace

SearchInfo tree_info(const Tree& tree, int seldepth, uint64_t nodes, int64_t time_ms) {
  SearchInfo info;
  info.pv = realistic_line(tree, Tree::kRoot);
  info.depth = int(info.pv.size());
  info.seldepth = std::max(seldepth, info.depth);
  const int best = most_realistic(tree, Tree::kRoot);
  info.score = best >= 0 ? tree.children(Tree::kRoot)[size_t(best)].fork.realistic() : 0;
  info.nodes = nodes;
  info.time_ms = time_ms;
  info.hashfull = int(tree.size() * 1000 / tree.max_nodes());
  return info;
}

std::vector<SearchInfo> root_notes(const Tree& tree, const RootView& view) {
  const std::span<const Node> moves = tree.children(Tree::kRoot);
  std::vector<size_t> order(moves.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return moves[a].fork.realistic() > moves[b].fork.realistic(); });
  std::vector<SearchInfo> notes(1);
  notes[0].note = "best-first tree " + std::to_string(tree.size()) + " nodes " +
                  std::to_string(tree.bytes() / 1024) + " KiB expansions " + std::to_string(view.expansions) +
                  " transpositions " + std::to_string(view.transpositions) + " estimates " +
                  (view.level == Level::Likely ? "S-1..S1" : "S-2..S2") + (view.reused ? " kept" : "");
  for (size_t i = 0; i < std::min(kNoteMoves, order.size()); ++i) {
    const size_t k = order[i];
    notes.push_back({});
    notes.back().note = root_move_note(moves[k], view.votes[k], view.nodes[k]);
  }
  return notes;
}

}  // namespace jiang::best_first
