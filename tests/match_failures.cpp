// Engines that crash or hang, run in-process so that the test can see the match's children: each bad game
// is lost and counted, the engine is restarted, the match goes on, and afterwards no child process is
// left, running or unreaped.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cerrno>
#include <cstdio>

#include "match/runner.h"
#include "tests/match_support.h"

using namespace jiang;
using namespace jiang::match;
using namespace jiang::match_test;

namespace {

// jiang (first) against a fake engine misbehaving as `mode`, from the start position.
MatchSettings against_fake(const std::string& mode, const std::filesystem::path& pids) {
  MatchSettings s;
  s.engines[0] = parse_engine_spec("name=jiang cmd=" JIANG_BINARY);
  s.engines[1] = parse_engine_spec("name=fake cmd=" + kFakeEngine + " args='" + mode + " " + pids.string() + "'");
  s.games = 2;
  s.concurrency = 1;
  s.openings = {std::string(kStartFen)};
  s.rules.budget.nodes = 500;
  s.rules.time_margin = std::chrono::milliseconds(100);
  s.rules.hang_timeout = std::chrono::milliseconds(500);
  return s;
}

// No child of this process is left: neither running nor waiting to be reaped.
bool no_children() {
  int status = 0;
  return ::waitpid(-1, &status, WNOHANG) == -1 && errno == ECHILD;
}

int count_lines(const std::filesystem::path& path) {
  const std::string text = read_text(path);
  return int(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

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
