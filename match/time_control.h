// How long engines may think: a clock of `base + increment` seconds each (`--tc 10+0.1`), or a fixed
// node count or depth for every move.
#pragma once

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace jiang::match {

class TimeControlError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct TimeControl {
  int64_t base_ms = 0;
  int64_t increment_ms = 0;
};

// "10+0.1", "60" or "0.5+0": seconds (decimals allowed, to the millisecond), base above zero,
// increment zero or more. Throws TimeControlError.
TimeControl parse_time_control(const std::string& text);
// "10+0.1" back again: the PGN TimeControl tag.
std::string to_string(const TimeControl& tc);

// What one move may use: exactly one of a clock, nodes or depth is set.
struct MoveBudget {
  bool clock = false;
  TimeControl tc;
  uint64_t nodes = 0;
  int depth = 0;
};

// One engine's clock in a game. Time counts from `go` to `bestmove`; an engine that overruns its time by
// more than the margin forfeits, one that overruns by less is left at zero (the margin covers the pipes
// and the scheduler, not the engine's thinking).
class Clock {
 public:
  using Millis = std::chrono::milliseconds;
  Clock(const TimeControl& tc, Millis margin) : remaining_ms_(tc.base_ms), tc_(tc), margin_(margin) {}

  int64_t remaining_ms() const { return remaining_ms_; }
  // How long to wait for the bestmove before the engine has forfeited.
  Millis deadline() const { return Millis(remaining_ms_) + margin_; }
  // Charges a move that took `used`; false if it overran the clock by more than the margin (then the
  // clock is left as it was).
  bool charge(Millis used);

 private:
  int64_t remaining_ms_;
  TimeControl tc_;
  Millis margin_;
};

}  // namespace jiang::match
