// The two clocks of a timed game: a base time and an increment per move, the side to move's running.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>

#include "movegen/types.h"

namespace jiang::gui {

class GameClock {
 public:
  using Clock = std::chrono::steady_clock;

  GameClock() = default;
  // No clocks when base_ms is 0.
  GameClock(int64_t base_ms, int64_t increment_ms);

  bool enabled() const { return enabled_; }
  int64_t increment_ms() const { return increment_ms_; }
  // The time left to `side` now (its running time counted).
  int64_t remaining_ms(Color side, Clock::time_point now = Clock::now()) const;
  std::optional<Color> running() const { return running_; }

  void start(Color side, Clock::time_point now = Clock::now());
  void stop(Clock::time_point now = Clock::now());
  // The mover's time is charged and its increment added; the other side's clock starts.
  void move_made(Color mover, Clock::time_point now = Clock::now());
  // The side whose time has run out, if one has.
  std::optional<Color> flagged(Clock::time_point now = Clock::now()) const;

 private:
  bool enabled_ = false;
  int64_t increment_ms_ = 0;
  std::array<int64_t, 2> remaining_{0, 0};
  std::optional<Color> running_;
  Clock::time_point since_;
};

}  // namespace jiang::gui
