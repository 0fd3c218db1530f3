// The engine's threads under the calls a GUI makes at awkward moments: `stop` and `ponderhit` at random
// times, with 1, 2 and 4 search threads sharing the table, searches started right after others ended,
// positions and options changed between them. Each search must deliver exactly one result, a legal move,
// and leave the engine ready for the next. The ThreadSanitizer build (JIANG_SANITIZE=thread) runs this
// file to prove the shared table and the stop signals free of data races.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

using namespace jiang;

namespace {

// A search started with go(): what its callbacks saw.
struct Outcome {
  std::mutex mutex;
  int results = 0;
  SearchResult last;
  int infos = 0;
};

SearchCallbacks record(Outcome& outcome) {
  SearchCallbacks callbacks;
  callbacks.on_info = [&outcome](const SearchInfo&) {
    std::lock_guard lock(outcome.mutex);
    ++outcome.infos;
  };
  callbacks.on_done = [&outcome](const SearchResult& result) {
    std::lock_guard lock(outcome.mutex);
    ++outcome.results;
    outcome.last = result;
  };
  return callbacks;
}

// Positions a game passes through: the start, a middlegame, an endgame with few moves.
const std::vector<std::string> kFens = {
    std::string(kStartFen),
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
    "3k5/4a4/9/9/9/9/9/9/4A4/4K1R2 w - - 0 1",
};

// Starts a search of the round's position (the positions taken in turn).
void start(Engine& engine, int round, const SearchLimits& limits, Outcome& outcome) {
  engine.set_position(kFens[size_t(round) % kFens.size()], {});
  engine.go(limits, record(outcome));
}

void expect_legal_result(const Engine& engine, Outcome& outcome) {
  std::lock_guard lock(outcome.mutex);
  REQUIRE(outcome.results == 1);
  REQUIRE(outcome.last.best != Move::none());
  CHECK(is_legal(engine.position(), outcome.last.best));
}

}  // namespace

TEST_CASE("stop at a random moment ends every search with one legal move", "[engine][threads]") {
  std::mt19937 rng(7);
  Engine engine(16);
  for (int threads : {1, 2, 4}) {
    engine.set_threads(threads);
    for (int round = 0; round < 8; ++round) {
      Outcome outcome;
      SearchLimits limits;
      limits.infinite = true;
      start(engine, round, limits, outcome);
      std::this_thread::sleep_for(std::chrono::milliseconds(rng() % 30));
      engine.stop();
      engine.wait();
      CAPTURE(threads, round);
      expect_legal_result(engine, outcome);
    }
  }
}

TEST_CASE("ponderhit or stop during pondering, at random moments", "[engine][threads]") {
  std::mt19937 rng(11);
  Engine engine(16);
  for (int threads : {2, 4}) {
    engine.set_threads(threads);
    for (int round = 0; round < 8; ++round) {
      Outcome outcome;
      SearchLimits limits;
      limits.ponder = true;
      limits.movetime_ms = 20;
      start(engine, round, limits, outcome);
      std::this_thread::sleep_for(std::chrono::milliseconds(rng() % 20));
      // Half the rounds the expected move comes (the clock then runs), half the GUI takes it back.
      if (round % 2 == 0) {
        engine.ponderhit();
      } else {
        engine.stop();
      }
      engine.wait();
      CAPTURE(threads, round);
      expect_legal_result(engine, outcome);
    }
  }
}

TEST_CASE("a stop that arrives before the search has started, and searches back to back", "[engine][threads]") {
  Engine engine(16);
  engine.set_threads(4);
  for (int round = 0; round < 12; ++round) {
    Outcome outcome;
    SearchLimits limits;
    limits.infinite = round % 2 == 0;
    limits.depth = round % 2 == 0 ? 0 : 3;
    start(engine, round, limits, outcome);
    engine.stop();  // at once: possibly before the workers have looked at the position
    engine.wait();
    CAPTURE(round);
    expect_legal_result(engine, outcome);
  }
}

TEST_CASE("options and positions change between searches while helper threads sit idle", "[engine][threads]") {
  std::mt19937 rng(23);
  Engine engine(16);
  for (int round = 0; round < 10; ++round) {
    engine.set_threads(1 + int(rng() % 4));
    if (round % 3 == 0) engine.set_hash_mb(1 + int(rng() % 8));
    if (round % 4 == 0) engine.new_game();
    Outcome outcome;
    SearchLimits limits;
    limits.nodes = 2000 + rng() % 20000;
    start(engine, round, limits, outcome);
    engine.wait();
    CAPTURE(round);
    expect_legal_result(engine, outcome);
  }
}
