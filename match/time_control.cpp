#include "match/time_control.h"

#include <cmath>
#include <cstdio>
#include <optional>

namespace jiang::match {
namespace {

// Longer than any real match: a guard against typos and overflow.
constexpr double kMaxSeconds = 1e6;
// More moves than a game has: a period that never ends is sudden death, written without the slash.
constexpr int kMaxMovesPerPeriod = 1000;

// A plain decimal number of seconds (digits, at most one '.'), to milliseconds; nothing otherwise.
std::optional<int64_t> seconds_to_ms(const std::string& text) {
  if (text.empty() || text == ".") return std::nullopt;
  int dots = 0;
  for (char c : text) {
    if (c == '.') ++dots;
    else if (c < '0' || c > '9') return std::nullopt;
  }
  if (dots > 1) return std::nullopt;
  const double seconds = std::strtod(text.c_str(), nullptr);
  if (!(seconds <= kMaxSeconds)) return std::nullopt;
  return int64_t(std::llround(seconds * 1000));
}

}  // namespace

TimeControl parse_time_control(const std::string& text) {
  const size_t slash = text.find('/');
  int moves = 0;
  if (slash != std::string::npos) {
    const std::string count = text.substr(0, slash);
    const bool digits = !count.empty() && count.size() <= 4 && count.find_first_not_of("0123456789") == std::string::npos;
    moves = digits ? std::stoi(count) : 0;
    if (moves < 1 || moves > kMaxMovesPerPeriod)
      throw TimeControlError("time control '" + text + "': the moves before '/' must be 1.." +
                             std::to_string(kMaxMovesPerPeriod));
  }
  const std::string clock = slash == std::string::npos ? text : text.substr(slash + 1);
  const size_t plus = clock.find('+');
  const std::optional<int64_t> base_ms = seconds_to_ms(clock.substr(0, plus));
  const std::optional<int64_t> increment_ms = seconds_to_ms(plus == std::string::npos ? "0" : clock.substr(plus + 1));
  if (!base_ms || !increment_ms)
    throw TimeControlError("time control '" + text +
                           "' is not [MOVES/]SECONDS[+INCREMENT] (e.g. 10+0.1, or 40/60 for 60 s every 40 moves)");
  if (*base_ms <= 0) throw TimeControlError("time control '" + text + "': the base time must be above zero");
  return {*base_ms, *increment_ms, moves};
}

std::string seconds_text(int64_t ms) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", double(ms) / 1000);
  std::string text = buffer;
  while (text.back() == '0') text.pop_back();  // "0.100" -> "0.1", "10.000" -> "10."
  if (text.back() == '.') text.pop_back();
  return text;
}

std::string to_string(const TimeControl& tc) {
  return (tc.moves ? std::to_string(tc.moves) + "/" : "") + seconds_text(tc.base_ms) + "+" + seconds_text(tc.increment_ms);
}

Clock::Charge Clock::charge(Millis used) {
  if (used > deadline()) return Charge::Forfeit;
  const bool overrun = used.count() > remaining_ms_;
  remaining_ms_ = std::max<int64_t>(remaining_ms_ - used.count(), 0) + tc_.increment_ms;
  if (tc_.moves && ++moves_made_ % tc_.moves == 0) remaining_ms_ += tc_.base_ms;
  return overrun ? Charge::Overrun : Charge::InTime;
}

}  // namespace jiang::match
