// The searcher: iterative deepening over principal-variation alpha-beta with aspiration windows, null
// move pruning, killer and history ordering, a transposition table and a quiescence search. All search
// state lives in the Searcher object; one Searcher searches one position once.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/engine.h"
#include "engine/ordering.h"
#include "engine/timeman.h"
#include "engine/tt.h"
#include "eval/eval_cache.h"

namespace jiang {

// Signals from outside the search thread.
struct SearchControl {
  std::atomic<bool> stop{false};
  std::atomic<bool> pondering{false};     // no time limit while set (ponder or infinite)
  std::atomic<int64_t> clock_start_ms{0}; // when our clock started: at go, or at ponderhit
};

int64_t now_ms();  // a monotonic clock in milliseconds

// The position at the end of the quiescence search's principal variation: one where the static
// evaluation can be trusted. The tuner evaluates these quiet leaves. `scratch` is any table; the
// quiescence search does not use it, but a Searcher needs one.
Position quiet_leaf(const Position& pos, const Evaluator& eval, TranspositionTable& scratch);

class Searcher {
 public:
  Searcher(const Position& root, const Evaluator& eval, TranspositionTable& tt, const SearchLimits& limits,
           SearchControl& control);
  SearchResult run(const std::function<void(const SearchInfo&)>& on_info);
  // The principal variation of a quiescence search from the root: the captures (and evasions) after
  // which the position is quiet.
  std::vector<Move> quiescence_pv();

 private:
  struct RootMove {
    Move move;
    Score score = -kInfinite;
  };

  Score root_search(int depth, Score alpha, Score beta);
  Score search(int depth, int ply, Score alpha, Score beta, bool null_allowed);
  Score qsearch(int ply, Score alpha, Score beta);
  // Searches one move; `first` gets the full window, the others a null window (reduced by `reduction`
  // plies first) and a re-search when they beat alpha.
  Score search_child(Move m, int depth, int ply, Score alpha, Score beta, bool first, int reduction);
  // The stored score if its bound settles this window.
  static std::optional<Score> table_cutoff(const TTEntry& entry, int ply, Score alpha, Score beta);
  // Reverse futility and null-move pruning at a non-PV node not in check: a score to return, or nothing.
  std::optional<Score> prune_node(int depth, int ply, Score beta, Score static_eval, bool null_allowed);
  std::optional<Score> rule_score(int ply) const;
  bool null_move_allowed() const;
  bool gives_check(Move m);
  bool has_long_range_pieces(Color c) const;
  bool should_stop();
  void update_pv(int ply, Move m);
  SearchInfo info(int depth, Score score, Bound bound) const;
  Move ponder_move();

  Position pos_;
  const Evaluator& eval_;
  EvalCache eval_cache_;  // static evaluations of this search, for nodes the table has no entry for
  TranspositionTable& tt_;
  const SearchLimits& limits_;
  SearchControl& control_;
  TimeManager time_;
  int64_t start_ms_;
  std::vector<RootMove> root_moves_;
  OrderingHistory history_;
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv_{};
  std::array<int, kMaxPly + 1> pv_length_{};
  uint64_t nodes_ = 0;
  int seldepth_ = 0;
  bool stopped_ = false;
};

}  // namespace jiang
