// How long to think: a soft limit (do not start another iteration after it) and a hard limit (stop).
#pragma once

#include <cstdint>

#include "engine/limits.h"

namespace jiang {

class TimeManager {
 public:
  // A very large value: no limit.
  static constexpr int64_t kUnlimited = int64_t(1) << 60;

  TimeManager(const SearchLimits& limits, Color us);
  int64_t soft_ms() const { return soft_ms_; }
  int64_t hard_ms() const { return hard_ms_; }

 private:
  int64_t soft_ms_ = kUnlimited;
  int64_t hard_ms_ = kUnlimited;
};

}  // namespace jiang
