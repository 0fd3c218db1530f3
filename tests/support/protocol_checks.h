// Checks shared by the UCCI and UCI conversation tests: a command the engine must refuse with an
// `info string` (and go on answering), one it must take without a word, and a timed go.
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "tests/support/conversation.h"

namespace jiang::testing {

inline void expect_refused(Conversation& c, const std::string& command) {
  INFO("command: " << command);
  const auto lines = c.command(command);
  REQUIRE(lines);
  CHECK(any_starts_with(*lines, "info string "));
  CHECK_FALSE(any_starts_with(*lines, "bestmove"));
}

inline void expect_accepted(Conversation& c, const std::string& command) {
  INFO("command: " << command);
  const auto lines = c.command(command);
  REQUIRE(lines);
  CHECK(lines->empty());
}

// The time a timed go may take, in ms: by the engine's own report (info time), and on the wall clock.
struct GoTime {
  int64_t reported_min = 1;  // the engine thought: an instant answer is no time control
  int64_t reported_max = 0;
  int64_t wall_max = 0;  // for the [timing] tests only: a loaded machine stretches the wall clock
};

// Sends `go` (a go with a clock) and reads its bestmove, which must be legal in `pos`, and the time the
// engine reports within `time`. With `wall_clock` (the [timing] tests) the answer must also have come
// within time.wall_max here; without, the wait for it is the generous default.
inline void expect_timed_go(Conversation& c, const std::string& go, const Position& pos, const GoTime& time,
                            bool wall_clock) {
  INFO(go);
  const auto start = std::chrono::steady_clock::now();
  c.send(go);
  std::vector<std::string> seen;
  const auto best = c.bestmove(wall_clock ? std::chrono::milliseconds(time.wall_max + 2000) : kAnswerTimeout, &seen);
  REQUIRE(best);
  CHECK(legal_bestmove(*best, pos));
  const auto reported = reported_time_ms(seen);
  REQUIRE(reported);
  CHECK(*reported >= time.reported_min);
  CHECK(*reported <= time.reported_max);
  if (wall_clock) CHECK(elapsed_ms(start) < time.wall_max);
}

}  // namespace jiang::testing
