// The time manager: the budgets it draws from the clock (sudden death, increments, moves to go, Move
// Overhead) stay within the clock, so that a game played at the planned pace (or, with an increment, at
// the hard limit every move) never flags, and
// its stop decision stops earlier on a settled best move and later on a changing one or a falling
// score, never past the hard limit. No clock is read: these are the budgets' arithmetic.
#include <catch2/catch.hpp>
#include <cstdint>
#include <utility>

#include "engine/search_params.h"
#include "engine/timeman.h"

using namespace jiang;

namespace {

SearchLimits clock_limits(int64_t time_ms, int64_t increment_ms = 0, int movestogo = 0, int64_t overhead_ms = 0,
                          Color us = Red, const SearchParams& params = {}) {
  SearchLimits limits;
  limits.search_params = params;
  limits.time_ms[us] = time_ms;
  limits.increment_ms[us] = increment_ms;
  limits.movestogo = movestogo;
  limits.move_overhead_ms = overhead_ms;
  return limits;
}

// When the search stops with these factors: the first elapsed time at which should_stop says so.
int64_t stop_time(const TimeManager& tm, double changes, int stable, int drop) {
  int64_t lo = 0, hi = tm.hard_ms();
  REQUIRE(tm.should_stop(hi, changes, stable, drop));
  while (lo < hi) {
    const int64_t mid = (lo + hi) / 2;
    if (tm.should_stop(mid, changes, stable, drop)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

enum class Spend { Optimum, HardLimit };

// The defaults with one time.* parameter changed.
SearchParams with(const char* name, int value) {
  SearchParams params;
  params.set(*SearchParams::find(name), value);
  return params;
}

// Plays `moves` moves, each taking the optimum or the hard limit and then losing `lag_ms` on top (what
// the line to the GUI costs, which Move Overhead is there to cover): whether the clock ever runs out.
bool flags(int64_t time_ms, int64_t increment_ms, int movestogo, int64_t lag_ms, int moves, Spend spend,
           const SearchParams& params = {}) {
  int64_t clock = time_ms;
  int to_go = movestogo;
  for (int move = 0; move < moves; ++move) {
    const TimeManager tm(clock_limits(clock, increment_ms, to_go, lag_ms, Red, params), Red);
    clock -= (spend == Spend::Optimum ? tm.optimum_ms() : tm.hard_ms()) + lag_ms;
    if (clock <= 0) return true;
    clock += increment_ms;
    if (movestogo > 0 && --to_go == 0) {  // a new time control: the same time again
      clock += time_ms;
      to_go = movestogo;
    }
  }
  return false;
}

}  // namespace

TEST_CASE("time: sudden death budgets are a small share of the clock, the hard limit within it", "[timeman]") {
  for (const int64_t time : {200, 1000, 5000, 60000, 600000, 7200000})
    for (const int64_t overhead : {0, 50, 100}) {
      const TimeManager tm(clock_limits(time, 0, 0, overhead), Red);
      CAPTURE(time, overhead);
      REQUIRE(tm.has_clock());
      CHECK(tm.optimum_ms() >= 1);
      CHECK(tm.optimum_ms() <= tm.hard_ms());
      CHECK(tm.optimum_ms() * 20 <= time);            // a game has many moves left
      CHECK(tm.hard_ms() * 4 <= time - overhead);     // one long think never costs the game
    }
  // A long game at the planned pace keeps time on the clock, the overhead lost on every move.
  for (const auto& [time, lag] : {std::pair<int64_t, int64_t>{1000, 0}, {60000, 0}, {60000, 50}, {600000, 50}}) {
    CAPTURE(time, lag);
    CHECK_FALSE(flags(time, 0, 0, lag, 80, Spend::Optimum));
  }
}

TEST_CASE("time: an increment is spent, but never more than the clock allows", "[timeman]") {
  const TimeManager without(clock_limits(10000), Red);
  const TimeManager with(clock_limits(10000, 1000), Red);
  CHECK(with.optimum_ms() > without.optimum_ms());
  CHECK(with.optimum_ms() <= 1000 + 10000 / 10);  // most of the increment, little of the rest
  // A large increment on a nearly empty clock: the budget is still bounded by what is left.
  const TimeManager low(clock_limits(400, 5000), Red);
  CHECK(low.hard_ms() * 4 <= 400);
  // With an increment larger than the overhead, even the hard limit on every move never flags.
  for (const int64_t time : {300, 2000, 10000, 60000})
    for (const int64_t increment : {100, 1000, 5000}) {
      CAPTURE(time, increment);
      CHECK_FALSE(flags(time, increment, 0, 50, 300, Spend::HardLimit));
    }
}

TEST_CASE("time: with moves to go the clock lasts to the time control", "[timeman]") {
  const TimeManager ten(clock_limits(60000, 0, 10), Red);
  const TimeManager forty(clock_limits(60000, 0, 40), Red);
  CHECK(ten.optimum_ms() > forty.optimum_ms());  // fewer moves to go, more time each
  CHECK(ten.optimum_ms() <= 60000 / 10);
  const TimeManager last(clock_limits(60000, 0, 1, 100), Red);
  CHECK(last.hard_ms() < 60000 - 100);  // the last move before the control may take most, never all
  CHECK(last.optimum_ms() > 60000 / 4);
  // Several time controls at the planned pace, the overhead lost on every move.
  for (const int movestogo : {1, 2, 5, 20, 40, 60})
    for (const int64_t time : {30000, 300000}) {
      CAPTURE(movestogo, time);
      CHECK_FALSE(flags(time, 0, movestogo, 50, 150, Spend::Optimum));
    }
}

TEST_CASE("time: Move Overhead is never planned on", "[timeman]") {
  const TimeManager none(clock_limits(10000, 0, 0, 0), Red);
  const TimeManager some(clock_limits(10000, 0, 0, 1000), Red);
  CHECK(some.optimum_ms() < none.optimum_ms());
  CHECK(some.hard_ms() * 4 <= 10000 - 1000);
  // A fixed move time is shortened by the overhead, to a millisecond at least.
  SearchLimits movetime;
  movetime.movetime_ms = 1000;
  movetime.move_overhead_ms = 50;
  const TimeManager fixed(movetime, Red);
  CHECK(fixed.optimum_ms() == 950);
  CHECK(fixed.hard_ms() == 950);
  movetime.movetime_ms = 30;
  CHECK(TimeManager(movetime, Red).hard_ms() == 1);
  // An overhead as large as the clock: a millisecond, never a negative budget.
  const TimeManager swamped(clock_limits(500, 0, 0, 1000), Red);
  CHECK(swamped.optimum_ms() == 1);
  CHECK(swamped.hard_ms() == 1);
}

TEST_CASE("time: only our own clock counts, and no clock or an infinite search has no limit", "[timeman]") {
  SearchLimits limits = clock_limits(10000, 0, 0, 0, Black);
  CHECK_FALSE(TimeManager(limits, Red).has_clock());
  CHECK(TimeManager(limits, Black).has_clock());
  limits.time_ms[Red] = 100;  // the opponent's clock does not shorten ours
  CHECK(TimeManager(limits, Black).optimum_ms() == TimeManager(clock_limits(10000, 0, 0, 0, Black), Black).optimum_ms());
  limits.infinite = true;
  CHECK_FALSE(TimeManager(limits, Black).has_clock());
  const TimeManager unlimited(SearchLimits{}, Red);
  CHECK(unlimited.hard_ms() == TimeManager::kUnlimited);
  CHECK_FALSE(unlimited.should_stop(int64_t(1) << 40, 0, 0, 0));
}

TEST_CASE("time: a settled best move stops early, a changing one or a falling score thinks longer", "[timeman]") {
  const TimeManager tm(clock_limits(60000), Red);
  const int64_t plain = stop_time(tm, 0, 0, 0);
  CHECK(plain == tm.optimum_ms());
  CHECK(stop_time(tm, 0, 10, 0) < plain);         // the same best move for many iterations
  CHECK(stop_time(tm, 1, 0, 0) > plain);          // the best move changed
  CHECK(stop_time(tm, 2, 0, 0) > stop_time(tm, 1, 0, 0));
  CHECK(stop_time(tm, 0, 0, 40) > plain);         // the score fell 40 centipawns
  CHECK(stop_time(tm, 0, 0, -40) < plain);        // it rose
  CHECK(stop_time(tm, 0, 0, -1000) * 2 > plain);  // ... but a rise never cuts the time to nothing
  // However unstable, never past the hard limit.
  CHECK(stop_time(tm, 100, 0, 1000) == tm.hard_ms());
  CHECK(stop_time(tm, 100, 0, 1000) < 60000);
}

TEST_CASE("time: the time.* parameters are read from the limits", "[timeman]") {
  const auto tm = [](const SearchParams& params, int64_t increment_ms = 0) {
    return TimeManager(clock_limits(60000, increment_ms, 0, 0, Red, params), Red);
  };
  const TimeManager defaults = tm({});
  CHECK(defaults.optimum_ms() == 60000 / 30);
  CHECK(tm(with("time.moves_to_go", 60)).optimum_ms() == 60000 / 60);
  CHECK(tm(with("time.increment_percent", 0), 1000).optimum_ms() == 60000 / 30);
  CHECK(tm(with("time.increment_percent", 100), 1000).optimum_ms() == 60000 / 30 + 1000);
  CHECK(defaults.hard_ms() == 5 * 60000 / 30);  // five times the optimum, under a quarter of the clock
  CHECK(tm(with("time.hard_over_optimum", 2)).hard_ms() == 2 * 60000 / 30);
  const int64_t plain = stop_time(defaults, 0, 0, 0);
  CHECK(stop_time(tm(with("time.stable_percent", 100)), 0, 10, 0) == plain);
  CHECK(stop_time(tm(with("time.stable_iterations", 16)), 0, 10, 0) == plain);
  CHECK(stop_time(tm(with("time.stable_percent", 20)), 0, 10, 0) < stop_time(defaults, 0, 10, 0));
  CHECK(stop_time(tm(with("time.instability_percent", 0)), 1, 0, 0) == plain);
  CHECK(stop_time(tm(with("time.instability_percent", 300)), 1, 0, 0) > stop_time(defaults, 1, 0, 0));
  CHECK(stop_time(tm(with("time.score_drop_permille", 0)), 0, 0, 40) == plain);
  CHECK(stop_time(tm(with("time.drop_max_percent", 100)), 0, 0, 40) == plain);
  CHECK(stop_time(tm(with("time.drop_min_percent", 100)), 0, 0, -40) == plain);
}

TEST_CASE("time: at every bound of the time.* parameters the hard limit stays within the clock", "[timeman]") {
  for (const ParamInfo& info : SearchParams::registry()) {
    if (info.group != "time") continue;
    for (const int value : {info.min, info.max}) {
      const SearchParams params = with(info.name.c_str(), value);
      for (const int64_t time : {300, 2000, 60000})
        for (const int64_t increment : {0, 100, 1000}) {
          CAPTURE(info.name, value, time, increment);
          const TimeManager tm(clock_limits(time, increment, 0, 50, Red, params), Red);
          CHECK(tm.optimum_ms() >= 1);
          CHECK(tm.optimum_ms() <= tm.hard_ms());
          CHECK(tm.hard_ms() * 4 <= time - 50);
          CHECK(stop_time(tm, 100, 0, 1000) <= tm.hard_ms());
          if (increment > 50) CHECK_FALSE(flags(time, increment, 0, 50, 300, Spend::HardLimit, params));
        }
    }
  }
}
