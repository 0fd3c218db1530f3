// How long to think. From the clock: an optimum time (the planned share of what is left) and a maximum
// (the hard stop). Between iterations the search asks whether to go on: it stops early when the best
// move has been stable and the score steady or its rivals were refuted at once (it took nearly all the
// nodes), and thinks longer when the best move keeps changing or the score is falling. How much of each
// is a parameter of group "time" (engine/search_params.cpp).
#pragma once

#include <cstdint>

#include "engine/limits.h"

namespace jiang {

class TimeManager {
 public:
  // A very large value: no limit.
  static constexpr int64_t kUnlimited = int64_t(1) << 60;

  TimeManager(const SearchLimits& limits, Color us);
  int64_t optimum_ms() const { return optimum_ms_; }
  int64_t hard_ms() const { return hard_ms_; }
  bool has_clock() const { return optimum_ms_ < kUnlimited; }

  // After a completed iteration: whether the search should stop now, `elapsed_ms` into it.
  //   best_move_changes: how often the best move changed in this iteration and (decayed) before;
  //   stable_iterations: iterations in a row that ended with the same best move;
  //   score_drop: how much the score fell since the previous iterations (negative if it rose);
  //   best_move_node_share: the share of the root's nodes (all iterations) searched below the best move.
  bool should_stop(int64_t elapsed_ms, double best_move_changes, int stable_iterations, int score_drop,
                   double best_move_node_share = 0) const;

 private:
  int64_t optimum_ms_ = kUnlimited;
  int64_t hard_ms_ = kUnlimited;
  StepSet off_;       // the stop decision's factors turned off (SearchStep::Time*)
  TimeMargins m_;     // the time.* parameters (engine/search_params.cpp), from the limits
};

}  // namespace jiang
