#include "engine/timeman.h"

#include <algorithm>

namespace jiang {
namespace {

// The hard limit is at most this fraction of the remaining time, so one long think cannot lose on time.
// (A safety bound, not a tuning parameter: the time.* parameters of engine/search_params.cpp are.)
constexpr int64_t kHardShareDivisor = 4;

}  // namespace

TimeManager::TimeManager(const SearchLimits& limits, Color us)
    : off_(limits.design.disabled), m_(limits.search_params.margins().time) {
  if (limits.infinite) return;
  const int64_t overhead = std::max<int64_t>(0, limits.move_overhead_ms);
  if (limits.movetime_ms > 0) {
    optimum_ms_ = hard_ms_ = std::max<int64_t>(1, limits.movetime_ms - overhead);
    return;
  }
  if (!limits.has_clock(us)) return;
  const int64_t left = std::max<int64_t>(1, limits.time_ms[us] - overhead);
  const int horizon = std::max(1, m_.moves_to_go);
  const int moves_to_go = limits.movestogo > 0 ? std::min(limits.movestogo, horizon) : horizon;
  const int64_t increment = limits.increment_ms[us] * m_.increment_percent / 100;
  const int64_t planned = left / moves_to_go + increment;
  // With the last move before the time control, the whole remaining time is available, less overhead.
  // (At least a millisecond: std::clamp needs its lower bound no higher than its upper one.)
  const int64_t cap = std::max<int64_t>(1, limits.movestogo == 1 ? left * 3 / 4 : left / kHardShareDivisor);
  optimum_ms_ = std::clamp<int64_t>(planned, 1, cap);
  hard_ms_ = std::clamp<int64_t>(planned * m_.hard_over_optimum, optimum_ms_, cap);
}

bool TimeManager::should_stop(int64_t elapsed_ms, double best_move_changes, int stable_iterations,
                              int score_drop, double best_move_node_share) const {
  if (!has_clock()) return false;
  // Steps 27-29 and 33 do nothing at fixed nodes, so each was measured at a time control (docs/search.md):
  // Step 27, time_stability: Elo +13.6 +/- 13.6 (1000 games, 2+0.02, fd1b8d9, 2026-12-05).
  // Step 28, time_best_move_changes: Elo +34.9 +/- 18.5 (500 games to SPRT H1, 2+0.02, fd1b8d9, 2026-12-05).
  // Step 29, time_score_drop: Elo +4.2 +/- 13.9 (1000 games, 2+0.02, fd1b8d9, 2026-12-05).
  const double instability = off_.has(SearchStep::TimeBestMoveChanges)
                                 ? 1.0
                                 : 1.0 + m_.instability_percent / 100.0 * best_move_changes;
  const bool settled = stable_iterations >= m_.stable_iterations && !off_.has(SearchStep::TimeStability);
  const double stability = settled ? m_.stable_percent / 100.0 : 1.0;
  const double drop = off_.has(SearchStep::TimeScoreDrop)
                          ? 1.0
                          : std::clamp(1.0 + m_.score_drop_permille / 1000.0 * score_drop,
                                       m_.drop_min_percent / 100.0, m_.drop_max_percent / 100.0);
  // Step 33, time_node_share: Elo +21.7 +/- 13.2 (800 games to SPRT H1, 2+0.02, 45f1e08, 2026-12-06).
  const bool one_sided = !off_.has(SearchStep::TimeNodeShare) &&
                         best_move_node_share * 100 >= m_.node_share_percent;
  const double share = one_sided ? m_.node_share_scale_percent / 100.0 : 1.0;
  const double budget = double(optimum_ms_) * instability * stability * drop * share;
  return double(elapsed_ms) >= std::min(budget, double(hard_ms_));
}

}  // namespace jiang
