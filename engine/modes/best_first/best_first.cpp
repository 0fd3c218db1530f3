#include "engine/modes/best_first/best_first.h"

#include <algorithm>
#include <vector>

#include "engine/modes/best_first/first_estimate.h"
#include "engine/modes/best_first/report.h"
#include "engine/modes/best_first/root.h"
#include "engine/modes/best_first/tree.h"
#include "engine/timeman.h"
#include "movegen/movegen.h"

namespace jiang {
namespace best_first {
namespace {

// How often the info line and the notes are printed while the search runs: often enough to watch the
// votes move, rarely enough not to flood a GUI.
constexpr int64_t kInfoIntervalMs = 1000;
constexpr size_t kBytesPerMb = size_t(1) << 20;

class Search {
 public:
  Search(const Position& root, const Evaluator& eval, const SearchLimits& limits, SearchControl& control);
  SearchResult run(const std::function<void(const SearchInfo&)>& on_info);

 private:
  uint64_t nodes() const { return tree_.size() - 1; }  // positions generated: the root is given
  void expand_root();
  // The replies of pos_ with their first estimates, `ply` plies below the root.
  void estimate_replies(int ply);
  // The root move to search below next; casts a vote on a voting turn.
  int next_root_move();
  // One expansion below root move k: descend, expand, back up. False when the tree is full.
  bool expand_below(int k);
  Level level() const;
  bool should_stop() const;
  bool time_up() const;
  void report(const std::function<void(const SearchInfo&)>& on_info) const;
  SearchResult result() const;

  Position pos_;
  FirstEstimator estimator_;
  const SearchLimits& limits_;
  const Settings& settings_;
  SearchControl& control_;
  TimeManager time_;
  Tree tree_;
  std::vector<Child> children_;         // scratch for an expansion
  std::vector<uint32_t> votes_;         // by root move
  std::vector<uint64_t> subtree_nodes_; // nodes generated below each root move
  uint64_t expansions_ = 0;
  uint64_t rounds_ = 0;                 // turns of the loop: every vote_interval-th one votes
  uint64_t node_limit_;
  int seldepth_ = 0;
  int64_t start_ms_;
  bool full_ = false;
};

// The root and its replies always fit, so that a legal move is there to play however small the budget.
constexpr size_t kMinNodes = size_t(kMaxMoves) + 1;

size_t node_budget(const Settings& s) {
  const size_t nodes = s.max_nodes ? s.max_nodes : std::clamp<size_t>(s.tree_mb, 1, kMaxTreeMb) * kBytesPerMb / sizeof(Node);
  return std::max(nodes, kMinNodes);
}

uint64_t node_limit(const SearchLimits& limits) {
  uint64_t limit = limits.nodes ? limits.nodes : UINT64_MAX;
  if (limits.depth > 0) limit = std::min(limit, nodes_for_depth(limits.depth));
  return limit;
}

Search::Search(const Position& root, const Evaluator& eval, const SearchLimits& limits, SearchControl& control)
    : pos_(root), estimator_(eval, limits.rules), limits_(limits), settings_(limits.design.best_first), control_(control),
      time_(limits, root.side_to_move()), tree_(node_budget(limits.design.best_first)), node_limit_(node_limit(limits)),
      start_ms_(now_ms()) {
  expand_root();
}

void Search::estimate_replies(int ply) {
  MoveList moves;
  generate_legal(pos_, moves);
  children_.clear();
  pos_.in_check();  // recorded by make_move for the repetition rules
  for (Move m : moves) {
    pos_.make_move(m);
    children_.push_back(estimator_.estimate(pos_, m, ply));
    pos_.unmake_move();
  }
}

void Search::expand_root() {
  estimate_replies(1);
  const auto left_out = [&](const Child& c) {
    const bool banned = std::find(limits_.banned.begin(), limits_.banned.end(), c.move) != limits_.banned.end();
    const bool excluded =
        !limits_.only.empty() && std::find(limits_.only.begin(), limits_.only.end(), c.move) == limits_.only.end();
    return banned || excluded;
  };
  std::erase_if(children_, left_out);
  if (children_.empty()) {
    tree_.settle(Tree::kRoot, Fork::exact(mate_in(0)));  // the root's mover has mated: no move is a loss
    return;
  }
  tree_.expand(Tree::kRoot, children_);  // fits: node_budget
  tree_.back_up_from(Tree::kRoot);
  votes_.assign(children_.size(), 0);
  subtree_nodes_.assign(children_.size(), 0);
  seldepth_ = 1;
}

Level Search::level() const {
  const int best = most_realistic(tree_, Tree::kRoot);
  if (best < 0) return Level::Likely;
  return tree_.children(Tree::kRoot)[size_t(best)].fork.width(Level::Likely) < kNarrowFork ? Level::Unlikely
                                                                                            : Level::Likely;
}

int Search::next_root_move() {
  ++rounds_;
  if (settings_.voting && rounds_ % uint64_t(std::max(1, settings_.vote_interval)) == 0) {
    const int k = most_realistic(tree_, Tree::kRoot);
    ++votes_[size_t(k)];
    if (!tree_.children(Tree::kRoot)[size_t(k)].solved) return k;
  }
  return most_promising(tree_, Tree::kRoot, level());
}

bool Search::expand_below(int k) {
  const Level lv = level();
  uint32_t node = tree_.child_index(Tree::kRoot, k);
  pos_.in_check();
  pos_.make_move(tree_.node(node).move);
  int ply = 1;
  while (tree_.node(node).expanded) {  // an unsolved expanded node always has an unsolved reply
    node = tree_.child_index(node, most_promising(tree_, node, lv));
    pos_.in_check();
    pos_.make_move(tree_.node(node).move);
    ++ply;
  }
  bool added = true;
  if (ply >= kMaxPly - 1) {
    tree_.settle(node, tree_.node(node).fork);  // deeper than any line is followed: its estimate stands
  } else {
    estimate_replies(ply + 1);
    added = tree_.expand(node, children_);
    if (added) subtree_nodes_[size_t(k)] += children_.size();
  }
  for (int i = 0; i < ply; ++i) pos_.unmake_move();
  if (!added) return false;
  tree_.back_up_from(node);
  seldepth_ = std::max(seldepth_, ply + 1);
  ++expansions_;
  return true;
}

bool Search::time_up() const {
  if (!time_.has_clock()) return false;
  // Votes and realistic estimates disagreeing is the instability that earns more time, as a changing
  // best move does in the main search.
  const bool unsettled = settings_.voting && move_to_play(tree_, votes_) != most_realistic(tree_, Tree::kRoot);
  const int64_t elapsed = now_ms() - control_.clock_start_ms.load(std::memory_order_relaxed);
  return time_.should_stop(elapsed, unsettled ? 1.0 : 0.0, 0, 0);
}

bool Search::should_stop() const {
  if (full_ || tree_.node(Tree::kRoot).solved || control_.stop.load(std::memory_order_relaxed)) return true;
  if (nodes() >= node_limit_) return true;
  // While pondering or analysing, the clock and the stop rule wait: the search goes on until told.
  if (control_.pondering.load(std::memory_order_relaxed) || limits_.infinite) return false;
  return separated_move(tree_, level()) >= 0 || time_up();
}

void Search::report(const std::function<void(const SearchInfo&)>& on_info) const {
  if (!on_info || tree_.children(Tree::kRoot).empty()) return;
  on_info(tree_info(tree_, seldepth_, nodes(), now_ms() - start_ms_));
  for (const SearchInfo& note : root_notes(tree_, {votes_, subtree_nodes_, level(), expansions_})) on_info(note);
}

SearchResult Search::result() const {
  SearchResult r;
  r.nodes = nodes();
  r.time_ms = now_ms() - start_ms_;
  const int k = move_to_play(tree_, votes_);
  if (k < 0) {
    r.score = mated_in(0);  // no move is a loss, in check or not
    return r;
  }
  const uint32_t chosen = tree_.child_index(Tree::kRoot, k);
  r.best = tree_.node(chosen).move;
  r.score = tree_.node(chosen).fork.realistic();
  const std::vector<Move> line = realistic_line(tree_, chosen);
  r.ponder = line.empty() ? Move::none() : line[0];
  r.depth = int(line.size()) + 1;
  return r;
}

SearchResult Search::run(const std::function<void(const SearchInfo&)>& on_info) {
  int64_t next_report = start_ms_ + kInfoIntervalMs;
  while (!should_stop()) {
    if (!expand_below(next_root_move())) full_ = true;
    if (on_info && now_ms() >= next_report) {
      report(on_info);
      next_report = now_ms() + kInfoIntervalMs;
    }
  }
  report(on_info);
  return result();
}

}  // namespace

uint64_t nodes_for_depth(int depth) {
  constexpr uint64_t kBase = 1000;
  constexpr int kMaxDepth = 40;  // 1000 * 1.5^40 is 11 * 10^9: past any search's reach
  uint64_t nodes = kBase;
  for (int d = 0; d < std::min(depth, kMaxDepth); ++d) nodes = nodes * 3 / 2;
  return nodes;
}

}  // namespace best_first

SearchResult best_first_search(const Position& root, const Evaluator& eval, const SearchLimits& limits,
                               SearchControl& control, const std::function<void(const SearchInfo&)>& on_info) {
  return best_first::Search(root, eval, limits, control).run(on_info);
}

}  // namespace jiang
