#include "gui/game_clock.h"

namespace jiang::gui {

GameClock::GameClock(int64_t base_ms, int64_t increment_ms)
    : enabled_(base_ms > 0), increment_ms_(increment_ms), remaining_{base_ms, base_ms} {}

int64_t GameClock::remaining_ms(Color side, Clock::time_point now) const {
  int64_t left = remaining_[side];
  if (running_ == side) left -= std::chrono::duration_cast<std::chrono::milliseconds>(now - since_).count();
  return left;
}

void GameClock::start(Color side, Clock::time_point now) {
  if (!enabled_) return;
  stop(now);
  running_ = side;
  since_ = now;
}

void GameClock::stop(Clock::time_point now) {
  if (!running_) return;
  remaining_[*running_] = remaining_ms(*running_, now);
  running_.reset();
}

void GameClock::move_made(Color mover, Clock::time_point now) {
  if (!enabled_) return;
  stop(now);
  remaining_[mover] += increment_ms_;
  start(~mover, now);
}

std::optional<Color> GameClock::flagged(Clock::time_point now) const {
  if (running_ && remaining_ms(*running_, now) < 0) return running_;
  return std::nullopt;
}

}  // namespace jiang::gui
