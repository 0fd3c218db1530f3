#include "engine/timeman.h"

#include <algorithm>

namespace jiang {
namespace {

// Without movestogo, plan as if this many moves remained: a game rarely lasts more than ~70 more moves,
// and leaving time for later is safer than flagging.
constexpr int kDefaultMovesToGo = 30;
// The hard limit is at most this fraction of the remaining time, so one long think cannot lose on time.
constexpr int64_t kHardShareDivisor = 4;
// The hard limit is this many times the optimum, room for an unstable search to settle.
constexpr int64_t kHardOverOptimum = 5;
// Share of the increment to plan on spending now.
constexpr int kIncrementPercent = 80;

// The stop decision scales the optimum: a changing best move doubles it per change (within bounds),
// a stable one shrinks it, a falling score lengthens it.
constexpr double kInstabilityPerChange = 0.9;
constexpr int kStableIterations = 6;     // this many iterations with one best move count as settled
constexpr double kStableFactor = 0.6;    // ... and then the search stops at this share of the optimum
constexpr double kScoreDropPerCp = 0.01; // each centipawn lost since the last iterations: 1% more time
constexpr double kMinDropFactor = 0.8, kMaxDropFactor = 1.6;

}  // namespace

TimeManager::TimeManager(const SearchLimits& limits, Color us) : off_(limits.design.disabled) {
  if (limits.infinite) return;
  const int64_t overhead = std::max<int64_t>(0, limits.move_overhead_ms);
  if (limits.movetime_ms > 0) {
    optimum_ms_ = hard_ms_ = std::max<int64_t>(1, limits.movetime_ms - overhead);
    return;
  }
  if (!limits.has_clock(us)) return;
  const int64_t left = std::max<int64_t>(1, limits.time_ms[us] - overhead);
  const int moves_to_go = limits.movestogo > 0 ? std::min(limits.movestogo, kDefaultMovesToGo) : kDefaultMovesToGo;
  const int64_t increment = limits.increment_ms[us] * kIncrementPercent / 100;
  const int64_t planned = left / moves_to_go + increment;
  // With the last move before the time control, the whole remaining time is available, less overhead.
  // (At least a millisecond: std::clamp needs its lower bound no higher than its upper one.)
  const int64_t cap = std::max<int64_t>(1, limits.movestogo == 1 ? left * 3 / 4 : left / kHardShareDivisor);
  optimum_ms_ = std::clamp<int64_t>(planned, 1, cap);
  hard_ms_ = std::clamp<int64_t>(planned * kHardOverOptimum, optimum_ms_, cap);
}

bool TimeManager::should_stop(int64_t elapsed_ms, double best_move_changes, int stable_iterations,
                              int score_drop) const {
  if (!has_clock()) return false;
  // Steps 27-29, time_best_move_changes, time_stability, time_score_drop: not measured yet; at fixed
  // nodes they do nothing, so each needs 1000 games at a time control (docs/search.md).
  const double instability = off_.has(SearchStep::TimeBestMoveChanges) ? 1.0 : 1.0 + kInstabilityPerChange * best_move_changes;
  const double stability = stable_iterations >= kStableIterations && !off_.has(SearchStep::TimeStability) ? kStableFactor : 1.0;
  const double drop = off_.has(SearchStep::TimeScoreDrop)
                          ? 1.0
                          : std::clamp(1.0 + kScoreDropPerCp * score_drop, kMinDropFactor, kMaxDropFactor);
  const double budget = double(optimum_ms_) * instability * stability * drop;
  return double(elapsed_ms) >= std::min(budget, double(hard_ms_));
}

}  // namespace jiang
