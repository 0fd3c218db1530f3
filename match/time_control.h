// How long engines may think: a clock of `base + increment` seconds each (`--tc 10+0.1`), optionally
// renewed every so many moves (`--tc 40/60`: 60 s for each 40 moves), or a fixed node count or depth for
// every move.
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
  int moves = 0;  // 0: sudden death; else base_ms is added to the clock after every `moves` moves
};

// "10+0.1", "60" or "0.5+0": seconds (decimals allowed, to the millisecond), base above zero,
// increment zero or more; "40/0.5" or "40/60+1": that clock for every 40 moves. Throws TimeControlError.
TimeControl parse_time_control(const std::string& text);
// Milliseconds as seconds without trailing zeros: 10000 -> "10", 100 -> "0.1".
std::string seconds_text(int64_t ms);
// "10+0.1" or "40/0.5+0" back again: the PGN TimeControl tag.
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
// and the scheduler, not the engine's thinking) and the overrun is counted, for the report.
class Clock {
 public:
  using Millis = std::chrono::milliseconds;
  Clock(const TimeControl& tc, Millis margin) : remaining_ms_(tc.base_ms), tc_(tc), margin_(margin) {}

  int64_t remaining_ms() const { return remaining_ms_; }
  // How long to wait for the bestmove before the engine has forfeited.
  Millis deadline() const { return Millis(remaining_ms_) + margin_; }
  enum class Charge { InTime, Overrun, Forfeit };  // Overrun: past the clock, within the margin
  // Charges a move that took `used`; Forfeit if it overran the clock by more than the margin (then the
  // clock is left as it was). The clock's base comes back after the last move of each period.
  Charge charge(Millis used);
  // Moves left in this period, the one to play included (the protocols' movestogo); 0 in sudden death.
  int moves_to_go() const { return tc_.moves ? tc_.moves - moves_made_ % tc_.moves : 0; }

 private:
  int64_t remaining_ms_;
  int moves_made_ = 0;
  TimeControl tc_;
  Millis margin_;
};

}  // namespace jiang::match
