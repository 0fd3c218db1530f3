// Pondering in the match runner (ponder=on): jiang against jiang in both protocols, with the log read
// back to see that `go ponder`, `ponderhit` and `stop` were sent when a GUI would send them; and fake
// engines (run in-process, so that the test can see the match's children) for the stop of a ponder
// search whose move was not played: its stray bestmove is dropped, and an engine that never answers
// that stop has hung.
#include <catch2/catch.hpp>

#include <cstdio>

#include "tests/match_support.h"

using namespace jiang;
using namespace jiang::match;
using namespace jiang::match_test;
using Catch::Matchers::Contains;

namespace {

const std::string kJiang = JIANG_BINARY;

// Plays `games` games one at a time between the two specs (engine names a and b) with `limit`, and
// returns the log's pondering after checking that every game ended by the rules with no incident.
PonderCounts play_and_check(const std::string& name, const std::string& a, const std::string& b,
                            const std::vector<std::string>& limit, int games) {
  const auto dir = temp_dir(name);
  const auto pgn = dir / "games.pgn", log = dir / "engines.log";
  std::vector<std::string> args = {"match", "--engine", "name=a cmd=" + kJiang + " " + a, "--engine",
                                   "name=b cmd=" + kJiang + " " + b, "--games", std::to_string(games),
                                   "--concurrency", "1", "--openings", some_openings(dir, games / 2).string(),
                                   "--pgn", pgn.string(), "--log", log.string()};
  args.insert(args.end(), limit.begin(), limit.end());
  const Run run = run_jiang(args);
  INFO(joined(run.out) << run.err);
  REQUIRE(run.code == 0);
  for (const char* engine : {"a", "b"})
    CHECK_THAT(joined(run.out), Contains(std::string(engine) + ": 0 time forfeits, 0 illegal moves, 0 crashes, 0 hangs, 0 restarts"));
  const std::vector<PgnGame> played = read_pgn(pgn);
  CHECK(played.size() == size_t(games));
  for (const PgnGame& g : played) {
    CHECK(g.tags.at("Termination") == "normal");
    replay(g);
  }
  return check_pondering(read_log(log));
}

// Whether the log has a line sent to engine `name` (any process of it) that matches `text` whole.
bool sent_to(const std::vector<LogLine>& log, const std::string& name, const std::string& text) {
  return std::any_of(log.begin(), log.end(), [&](const LogLine& l) {
    return l.to_engine && l.engine.rfind(name + "[", 0) == 0 && std::regex_match(l.text, std::regex(text));
  });
}

}  // namespace

TEST_CASE("Both engines ponder, UCI against UCCI, under a clock: ponderhit on a hit, stop on a miss",
          "[match][ponder][slow][timing]") {
  // 2 s + 0.05 s: both engines think at once (one on its clock, one pondering), beside the other tests
  // ctest runs in parallel; at 1 s + 0.02 s a loaded machine made one of them forfeit, and so did 2 s +
  // 0.05 s with the default margin of 150 ms once (a move 338 ms late). The test is of pondering, not of
  // the clock: a margin of 1 s.
  const PonderCounts n = play_and_check("ponder-clock", "proto=uci ponder=on", "proto=ucci ponder=on",
                                        {"--tc", "2+0.05", "--timemargin", "1000"}, 2);
  CHECK(n.go_ponder > 0);
  CHECK(n.hits > 0);
  CHECK(n.misses > 0);
  CHECK(n.go_ponder == n.hits + n.misses + n.stopped_at_end);
}

TEST_CASE("Pondering under a depth limit, UCCI against UCCI", "[match][ponder]") {
  const PonderCounts n = play_and_check("ponder-depth", "ponder=on", "ponder=on", {"--depth", "3"}, 2);
  CHECK(n.go_ponder > 0);
  CHECK(n.hits + n.misses > 0);
  CHECK(n.go_ponder == n.hits + n.misses + n.stopped_at_end);
}

TEST_CASE("Only the engine with ponder=on ponders and gets its Ponder option", "[match][ponder][slow][timing]") {
  const auto dir = temp_dir("ponder-one");
  const auto log = dir / "engines.log";
  const Run run = run_jiang({"match", "--engine", "name=a cmd=" + kJiang + " proto=uci ponder=on", "--engine",
                             "name=b cmd=" + kJiang + " proto=uci", "--tc", "1+0.02", "--games", "2",
                             "--concurrency", "1", "--openings", some_openings(dir, 1).string(), "--log", log.string()});
  INFO(joined(run.out) << run.err);
  REQUIRE(run.code == 0);
  CHECK_THAT(joined(run.out), Contains("a: 0 time forfeits, 0 illegal moves, 0 crashes, 0 hangs"));
  const std::vector<LogLine> lines = read_log(log);
  CHECK(sent_to(lines, "a", "setoption name Ponder value true"));
  CHECK(sent_to(lines, "a", "go ponder wtime \\d+ btime \\d+ winc 20 binc 20"));
  CHECK_FALSE(sent_to(lines, "b", "setoption name Ponder.*"));
  CHECK_FALSE(sent_to(lines, "b", "go ponder.*|ponderhit"));
  check_pondering(lines);
}

TEST_CASE("A ponder search whose move was not played is stopped and its bestmove dropped", "[match][ponder]") {
  const auto dir = temp_dir("ponder-miss");
  MatchSettings s = against_fake("ponder", dir / "pids");
  s.engines[0].ponder = s.engines[1].ponder = true;
  s.pgn_path = (dir / "games.pgn").string();
  s.log_path = (dir / "engines.log").string();
  REQUIRE(run_match(s) == kMatchDone);
  std::fflush(stdout);
  CHECK(no_children());
  // The fake resigns at its second move: had its stray e0e2 been taken for that move, it would have lost
  // by an illegal move instead.
  for (const PgnGame& g : read_pgn(dir / "games.pgn")) CHECK_THAT(g.tokens[g.tokens.size() - 2], Contains("resign"));
  const std::vector<LogLine> log = read_log(dir / "engines.log");
  const PonderCounts n = check_pondering(log);
  CHECK(n.misses >= 2);          // the fake's, once a game (and jiang's when it expected another move)
  CHECK(n.stopped_at_end >= 1);  // jiang's, pondering when the fake resigned
  const auto to_fake = [&](const std::string& text) {
    return std::count_if(log.begin(), log.end(), [&](const LogLine& l) {
      return l.to_engine && l.engine.rfind("fake[", 0) == 0 && l.text == text;
    });
  };
  CHECK(to_fake("go ponder nodes 500") == 2);
  CHECK(to_fake("stop") == 2);
  CHECK(count_lines(dir / "pids") == 1);  // no restart
}

TEST_CASE("An engine that does not answer the stop of its ponder search has hung", "[match][ponder]") {
  const auto dir = temp_dir("ponder-deaf");
  MatchSettings s = against_fake("deaf", dir / "pids");
  s.engines[1].ponder = true;
  s.pgn_path = (dir / "games.pgn").string();
  REQUIRE(run_match(s) == kMatchDone);
  std::fflush(stdout);
  CHECK(no_children());
  CHECK(count_lines(dir / "pids") == 3);  // two hangs, two restarts
  for (const PgnGame& g : read_pgn(dir / "games.pgn")) {
    CHECK(g.tags.at("Termination") == "abandoned");
    CHECK(g.tags.at("Result") == (g.tags.at("White") == "fake" ? "0-1" : "1-0"));
    CHECK_THAT(g.tokens[g.tokens.size() - 2], Contains("by hang") && Contains("did not answer stop"));
  }
}
