// The searcher: iterative deepening over principal-variation alpha-beta with aspiration windows, a
// transposition table, a staged move picker fed by history statistics, selective extensions, reductions
// and pruning, and a quiescence search. All search state lives in the Searcher object (what it learns
// about moves lives in the Histories it is given); one Searcher searches one position once.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/history.h"
#include "engine/limits.h"
#include "engine/movepick.h"
#include "engine/score.h"
#include "engine/search_types.h"
#include "engine/thread_memory.h"
#include "engine/timeman.h"
#include "engine/tt.h"
#include "eval/eval_cache.h"
#include "eval/evaluate.h"
#include "movegen/position.h"

namespace jiang {

// What a search needs besides the position: a table and a thread's memory. For short searches outside
// a game (the tuner's quiet leaves), one per thread, reused with one Evaluator.
struct SearchScratch {
  static constexpr size_t kTableMb = 1;
  TranspositionTable tt{kTableMb};
  std::unique_ptr<ThreadMemory> memory = std::make_unique<ThreadMemory>();
};

// The position at the end of the quiescence search's principal variation: one where the static
// evaluation can be trusted. The tuner evaluates these quiet leaves.
Position quiet_leaf(const Position& pos, const Evaluator& eval, SearchScratch& scratch);

// What a search's static score is (two-stage search, docs seed-searches.md §1): the full evaluation
// (the default); material only (stage 1); or, with positional_ply k > 0, the full evaluation down to ply
// k and deeper the node's own material plus the positional part of its ancestor at ply k (variant 2).
// Each scheme keeps its own entries in the transposition table (a UCCI `probe` sees the default's only);
// material alone neither reads nor teaches the correction history, which learns the evaluation's errors.
struct EvalScheme {
  bool material_only = false;
  int positional_ply = 0;
};

class Searcher {
 public:
  Searcher(const Position& root, const Evaluator& eval, TranspositionTable& tt, ThreadMemory& memory,
           const SearchLimits& limits, SearchControl& control, const EvalScheme& scheme = {});
  SearchResult run(const std::function<void(const SearchInfo&)>& on_info);
  // The principal variation of a quiescence search from the root: the captures (and evasions) after
  // which the position is quiet.
  std::vector<Move> quiescence_pv();
  // The root moves whose score at `depth` reaches `threshold`, each decided by a null-window search (what
  // two-stage search keeps after its first stage); a move not decided before the search stops is kept.
  std::vector<Move> root_moves_reaching(Score threshold, int depth);
  uint64_t nodes() const { return nodes_; }  // this thread's
  uint64_t all_nodes() const;                 // with its helpers' (to the last poll of each)

  // For a search that grows its own tree (best-first): the caller walks the searcher along its lines
  // from the root, and asks for the quiescence score of the position reached (captures, and evasions in
  // check, resolved) from that position's side to move's view, with the full window. The table, the
  // histories and the evaluation cache serve these searches as they serve the main one.
  void walk(Move m) { make_move(walk_ply_++, m); }
  void walk_back() {
    unmake_move();
    --walk_ply_;
  }
  Score quiescence() { return qsearch(walk_ply_, -kInfinite, kInfinite); }
  uint64_t walked_key() const { return pos_.key(); }

 private:
  struct RootMove {
    Move move;
    Score score = -kInfinite;           // in the current iteration; -kInfinite when it failed low
    Score previous_score = -kInfinite;  // in the last completed one: where its aspiration window starts
    std::vector<Move> pv{};             // its line, from when it last became best of its line
    uint64_t nodes = 0;                 // searched below it in this search, all iterations
  };
  // What the search knows about each ply of the current line.
  struct Frame {
    Move move;                    // the move made from this node; none for a null move
    Move excluded;                // a move left out (singular extension search)
    Score static_eval = 0;        // corrected by the correction history
    Score raw_eval = 0;           // before correction, as the table stores it; kNoEval in check
    bool in_check = false;
    bool tt_pv = false;           // on a principal variation now or when the table saw it
    int stat_score = 0;           // the history of the move made from this node
    int double_extensions = 0;    // double extensions on the path to this node
    std::array<Move, 2> killers{};
    PieceToHistory* continuation = nullptr;  // the table of the move made from this node
    Correction* move_correction = nullptr;   // the correction entry of the move made from this node
    Score positional = 0;         // the evaluation less material, kept at ply EvalScheme::positional_ply
  };
  // Frames before the root, for the look-backs of continuation history (up to 4 plies).
  static constexpr int kFrameOffset = 4;

  // A skill level's move among the last completed iteration's lines, in place of the best one (with
  // the chosen line's score and reply).
  void choose_weaker_move(const std::vector<ScoredMove>& lines, SearchResult& result) const;
  void prepare_root_frame();  // the root's check flag and static score
  // Searches the root moves from pv_index_ on; the best goes to pv_index_.
  Score root_search(int depth, Score alpha, Score beta);
  // root_search in a window around the previous score, widened until the score falls inside it;
  // reports each widening when report_bounds.
  Score aspiration_search(int depth, Score previous, bool report_bounds,
                          const std::function<void(const SearchInfo&)>& on_info);
  // One info line a principal variation (MultiPV), best first.
  void report_lines(int depth, int lines, const std::function<void(const SearchInfo&)>& on_info) const;
  Score search(int depth, int ply, Score alpha, Score beta, bool cut_node);
  Score qsearch(int ply, Score alpha, Score beta);
  // Reverse futility and null move at a non-PV node not in check: a score to return.
  std::optional<Score> prune_node(int depth, int ply, Score beta, Score eval, bool improving, bool cut_node);
  // The extension (or reduction, if negative) of the hash move from the singular search; sets `cutoff` to a
  // score to return when several moves beat beta.
  int singular_extension(int depth, int ply, Score beta, const TTEntry& entry, bool pv_node, bool cut_node,
                         std::optional<Score>& cutoff);
  // What pruning needs to know about a late move: its victim (NoPiece for a quiet move), the depth and
  // the depth after a late move reduction, its history, and the node's static score and alpha.
  struct MoveOutlook {
    Move move;
    Piece victim;
    int depth;
    int lmr_depth;
    int history;
    Score eval;
    Score alpha;
    bool in_check;
  };
  bool futile(const MoveOutlook& outlook, bool skip_quiets);
  int reduction_adjustment(int ply, bool pv_node, bool cut_node, bool improving, bool capture) const;
  // The static score of the node at `ply` by the scheme, before correction.
  Score static_score(int ply);
  // Keeps the positional part of the node at `ply` (the scheme's positional_ply) for its descendants.
  void remember_positional(int ply);
  // The transposition table's key of the current position: the scheme's salt keeps schemes apart.
  uint64_t table_key() const { return jiang::table_key(pos_) ^ key_salt_; }
  // Starts loading the table entry of the child after m (not made yet) while the move loop still decides
  // on the move: a probe right after the move would wait for memory (about a tenth of the search's time
  // was that wait when make_move itself prefetched).
  void prefetch_child(Move m) const { tt_.prefetch(jiang::table_key_after(pos_, m) ^ key_salt_); }
  static uint64_t table_key_salt(const EvalScheme& scheme);
  // The correction history's entries for the node at ply (at most four: see corrections()).
  struct CorrectionEntries {
    std::array<Correction*, 4> entries{};
    int count = 0;
    void push(Correction& c) { entries[size_t(count++)] = &c; }
    Correction* const* begin() const { return entries.data(); }
    Correction* const* end() const { return entries.data() + count; }
  };
  CorrectionEntries corrections(int ply) const;
  Score corrected_eval(int ply, Score raw) const;
  void update_correction(int ply, int depth, Score best, Score static_eval);
  // A move (or a pass) from the node at `ply`; `extension` is the plies the move was extended by, which
  // the child's count of double extensions on its line takes in.
  void make_move(int ply, Move m, int extension = 0);
  void make_null(int ply);
  void unmake_move() { pos_.unmake_move(); }
  ContinuationTables continuation(int ply) const;
  // Rewards the move that cut off and penalises the moves of its kind tried before it.
  void update_histories(int ply, Move best, int depth, const Move* quiets, int quiet_count, const Move* captures,
                        int capture_count);
  void update_continuation(int ply, Piece piece, Square to, int bonus);
  // The game's verdict on the node at `ply` by its rules (repetition, the 60-move rule), if it has one;
  // notes how far back the verdict looked (see verdict_reach_).
  std::optional<Score> rule_score(int ply);
  bool null_move_allowed() const;
  bool gives_check(Move m);
  bool has_long_range_pieces(Color c) const;
  bool should_stop();
  // The share of the root's nodes, over all iterations, searched below the current best move.
  double best_move_node_share() const;
  void update_pv(int ply, Move m);
  SearchInfo info(int depth, Score score, Bound bound) const;
  Move ponder_move();
  Frame& frame(int ply) { return frames_[ply + kFrameOffset]; }

  Position pos_;
  const Evaluator& eval_;
  TranspositionTable& tt_;
  const EvalScheme scheme_;
  const uint64_t key_salt_;
  Histories& histories_;
  EvalCache& eval_cache_;  // static evaluations made before, for nodes the table has no entry for
  uint64_t eval_probes_at_start_, eval_hits_at_start_;
  const SearchLimits& limits_;
  const SearchMargins& margins_;  // the search's margins, depths and divisors: limits_.search_params
  const StepSet off_;  // the steps turned off (engine/search_steps.h)
  bool on(SearchStep s) const { return !off_.has(s); }
  SearchControl& control_;
  TimeManager time_;
  int64_t start_ms_;
  std::vector<RootMove> root_moves_;
  std::array<Frame, kMaxPly + kFrameOffset + 2> frames_{};
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv_{};
  std::array<int, kMaxPly + 1> pv_length_{};
  uint64_t nodes_ = 0;
  int seldepth_ = 0;
  int root_depth_ = 0;
  size_t pv_index_ = 0;        // the line (MultiPV) being searched: the root moves before it are settled
  int root_best_changes_ = 0;  // how often the best root move changed in this iteration
  int null_min_ply_ = 0;       // no null move before this ply: a null-move cutoff is being verified
  // How far back the rule verdicts in the subtree being searched looked: the shallowest ply of an
  // earlier occurrence that a repetition repeated, and of the position after the last capture that a
  // 60-move draw counted from; kNoVerdict if none (docs/search.md, "Path-dependent verdicts").
  static constexpr int kNoVerdict = kMaxPly + 1;
  struct VerdictReach {
    int repetition = kNoVerdict;
    int count = kNoVerdict;
  };
  VerdictReach verdict_reach_;
  // Opens a node's account of verdict_reach_ and, when the node returns, adds it to its parent's.
  class VerdictScope {
   public:
    explicit VerdictScope(VerdictReach& reach) : reach_(reach), outer_(reach) { reach_ = {}; }
    ~VerdictScope() {
      reach_.repetition = std::min(reach_.repetition, outer_.repetition);
      reach_.count = std::min(reach_.count, outer_.count);
    }
    VerdictScope(const VerdictScope&) = delete;
    VerdictScope& operator=(const VerdictScope&) = delete;

   private:
    VerdictReach& reach_;
    const VerdictReach outer_;
  };
  // Whether the score of the node at `ply` (the current position) is true whatever the path to it:
  // no repetition in its subtree repeated a position before it, and no 60-move draw counted from before
  // it unless its table key holds its count. Only such a score goes into the table (and teaches the
  // correction history).
  bool path_free(int ply) const {
    return verdict_reach_.repetition >= ply && (verdict_reach_.count >= ply || count_in_table_key(pos_));
  }
  bool stopped_ = false;
  int walk_ply_ = 0;  // the ply of the position walked to (walk())
};

}  // namespace jiang
