// The search's parameters as engine options in both protocols: declared with the registry's bounds,
// set by name (`setoption name search.capture_futility_base value 110`), refused with a message for an
// unknown name or a value out of bounds (changing nothing), loaded from a file with SearchParamsFile; and
// the search plays with them.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "tests/support/conversation.h"

namespace jiang::testing {
namespace {

// The node count of `go depth 6` from the start position, with the table and histories cleared first
// (what an earlier search learnt would shorten it).
std::string nodes_at_depth_6(Conversation& c, Protocol protocol) {
  REQUIRE(c.command(protocol == Protocol::Uci ? "setoption name Clear Hash" : "setoption newgame"));
  c.send("position startpos");
  c.send("go depth 6");
  std::vector<std::string> seen;
  REQUIRE(c.bestmove(kAnswerTimeout, &seen));
  std::string last;
  for (const std::string& line : seen)
    if (starts_with(line, "info depth 6 ")) {
      const size_t at = line.find(" nodes ");
      last = line.substr(at + 7, line.find(' ', at + 7) - at - 7);
    }
  REQUIRE_FALSE(last.empty());
  return last;
}

std::vector<std::string> answer(Conversation& c, const std::string& command) {
  const auto lines = c.command(command);
  REQUIRE(lines);
  return *lines;
}

}  // namespace

TEST_CASE("the search's parameters are declared in both protocols", "[protocol][search-params]") {
  Conversation uci(Protocol::Uci);
  REQUIRE(uci.handshake_ok());
  CHECK(any_starts_with(uci.handshake(),
                        "option name search.capture_futility_base type spin default 100 min 0 max 500"));
  CHECK(any_starts_with(uci.handshake(), "option name SearchParamsFile type string default <empty>"));
  Conversation ucci(Protocol::Ucci);
  REQUIRE(ucci.handshake_ok());
  CHECK(any_starts_with(ucci.handshake(),
                        "option search.capture_futility_base type spin min 0 max 500 default 100"));
  CHECK(any_starts_with(ucci.handshake(), "option searchparamsfile type string default <empty>"));
  // The time manager's, too: a match can play a build against itself with one of them changed.
  CHECK(any_starts_with(uci.handshake(), "option name time.moves_to_go type spin default 30 min 10 max 80"));
  CHECK(any_starts_with(ucci.handshake(), "option time.moves_to_go type spin min 10 max 80 default 30"));
  CHECK(answer(uci, "setoption name time.moves_to_go value 45").empty());
  CHECK(answer(uci, "setoption name time.moves_to_go value 5") ==
        std::vector<std::string>{"info string setoption: time.moves_to_go expects 10..80, got '5'"});
}

TEST_CASE("UCI: setoption search.* changes the search, bad names and values change nothing",
          "[protocol][uci][search-params]") {
  Conversation c(Protocol::Uci);
  REQUIRE(c.handshake_ok());
  const std::string defaults = nodes_at_depth_6(c, Protocol::Uci);
  CHECK(answer(c, "setoption name search.capture_futility_base value 2000") ==
        std::vector<std::string>{
            "info string setoption: search.capture_futility_base expects 0..500, got '2000'"});
  CHECK(answer(c, "setoption name search.dragon value 1") ==
        std::vector<std::string>{"info string setoption: unknown option 'search.dragon'"});
  CHECK(nodes_at_depth_6(c, Protocol::Uci) == defaults);
  CHECK(answer(c, "setoption name search.lmr_min_depth value 6").empty());
  const std::string without_lmr = nodes_at_depth_6(c, Protocol::Uci);
  CHECK(without_lmr != defaults);
  CHECK(answer(c, "setoption name search.lmr_min_depth value 2").empty());
  CHECK(nodes_at_depth_6(c, Protocol::Uci) == defaults);
}

TEST_CASE("UCCI: a search parameters file is loaded, and a bad one refused", "[protocol][ucci][search-params]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "jiang-protocol-search-params";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "good.json") << "{\"search.lmr_min_depth\": 6}\n";
  std::ofstream(dir / "bad.json") << "{\"search.lmr_min_depth\": 60}\n";
  Conversation c(Protocol::Ucci);
  REQUIRE(c.handshake_ok());
  const std::string defaults = nodes_at_depth_6(c, Protocol::Ucci);
  const std::vector<std::string> refused = answer(c, "setoption searchparamsfile " + (dir / "bad.json").string());
  REQUIRE(refused.size() == 1);
  CHECK(starts_with(refused[0], "info string setoption: search parameters file '" + (dir / "bad.json").string() +
                                    "': parameter search.lmr_min_depth = 60 is out of bounds [1, 6]"));
  CHECK(nodes_at_depth_6(c, Protocol::Ucci) == defaults);
  const std::vector<std::string> loaded = answer(c, "setoption searchparamsfile " + (dir / "good.json").string());
  REQUIRE(loaded.size() == 1);
  CHECK(starts_with(loaded[0], "info string search parameters loaded from "));
  const std::string without_lmr = nodes_at_depth_6(c, Protocol::Ucci);
  CHECK(without_lmr != defaults);
  CHECK(answer(c, "setoption searchparamsfile <empty>") ==
        std::vector<std::string>{"info string search parameters: the compiled-in defaults"});
  CHECK(nodes_at_depth_6(c, Protocol::Ucci) == defaults);
  std::filesystem::remove_all(dir);
}

}  // namespace jiang::testing
