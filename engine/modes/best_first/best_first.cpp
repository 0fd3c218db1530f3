#include "engine/modes/best_first/best_first.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "engine/modes/best_first/first_estimate.h"
#include "engine/modes/best_first/kept_tree.h"
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

// The limits of the quiescence searches that score first estimates: the design, the margins and the
// rules of the search, but no clock, node or depth limit (a quiescence search stopped midway would
// return a false score; the best-first loop keeps the time), and a control of their own.
SearchLimits quiescence_limits(const SearchLimits& limits) {
  SearchLimits q;
  q.rules = limits.rules;
  q.design = limits.design;
  q.search_params = limits.search_params;
  return q;
}

class Search {
 public:
  Search(const Position& root, const Evaluator& eval, TranspositionTable& tt, ThreadMemory& memory,
         const SearchLimits& limits, SearchControl& control);
  SearchResult run(const std::function<void(const SearchInfo&)>& on_info);

 private:
  // The tree to start from: the last search's subtree at this root when the game went on along it.
  Tree first_tree(const Position& root) const;
  // Leaves the tree for the next search (not when the GUI restricted the root moves: the tree would
  // lack the moves left out).
  void keep_tree();
  // Positions generated in this search: each reply estimated or taken from a transposition (kept in
  // the tree or not), and those the quiescence searches visited beyond the reply they scored.
  uint64_t nodes() const { return estimates_ + quiet_.nodes() - quiescence_searches_; }
  void expand_root();
  void adopt_root();  // a kept tree's root: its moves are there already
  // A move made and unmade in pos_ and the quiescence searcher together.
  void step(Move m);
  void step_back();
  // The replies of pos_ with their first estimates, `ply` plies below the root. With `limited`, false
  // as soon as the node limit is reached, the replies unfinished: `go nodes` stops within one
  // quiescence search, not one expansion (several hundred positions with their quiescence searches).
  bool estimate_replies(int ply, bool limited);
  // Where a position was expanded first in this search, and how deep.
  struct Expansion {
    uint32_t node;
    int ply;
  };
  // The replies of pos_, `ply` plies below the root, which the tree holds already below `seen` (the
  // same position reached by another line): their forks as they stand there, which the search has
  // refined since their first estimates, at the cost of a rules check each.
  void transpose_replies(const Expansion& seen, int ply);
  // The root move to search below next; casts a vote on a voting turn.
  int next_root_move();
  // One expansion below root move k: descend, expand, back up. False when the tree is full or the
  // node limit came first.
  bool expand_below(int k);
  Level level() const;
  bool should_stop() const;
  bool time_up() const;
  void report(const std::function<void(const SearchInfo&)>& on_info) const;
  SearchResult result() const;

  Position pos_;
  const SearchLimits quiet_limits_;
  SearchControl quiet_control_;
  Searcher quiet_;  // walked in step with pos_: the first estimates' quiescence searches
  FirstEstimator estimator_;
  const SearchLimits& limits_;
  ThreadMemory& memory_;
  const Settings& settings_;
  SearchControl& control_;
  TimeManager time_;
  Tree tree_;
  bool reused_ = false;                 // tree_ began as the last search's subtree
  std::vector<Child> children_;         // scratch for an expansion
  std::unordered_map<uint64_t, Expansion> expanded_;  // by position key
  std::vector<uint32_t> votes_;         // by root move
  std::vector<uint64_t> subtree_nodes_; // nodes generated below each root move
  uint64_t expansions_ = 0;
  uint64_t estimates_ = 0;
  uint64_t transpositions_ = 0;  // expansions that took their replies from a transposition
  uint64_t quiescence_searches_ = 0;
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

Search::Search(const Position& root, const Evaluator& eval, TranspositionTable& tt, ThreadMemory& memory,
               const SearchLimits& limits, SearchControl& control)
    : pos_(root),
      quiet_limits_(quiescence_limits(limits)),
      quiet_(root, eval, tt, memory, quiet_limits_, quiet_control_),
      estimator_(eval, limits.rules, memory.eval_cache),
      limits_(limits),
      memory_(memory),
      settings_(limits.design.best_first),
      control_(control),
      time_(limits, root.side_to_move()),
      tree_(first_tree(root)),
      node_limit_(node_limit(limits)),
      start_ms_(now_ms()) {
  memory_.best_first.reset();  // copied or useless: its memory goes back before the search grows a new tree
  reused_ = tree_.node(Tree::kRoot).expanded;
  if (reused_) adopt_root();
  else expand_root();
}

Tree Search::first_tree(const Position& root) const {
  const size_t budget = node_budget(settings_);
  if (memory_.best_first && limits_.banned.empty() && limits_.only.empty())
    if (std::optional<Tree> kept = continue_tree(*memory_.best_first, root, limits_.rules, budget))
      return std::move(*kept);
  return Tree(budget);
}

void Search::keep_tree() {
  if (!limits_.banned.empty() || !limits_.only.empty()) {
    memory_.best_first.reset();
    return;
  }
  memory_.best_first = std::make_shared<KeptTree>(KeptTree{pos_, limits_.rules, std::move(tree_)});
}

void Search::step(Move m) {
  pos_.in_check();  // recorded by make_move for the repetition rules
  pos_.make_move(m);
  quiet_.walk(m);
}

void Search::step_back() {
  pos_.unmake_move();
  quiet_.walk_back();
}

bool Search::estimate_replies(int ply, bool limited) {
  MoveList moves;
  generate_legal(pos_, moves);
  children_.clear();
  for (Move m : moves) {
    if (limited && nodes() >= node_limit_) return false;
    step(m);
    children_.push_back(estimator_.estimate(pos_, quiet_, m, ply));
    ++estimates_;
    if (!children_.back().terminal) ++quiescence_searches_;
    step_back();
  }
  return true;
}

void Search::adopt_root() {
  const size_t moves = tree_.children(Tree::kRoot).size();
  votes_.assign(moves, 0);
  subtree_nodes_.assign(moves, 0);
  seldepth_ = 1;
}

void Search::transpose_replies(const Expansion& seen, int ply) {
  children_.clear();
  const std::span<const Node> replies = tree_.children(seen.node);
  for (const Node& r : replies) {
    step(r.move);
    if (const auto end = estimator_.verdict(pos_, ply + 1)) {
      children_.push_back({r.move, Fork::exact(end->value), true, end->by_rule});
    } else if (r.by_rule) {
      // A repetition ended the game on the other line only: this one needs its own estimate.
      children_.push_back(estimator_.estimate(pos_, quiet_, r.move, ply + 1));
      ++quiescence_searches_;
    } else {
      // Mates count plies from the root: here they are ply - seen.ply plies further.
      children_.push_back({r.move, r.fork.mates_nearer(seen.ply - ply), false});
    }
    ++estimates_;
    step_back();
  }
  ++transpositions_;
}

void Search::expand_root() {
  estimate_replies(1, false);  // whatever the limits: a move to play
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
  step(tree_.node(node).move);
  int ply = 1;
  while (tree_.node(node).expanded) {  // an unsolved expanded node always has an unsolved reply
    node = tree_.child_index(node, most_promising(tree_, node, lv));
    step(tree_.node(node).move);
    ++ply;
  }
  bool added = true;
  pos_.in_check();  // the repetition rules read the check flags of the record
  if (const auto end = estimator_.verdict(pos_, ply)) {
    // Only a kept tree has such a leaf: a rule's verdict reopened when the root moved (Tree::subtree).
    tree_.settle(node, Fork::exact(end->value), end->by_rule);
  } else if (ply >= kMaxPly - 1) {
    tree_.settle(node, tree_.node(node).fork);  // deeper than any line is followed: its estimate stands
  } else {
    const auto seen = expanded_.find(pos_.key());
    if (seen != expanded_.end()) transpose_replies(seen->second, ply);
    added = (seen != expanded_.end() || estimate_replies(ply + 1, true)) && tree_.expand(node, children_);
    if (added) {
      subtree_nodes_[size_t(k)] += children_.size();
      expanded_.try_emplace(pos_.key(), Expansion{node, ply});
    }
  }
  for (int i = 0; i < ply; ++i) step_back();
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
  const RootView view{votes_, subtree_nodes_, level(), expansions_, transpositions_, reused_};
  for (const SearchInfo& note : root_notes(tree_, view)) on_info(note);
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
    if (!expand_below(next_root_move()) && nodes() < node_limit_) full_ = true;
    if (on_info && now_ms() >= next_report) {
      report(on_info);
      next_report = now_ms() + kInfoIntervalMs;
    }
  }
  report(on_info);
  const SearchResult r = result();
  keep_tree();
  return r;
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

SearchResult best_first_search(const Position& root, const Evaluator& eval, TranspositionTable& tt,
                               ThreadMemory& memory, const SearchLimits& limits, SearchControl& control,
                               const std::function<void(const SearchInfo&)>& on_info) {
  return best_first::Search(root, eval, tt, memory, limits, control).run(on_info);
}

}  // namespace jiang
