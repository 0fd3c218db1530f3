// What the search learns about moves and evaluations: the history scores' gravity (each update moves a
// score towards its bound by a share of the distance left, so it never leaves its bounds and old lessons
// fade), and the correction history's running average of the evaluation's error (bounded, deeper
// searches weighing more), also after real searches.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>

#include "engine/history.h"
#include "engine/search.h"
#include "support/suite.h"

using namespace jiang;

namespace {

constexpr int kLimit = kMainHistoryLimit;
using MainStat = Stat<kLimit>;

MainStat after(std::initializer_list<int> bonuses) {
  MainStat s;
  for (int b : bonuses) s.update(b);
  return s;
}

}  // namespace

TEST_CASE("history: a first update holds its bonus, a bonus beyond the bound counts as the bound", "[history]") {
  CHECK(int(MainStat{}) == 0);
  CHECK(int(after({300})) == 300);
  CHECK(int(after({-1234})) == -1234);
  CHECK(int(after({10 * kLimit})) == kLimit);
  CHECK(int(after({-10 * kLimit})) == -kLimit);
}

TEST_CASE("history: gravity keeps every score within its bounds, whatever the updates", "[history]") {
  std::mt19937 rng(17);
  std::uniform_int_distribution<int> bonus(-3 * kLimit, 3 * kLimit);
  for (int run = 0; run < 200; ++run) {
    MainStat s;
    for (int i = 0; i < 500; ++i) {
      s.update(run % 3 == 0 ? std::abs(bonus(rng)) : bonus(rng));  // a third of the runs only rise
      REQUIRE(std::abs(int(s)) <= kLimit);
    }
  }
  // The same bonus again and again approaches the bound and stops short of passing it.
  MainStat s;
  int last = 0;
  for (int i = 0; i < 1000; ++i) {
    s.update(1500);
    CHECK(int(s) >= last);
    CHECK(int(s) <= kLimit);
    last = s;
  }
  CHECK(last > kLimit * 9 / 10);
}

TEST_CASE("history: the same bonus moves a high score less than a low one, a penalty moves it more", "[history]") {
  MainStat low, high;
  high.update(kLimit * 3 / 4);
  const int low_before = low, high_before = high;
  low.update(1000);
  high.update(1000);
  CHECK(int(high) - high_before < int(low) - low_before);
  MainStat penalised;
  penalised.update(kLimit * 3 / 4);
  penalised.update(-1000);
  CHECK(high_before - int(penalised) > int(high) - high_before);  // old good news fades fast on a failure
}

TEST_CASE("correction: the average moves towards the error, further for deeper searches, within its bound",
          "[history]") {
  CHECK(Correction{}.value() == 0);
  Correction shallow, deep, deeper, capped;
  shallow.update(80, 1);
  deep.update(80, 8);
  deeper.update(80, 1000);  // weight is capped
  capped.update(80, Correction::kMaxWeight - 1);
  CHECK(shallow.value() >= 0);
  CHECK(deep.value() > shallow.value());
  CHECK(deeper.value() == capped.value());
  CHECK(deep.value() < 80);  // one search is one vote among many
  // Repeated, the average settles on the error; an error beyond the bound settles on the bound.
  Correction settles, bounded, negative;
  for (int i = 0; i < 2000; ++i) {
    settles.update(55, 10);
    bounded.update(10 * Correction::kLimit, 10);
    negative.update(-10 * Correction::kLimit, 10);
    REQUIRE(std::abs(bounded.value()) <= Correction::kLimit);
  }
  CHECK(std::abs(settles.value() - 55) <= 1);
  CHECK(bounded.value() >= Correction::kLimit - 1);
  CHECK(negative.value() <= -Correction::kLimit + 1);
  // The other way again.
  for (int i = 0; i < 2000; ++i) settles.update(-20, 10);
  CHECK(std::abs(settles.value() + 20) <= 1);
}

TEST_CASE("after real searches every history is within its bounds and the correction history has learnt",
          "[history][search]") {
  const Evaluator eval;
  TranspositionTable tt(8);
  auto memory = std::make_unique<ThreadMemory>();
  SearchControl control;
  SearchLimits limits;
  limits.nodes = 40000;
  for (const std::string& fen : bench_fens()) {
    tt.new_search();
    Searcher(Position::from_fen(fen), eval, tt, *memory, limits, control).run(nullptr);
  }
  const Histories& h = memory->histories;
  int learnt = 0, main = 0;
  for (const auto& side : h.correction)
    for (const Correction& c : side) {
      REQUIRE(std::abs(c.value()) <= Correction::kLimit);
      learnt += c.value() != 0;
    }
  for (const auto& side : h.main)
    for (const auto& s : side) {
      REQUIRE(std::abs(int(s)) <= kMainHistoryLimit);
      main += int(s) != 0;
    }
  for (const auto& piece : h.capture)
    for (const auto& to : piece)
      for (const auto& s : to) REQUIRE(std::abs(int(s)) <= kCaptureHistoryLimit);
  for (const auto& piece : h.continuation)
    for (const auto& to : piece)
      for (const auto& next : to)
        for (const auto& s : next) REQUIRE(std::abs(int(s)) <= kContinuationLimit);
  CHECK(learnt > 50);
  CHECK(main > 100);
}
