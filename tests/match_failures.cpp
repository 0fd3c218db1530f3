// Engines that crash or hang, run in-process so that the test can see the match's children: each bad game
// is lost and counted, the engine is restarted, the match goes on, and afterwards no child process is
// left, running or unreaped.
#include <catch2/catch.hpp>

#include <cstdio>

#include "tests/match_support.h"

using namespace jiang;
using namespace jiang::match;
using namespace jiang::match_test;

TEST_CASE("An engine that crashes mid-game loses, is restarted, and the match goes on", "[match][failures]") {
  const auto dir = temp_dir("crash");
  MatchSettings s = against_fake("crash", dir / "pids");
  s.games = 4;
  s.pgn_path = (dir / "games.pgn").string();
  REQUIRE(run_match(s) == kMatchDone);
  std::fflush(stdout);
  CHECK(no_children());
  CHECK(count_lines(dir / "pids") == 5);  // the first process and four restarts
  const std::vector<PgnGame> games = read_pgn(dir / "games.pgn");
  REQUIRE(games.size() == 4);
  for (const PgnGame& g : games) {
    CHECK(g.tags.at("Termination") == "abandoned");
    CHECK(std::stoi(g.tags.at("PlyCount")) >= 2);  // the fake made its first move: mid-game
    CHECK_THAT(g.tokens[g.tokens.size() - 2], Catch::Contains("fake") && Catch::Contains("crashed"));
    replay(g);
  }
}

TEST_CASE("An engine that hangs loses on time (or as a hang without a clock) and is restarted", "[match][failures]") {
  const auto dir = temp_dir("hang");
  SECTION("no clock: a hang") {
    MatchSettings s = against_fake("hang", dir / "pids");
    s.pgn_path = (dir / "hang.pgn").string();
    REQUIRE(run_match(s) == kMatchDone);
    for (const PgnGame& g : read_pgn(dir / "hang.pgn")) CHECK_THAT(g.tokens[g.tokens.size() - 2], Catch::Contains("by hang"));
  }
  SECTION("a clock: a time forfeit") {
    MatchSettings s = against_fake("hang", dir / "pids");
    s.rules.budget = MoveBudget{true, TimeControl{300, 0}, 0, 0};
    s.pgn_path = (dir / "forfeit.pgn").string();
    REQUIRE(run_match(s) == kMatchDone);
    for (const PgnGame& g : read_pgn(dir / "forfeit.pgn")) {
      CHECK(g.tags.at("Termination") == "time forfeit");
      CHECK(g.tags.at("Result") == (g.tags.at("White") == "fake" ? "0-1" : "1-0"));
    }
  }
  std::fflush(stdout);
  CHECK(no_children());
  CHECK(count_lines(dir / "pids") == 3);  // two hangs, two restarts
}
