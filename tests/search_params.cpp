// The search's parameters (engine/search_params.h): the registry's invariants, the compiled margins of
// the defaults (the LMR table the search always had), the JSON round trip and its errors, and that the
// search reads them from its limits.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/engine.h"
#include "engine/search_params.h"

using namespace jiang;

TEST_CASE("the search's registry: unique names in groups search and time, defaults within bounds, a step each",
          "[search][params]") {
  REQUIRE(SearchParams::size() > 30);
  std::set<std::string> names;
  int time_params = 0;
  for (const ParamInfo& info : SearchParams::registry()) {
    INFO(info.name);
    CHECK(names.insert(info.name).second);
    CHECK((info.group == "search" || info.group == "time"));
    CHECK(info.name.rfind(info.group + ".", 0) == 0);
    CHECK(info.min <= info.default_value);
    CHECK(info.default_value <= info.max);
    CHECK(info.step >= 1);
    CHECK(info.step <= info.max - info.min);
    time_params += info.group == "time";
  }
  CHECK(time_params == 11);
  CHECK(SearchParams::groups() == std::vector<std::string>{"search", "time"});
  CHECK(SearchParams::select({"search"}).size() == size_t(SearchParams::size() - time_params));
  CHECK(SearchParams::select({"time"}).size() == size_t(time_params));
}

TEST_CASE("the default margins compile to the search's constants and LMR table", "[search][params]") {
  const SearchParams defaults;
  const SearchMargins& m = defaults.margins();
  CHECK(m.capture_futility_base == 100);
  CHECK(m.futility_base == 80);
  CHECK(m.delta_margin == 150);
  CHECK(m.lmr_base == 75);
  CHECK(m.lmr_divisor == 225);
  CHECK(m.time.moves_to_go == 30);
  CHECK(m.time.stable_percent == 60);
  for (int d = 1; d < kLmrTableSize; ++d)
    for (int n = 1; n < kLmrTableSize; ++n) {
      INFO("depth " << d << ", moves " << n);
      REQUIRE(int(m.lmr_table[d][n]) == int(0.75 + std::log(d) * std::log(n) / 2.25));
    }
  CHECK(int(m.lmr_table[0][10]) == 0);
  CHECK(int(m.lmr_table[10][0]) == 0);
}

TEST_CASE("search parameters round-trip through JSON and refuse bad files", "[search][params]") {
  SearchParams p;
  p.set(*SearchParams::find("search.capture_futility_base"), 260);
  p.set(*SearchParams::find("search.lmr_base"), 100);
  const SearchParams back = SearchParams::from_json(nlohmann::json::parse(p.to_json().dump()));
  CHECK(back == p);
  CHECK(back.margins().capture_futility_base == 260);
  CHECK(int(back.margins().lmr_table[63][63]) == int(1.0 + std::log(63) * std::log(63) / 2.25));

  int defaulted = 0;
  const SearchParams partial = SearchParams::from_json(nlohmann::json{{"search.futility_base", 90}}, &defaulted);
  CHECK(partial.margins().futility_base == 90);
  CHECK(defaulted == SearchParams::size() - 1);

  const auto refused = [](const std::string& text, const std::string& message) {
    INFO(text);
    std::istringstream in(text);
    CHECK_THROWS_WITH(SearchParams::read(in, "x.json"), Catch::Contains(message));
  };
  refused("{\"search.dragon\": 1}", "unknown parameter 'search.dragon'");
  refused("{\"search.capture_futility_base\": 5000}",
          "search.capture_futility_base = 5000 is out of bounds [0, 500]");
  refused("{\"search.capture_futility_base\": 2.5}", "must be an integer");
  refused("{\"material.rook.mg\": 900}", "unknown parameter 'material.rook.mg'");
  refused("[1, 2]", "search parameters must be a JSON object");
  refused("{", "search parameters file 'x.json' is not valid JSON");
  CHECK_THROWS_WITH(SearchParams::load("/nonexistent/search.json"),
                    Catch::Contains("cannot read search parameters file '/nonexistent/search.json'"));
  CHECK_THROWS_AS(p.set(*SearchParams::find("search.capture_futility_base"), -1), ParamError);
  CHECK(p.margins().capture_futility_base == 260);  // a refused value changes nothing
}

TEST_CASE("the search reads its margins from its limits", "[search][params]") {
  // A middlegame at a fixed depth: the defaults search the same tree twice; other margins another one.
  const std::string fen = "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN4C1/9/R1BAKABNR w - - 0 1";
  const auto nodes = [&](const SearchParams& params) {
    Engine engine(16);
    engine.set_position(fen, {});
    SearchLimits limits;
    limits.depth = 7;
    limits.search_params = params;
    return engine.search(limits).nodes;
  };
  const uint64_t defaults = nodes(SearchParams());
  CHECK(nodes(SearchParams()) == defaults);
  SearchParams no_lmr;
  no_lmr.set(*SearchParams::find("search.lmr_min_depth"), 6);
  // Another tree, not necessarily a larger one: less reduction also changes what the pruning sees.
  CHECK(nodes(no_lmr) != defaults);
  SearchParams wide_futility;
  wide_futility.set(*SearchParams::find("search.futility_base"), 0);
  wide_futility.set(*SearchParams::find("search.futility_per_ply"), 0);
  CHECK(nodes(wide_futility) != defaults);
}
