#include "engine/modes/best_first/root.h"

namespace jiang::best_first {
namespace {

bool proven_loss(const Node& n) { return n.solved && n.fork.realistic() <= -kMateBound; }
bool proven_win(const Node& n) { return n.solved && n.fork.realistic() >= kMateBound; }

// Whether root move a is preferred to b when neither has more votes: realistic, then pessimistic.
bool better_estimate(const Fork& a, const Fork& b) {
  return a.realistic() != b.realistic() ? a.realistic() > b.realistic()
                                        : a.pessimistic(Level::Likely) > b.pessimistic(Level::Likely);
}

}  // namespace

int separated_move(const Tree& tree, Level level) {
  const std::span<const Node> moves = tree.children(Tree::kRoot);
  if (moves.size() == 1) return 0;
  for (size_t k = 0; k < moves.size(); ++k) {
    const Node& candidate = moves[k];
    if (!candidate.expanded && !candidate.solved) continue;
    bool above_all = true;
    for (size_t j = 0; j < moves.size() && above_all; ++j)
      above_all = j == k || candidate.fork.pessimistic(level) > moves[j].fork.optimistic(level);
    if (above_all) return int(k);
  }
  return -1;
}

int move_to_play(const Tree& tree, std::span<const uint32_t> votes) {
  const std::span<const Node> moves = tree.children(Tree::kRoot);
  if (moves.empty()) return -1;
  if (const int dominant = separated_move(tree, Level::Likely); dominant >= 0) return dominant;
  const int realistic = most_realistic(tree, Tree::kRoot);
  if (proven_win(moves[size_t(realistic)])) return realistic;
  bool all_lost = true;
  for (const Node& n : moves) all_lost = all_lost && proven_loss(n);
  int best = -1;
  for (int k = 0; k < int(moves.size()); ++k) {
    if (!all_lost && proven_loss(moves[size_t(k)])) continue;
    if (best < 0) { best = k; continue; }
    const uint32_t v = k < int(votes.size()) ? votes[size_t(k)] : 0;
    const uint32_t b = best < int(votes.size()) ? votes[size_t(best)] : 0;
    if (v > b || (v == b && better_estimate(moves[size_t(k)].fork, moves[size_t(best)].fork))) best = k;
  }
  return best;
}

}  // namespace jiang::best_first
