// The search's steps by name (engine/search_steps.h): names parsed in any case and printed back, an
// unknown name refused with the list of the valid ones, and every step wired: turning it off changes
// the search (nodes at a fixed depth) or, for the time manager's factors, the stop decision, while
// turning nothing off changes nothing.
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "engine/search.h"
#include "engine/search_steps.h"
#include "engine/timeman.h"
#include "support/suite.h"

using namespace jiang;

namespace {

StepSet parsed(const std::string& text) {
  std::string error;
  const std::optional<StepSet> steps = parse_steps(text, error);
  INFO(error);
  REQUIRE(steps);
  return *steps;
}

// The nodes of depth-`depth` searches of the first bench positions, each in a fresh table and memory.
uint64_t nodes_with(const StepSet& off, int depth, int positions, const SearchParams& params = {}) {
  const Evaluator eval;
  TranspositionTable tt(4);
  auto memory = std::make_unique<ThreadMemory>();
  SearchControl control;
  SearchLimits limits;
  limits.depth = depth;
  limits.design.disabled = off;
  limits.search_params = params;
  uint64_t nodes = 0;
  for (const std::string& fen : bench_fens()) {
    if (positions-- == 0) break;
    tt.clear();
    memory->clear();
    nodes += Searcher(Position::from_fen(fen), eval, tt, *memory, limits, control).run(nullptr).nodes;
  }
  return nodes;
}

bool is_time_factor(SearchStep s) {
  return s == SearchStep::TimeStability || s == SearchStep::TimeBestMoveChanges || s == SearchStep::TimeScoreDrop ||
         s == SearchStep::TimeNodeShare;
}

}  // namespace

TEST_CASE("steps: names are read in any case, with blanks, and printed back in the table's order", "[steps]") {
  const StepSet s = parsed(" LMP , singular");
  CHECK(s.has(SearchStep::Lmp));
  CHECK(s.has(SearchStep::Singular));
  CHECK_FALSE(s.has(SearchStep::Lmr));
  CHECK(to_string(s) == "singular,lmp");
  CHECK(parsed(to_string(s)) == s);
  for (const char* none : {"", "none", "NONE", "<empty>", "  "}) CHECK(parsed(none).empty());
  CHECK(to_string(StepSet{}) == "none");
  StepSet all;
  for (const StepName& n : kStepNames) all.add(n.step);
  CHECK(parsed(to_string(all)) == all);
}

TEST_CASE("steps: an unknown name is refused with the list of the valid ones", "[steps]") {
  for (const char* bad : {"singular,prbcut", "prbcut", "singular,", ",", "null move"}) {
    INFO(bad);
    std::string error;
    CHECK_FALSE(parse_steps(bad, error));
    CHECK(error.find("unknown search step '") == 0);
    CHECK(error.find("the steps are: aspiration, check_extension,") != std::string::npos);
  }
  std::string error;
  parse_steps("singular,prbcut", error);
  CHECK(error.find("'prbcut'") != std::string::npos);
}

TEST_CASE("steps: each step turned off changes the search, and none turned off changes nothing", "[steps][search]") {
  // 27 positions: with fewer, history pruning never fires at this depth under the tuned weights.
  const int depth = 8, positions = 27;
  const uint64_t all_on = nodes_with({}, depth, positions);
  CHECK(nodes_with({}, depth, positions) == all_on);
  for (const StepName& n : kStepNames) {
    // The null move's verification starts at depth 12; the time factors need a clock (below).
    if (n.step == SearchStep::NullVerification || is_time_factor(n.step)) continue;
    INFO(n.name);
    StepSet off;
    off.add(n.step);
    CHECK(nodes_with(off, depth, positions) != all_on);
  }
}

TEST_CASE("steps: the double extension's cap counts the double extensions of a line", "[steps][search]") {
  const int depth = 10, positions = 27;
  const auto capped = [&](int cap) {
    SearchParams params;
    params.set(*SearchParams::find("search.double_extension_max"), cap);
    return nodes_with({}, depth, positions, params);
  };
  StepSet off;
  off.add(SearchStep::DoubleExtension);
  // No double extension allowed is the step turned off, node for node.
  CHECK(capped(0) == nodes_with(off, depth, positions));
  // A cap of one stops the lines that a larger cap lets extend twice: the count reaches the children.
  CHECK(capped(1) != capped(16));
}

TEST_CASE("steps: the null move's verification, at the depth where it starts", "[steps][search][slow]") {
  StepSet off;
  off.add(SearchStep::NullVerification);
  CHECK(nodes_with(off, 13, 3) != nodes_with({}, 13, 3));
}

TEST_CASE("steps: each time factor turned off leaves the stop decision at the optimum", "[steps][timeman]") {
  SearchLimits limits;
  limits.time_ms[Red] = 60000;
  limits.move_overhead_ms = 0;
  const TimeManager all_on(limits, Red);
  // The factors: a settled best move, a changing one, a falling score.
  const auto stops = [](const TimeManager& tm, double changes, int stable, int drop) {
    return tm.should_stop(tm.optimum_ms(), changes, stable, drop);
  };
  CHECK(stops(all_on, 0, 0, 0));
  CHECK_FALSE(stops(all_on, 1, 0, 0));
  CHECK_FALSE(stops(all_on, 0, 0, 50));
  CHECK(all_on.should_stop(all_on.optimum_ms() * 7 / 10, 0, 10, 0));
  const auto without = [&](SearchStep step) {
    SearchLimits off = limits;
    off.design.disabled.add(step);
    return TimeManager(off, Red);
  };
  CHECK(stops(without(SearchStep::TimeBestMoveChanges), 1, 0, 0));
  CHECK(stops(without(SearchStep::TimeScoreDrop), 0, 0, 50));
  const TimeManager no_stability = without(SearchStep::TimeStability);
  CHECK_FALSE(no_stability.should_stop(no_stability.optimum_ms() * 7 / 10, 0, 10, 0));
  CHECK(no_stability.optimum_ms() == all_on.optimum_ms());
  // A best move that took nearly all the nodes stops early, unless the step is off.
  CHECK(all_on.should_stop(all_on.optimum_ms() * 8 / 10, 0, 0, 0, 0.99));
  CHECK_FALSE(all_on.should_stop(all_on.optimum_ms() * 8 / 10, 0, 0, 0, 0.5));
  const TimeManager no_share = without(SearchStep::TimeNodeShare);
  CHECK_FALSE(no_share.should_stop(no_share.optimum_ms() * 8 / 10, 0, 0, 0, 0.99));
}
