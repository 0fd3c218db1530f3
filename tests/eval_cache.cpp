// The evaluation cache returns what the evaluator returns, counts its hits, and never answers a position
// from an empty entry.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "eval/eval_cache.h"
#include "support/sample_positions.h"

using namespace jiang;

TEST_CASE("the evaluation cache gives the evaluator's scores, from its entries the second time", "[eval][cache]") {
  const Evaluator eval;
  std::vector<Position> positions;
  for (const std::string& fen : sample_positions(0x5eed'0003, 1, 40)) positions.push_back(Position::from_fen(fen));
  REQUIRE(positions.size() >= 1000);

  SECTION("large enough for every position: the second pass hits on every position evaluated before") {
    EvalCache cache(size_t(1) << 16);
    int mismatches = 0;
    for (int pass = 0; pass < 2; ++pass)
      for (const Position& pos : positions) mismatches += cache.evaluate(eval, pos) != eval.evaluate(pos);
    CHECK(mismatches == 0);
    CHECK(cache.probes() == 2 * positions.size());
    // Walks from the same starts repeat positions, so the first pass hits too; the second hits always.
    CHECK(cache.hits() >= positions.size());
  }
  SECTION("two entries: positions keep replacing each other and the scores stay right") {
    EvalCache cache(3);  // rounded down to 2
    int mismatches = 0;
    for (const Position& pos : positions) mismatches += cache.evaluate(eval, pos) != eval.evaluate(pos);
    CHECK(mismatches == 0);
    CHECK(cache.hits() < positions.size() / 2);
  }
}
