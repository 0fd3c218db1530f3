#include "engine/timeman.h"

#include <algorithm>

namespace jiang {
namespace {

// Time lost between the GUI's clock and ours (process switches, adapters such as uci2wb): never plan
// to use it.
constexpr int64_t kMoveOverheadMs = 50;
// Without movestogo, plan as if this many moves remained: a game rarely lasts more than ~70 more moves,
// and leaving time for later is safer than flagging.
constexpr int kDefaultMovesToGo = 30;
// The hard limit is at most this fraction of the remaining time, so one long think cannot lose on time.
constexpr int64_t kHardShareDivisor = 4;
// A hard limit a few times the planned time lets an unstable iteration finish.
constexpr int64_t kHardOverSoft = 4;
// Share of the increment to plan on spending now.
constexpr int kIncrementPercent = 80;

}  // namespace

TimeManager::TimeManager(const SearchLimits& limits, Color us) {
  if (limits.infinite) return;
  if (limits.movetime_ms > 0) {
    soft_ms_ = hard_ms_ = std::max<int64_t>(1, limits.movetime_ms - kMoveOverheadMs);
    return;
  }
  if (!limits.has_clock(us)) return;
  const int64_t left = std::max<int64_t>(1, limits.time_ms[us] - kMoveOverheadMs);
  const int moves_to_go = limits.movestogo > 0 ? std::min(limits.movestogo, kDefaultMovesToGo) : kDefaultMovesToGo;
  const int64_t increment = limits.increment_ms[us] * kIncrementPercent / 100;
  const int64_t planned = left / moves_to_go + increment;
  // With the last move before the time control, the whole remaining time is available, less overhead.
  const int64_t cap = limits.movestogo == 1 ? left * 3 / 4 : left / kHardShareDivisor;
  soft_ms_ = std::clamp<int64_t>(planned, 1, cap);
  hard_ms_ = std::clamp<int64_t>(planned * kHardOverSoft, soft_ms_, std::max(cap, soft_ms_));
}

}  // namespace jiang
