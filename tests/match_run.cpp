// The real `jiang match` between engine processes: jiang against jiang (UCCI against UCI) under node,
// depth and clock limits, with the PGN replayed move by move; a fake engine that plays an illegal move
// or none; Ctrl-C in the middle of a match.
#include <catch2/catch.hpp>

#include <signal.h>

#include <algorithm>
#include <set>
#include <thread>

#include "rules/referee.h"
#include "tests/match_support.h"

using namespace jiang;
using namespace jiang::match_test;
using Catch::Matchers::Contains;

namespace {

const std::string kJiang = JIANG_BINARY;

}  // namespace

TEST_CASE("jiang plays jiang (UCCI against UCI) at depth 2: the PGN replays and the summary parses", "[match][run]") {
  const auto dir = temp_dir("depth");
  const auto pgn = dir / "games.pgn";
  const Run run = run_jiang({"match", "--engine", "name=ucci cmd=" + kJiang + " proto=ucci",
                             "--engine", "name=uci cmd=" + kJiang + " proto=uci option.Hash=8", "--depth", "2",
                             "--games", "4", "--concurrency", "2", "--openings", some_openings(dir, 2).string(),
                             "--pgn", pgn.string(), "--sprt", "0,5"});
  INFO(joined(run.out) << run.err);
  REQUIRE(run.code == 0);
  REQUIRE(!run.out.empty());
  const std::string last = run.out.back();
  CHECK_THAT(last, Catch::Matches(R"(ucci vs uci: \d+-\d+-\d+ score \d+\.\d% elo [-+]\d+\.\d \+/- \d+\.\d sprt: )"
                                  R"((H1 accepted|H0 accepted|inconclusive) llr -?\d+\.\d\d \(bounds -2\.94, 2\.94\))"));
  CHECK(check_pgn(pgn, "ucci", "uci", "-", 4) == wdl(last));
  // A progress line per finished pair (with two games at once, the third game may end before the second).
  CHECK(std::count_if(run.out.begin(), run.out.end(), [](const std::string& l) { return l.rfind("games ", 0) == 0; }) == 2);
  CHECK_THAT(joined(run.out), Contains("games 4: ") && Contains("pairs 2: "));
  CHECK_THAT(joined(run.out), Contains("ucci: 0 time forfeits, 0 illegal moves, 0 crashes, 0 hangs, 0 restarts"));
}

TEST_CASE("Under a clock, each engine's time counts and nobody forfeits", "[match][run][slow][timing]") {
  // 2 s + 0.05 s, two games at once: at 1 s + 0.02 s, with other builds running, a move near the end
  // of a clock took 350 ms with 142 ms left (margin 150 ms), the scheduler's delay more than the engine's.
  const auto dir = temp_dir("clock");
  const auto pgn = dir / "games.pgn";
  const auto log = dir / "engines.log";
  const Run run = run_jiang({"match", "--engine", "name=a cmd=" + kJiang, "--engine", "name=b cmd=" + kJiang + " proto=uci",
                             "--tc", "2+0.05", "--games", "2", "--concurrency", "2", "--openings",
                             some_openings(dir, 1).string(), "--pgn", pgn.string(), "--log", log.string()});
  INFO(joined(run.out) << run.err);
  REQUIRE(run.code == 0);
  check_pgn(pgn, "a", "b", "2+0.05", 2);
  CHECK_THAT(joined(run.out), Contains("a: 0 time forfeits") && Contains("b: 0 time forfeits"));
  const std::string sent = read_text(log);
  const auto said = [&](const std::string& engine, const std::string& line) {
    return std::regex_search(sent, std::regex(engine + R"(\[\d+\] > )" + line + "\n"));
  };
  CHECK(said("a", "setoption usemillisec true"));
  CHECK(said("a", "go time 2000 increment 50 opptime 2000 oppincrement 50"));
  CHECK(said("b", "go wtime 2000 btime 2000 winc 50 binc 50"));
  CHECK(said("b", "ucinewgame"));
  CHECK(said("a", "setoption newgame"));
}

TEST_CASE("An engine that plays an illegal move loses each game, and the match goes on", "[match][run]") {
  const auto dir = temp_dir("illegal");
  const auto pgn = dir / "games.pgn";
  write_text(dir / "start.fen", std::string(kStartFen) + "\n");
  const Run run = run_jiang({"match", "--engine", "name=jiang cmd=" + kJiang, "--engine",
                             "name=fake cmd=" + kFakeEngine + " args=illegal", "--depth", "1", "--games", "4",
                             "--concurrency", "1", "--openings", (dir / "start.fen").string(), "--pgn", pgn.string()});
  INFO(joined(run.out) << run.err);
  REQUIRE(run.code == 0);
  CHECK(run.out.back().rfind("jiang vs fake: 4-0-0 score 100.0%", 0) == 0);
  CHECK_THAT(joined(run.out), Contains("fake: 0 time forfeits, 4 illegal moves"));
  CHECK_THAT(joined(run.out), Contains("endings: illegal move 4"));
  // The log names the move and the position.
  CHECK_THAT(run.err, Contains("game 1: fake (Black) played the illegal move 'e0e2' in rnbakabnr/"));
  CHECK_THAT(run.err, Contains("game 2: fake (Red) played the illegal move 'e0e2' in " + std::string(kStartFen)));
  for (const PgnGame& g : read_pgn(pgn)) {
    CHECK(g.tags.at("Termination") == "rules infraction");
    CHECK_THAT(g.tokens[g.tokens.size() - 2], Contains("by illegal move"));
  }
}

TEST_CASE("An engine that answers with no move claims the game over: a false claim, unless past XBoard's count",
          "[match][run]") {
  const auto dir = temp_dir("nomove");
  const auto play = [&](const std::string& fen) {
    write_text(dir / "open.fen", fen + "\n");
    return run_jiang({"match", "--engine", "name=jiang cmd=" + kJiang, "--engine",
                      "name=fake cmd=" + kFakeEngine + " args=nomove", "--depth", "1", "--games", "2",
                      "--concurrency", "1", "--openings", (dir / "open.fen").string()});
  };
  // From the start the game goes on: the claim is false and loses, and it is no illegal move.
  const Run start = play(std::string(kStartFen));
  INFO(joined(start.out) << start.err);
  REQUIRE(start.code == 0);
  CHECK(start.out.back().rfind("jiang vs fake: 2-0-0", 0) == 0);
  CHECK_THAT(joined(start.out),
             Contains("fake: 0 time forfeits, 0 illegal moves, 0 crashes, 0 hangs, 0 restarts, 2 false claims"));
  CHECK_THAT(start.err,
             Contains("game 1: fake (Black) answered with no move (a claim) instead of moving in rnbakabnr/"));
  // 55 moves without a capture: past the 50 XBoard grants a claim for (checks aside), short of the 60
  // that end the game by the rules. Both claims stand, whichever side makes them.
  const Run quiet = play("3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 110 1");
  INFO(joined(quiet.out) << quiet.err);
  REQUIRE(quiet.code == 0);
  CHECK(quiet.out.back().rfind("jiang vs fake: 0-2-0", 0) == 0);
  CHECK_THAT(joined(quiet.out), Contains("endings: 50-move claim 2"));
}

TEST_CASE("Ctrl-C stops a match: the summary so far, a whole PGN, no engine left", "[match][run]") {
  const auto dir = temp_dir("sigint");
  const auto pgn = dir / "games.pgn";
  const auto pids = dir / "pids";
  const std::string engine = "cmd=" + kPidWrapper + " args='" + pids.string() + " " + kJiang + "'";
  jiang::testing::Subprocess p(kJiang, {"match", "--engine", "name=a " + engine, "--engine", "name=b proto=uci " + engine,
                                        "--nodes", "300", "--games", "100", "--concurrency", "2", "--openings",
                                        some_openings(dir, 50).string(), "--pgn", pgn.string()});
  // Wait until a few games are in the PGN: the next ones are being played.
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while (read_pgn(pgn).size() < 2 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(20ms);
  REQUIRE(read_pgn(pgn).size() >= 2);
  REQUIRE(::kill(p.pid(), SIGINT) == 0);
  std::vector<std::string> out;
  const auto stop_deadline = std::chrono::steady_clock::now() + 10s;
  while (!p.at_eof() && std::chrono::steady_clock::now() < stop_deadline)
    if (auto line = p.read_line(1s)) out.push_back(*line);
  const std::optional<int> code = p.wait_exit(5s);
  INFO(joined(out) << p.read_stderr());
  REQUIRE(code == 128 + SIGINT);
  REQUIRE(!out.empty());
  CHECK_THAT(joined(out), Contains("interrupted by SIGINT"));
  CHECK_THAT(out.back(), Catch::Matches(R"(a vs b: \d+-\d+-\d+ score \d+\.\d% elo [-+]\d+\.\d \+/- \d+\.\d)"));
  // Every game the summary counts is whole in the PGN, and no other.
  const std::array<int, 3> counts = wdl(out.back());
  const size_t finished = size_t(counts[0] + counts[1] + counts[2]);
  CHECK(finished < 100);
  CHECK(check_pgn(pgn, "a", "b", "-", finished, true) == counts);
  CHECK(read_text(pgn).substr(read_text(pgn).size() - 2) == "\n\n");
  // Every engine started is gone: two for the games played, up to four (two per game thread; under load
  // the second thread may not yet have started both of its own when the signal came).
  std::istringstream ids(read_text(pids));
  int count = 0;
  for (pid_t pid; ids >> pid; ++count) CHECK((::kill(pid, 0) == -1 && errno == ESRCH));
  CHECK(count >= 2);
  CHECK(count <= 4);
}

TEST_CASE("Two search designs of one binary play each other: options with blanks in quotes", "[match][run][modes]") {
  const auto dir = temp_dir("modes");
  const auto pgn = dir / "games.pgn";
  const auto log = dir / "engines.log";
  const Run run = run_jiang({"match", "--engine", "name=ab cmd=" + kJiang + " proto=uci",
                             "--engine", "name=ts cmd=" + kJiang + " proto=uci 'option.Search Mode=two-stage' "
                             "\"option.Move Order=priority\"", "--nodes", "3000", "--games", "2",
                             "--openings", some_openings(dir, 1).string(), "--pgn", pgn.string(),
                             "--log", log.string()});
  INFO(joined(run.out) << run.err);
  REQUIRE(run.code == 0);
  check_pgn(pgn, "ab", "ts", "-", 2);
  const std::string sent = read_text(log);
  CHECK_THAT(sent, Contains("setoption name Search Mode value two-stage"));
  CHECK_THAT(sent, Contains("setoption name Move Order value priority"));
  CHECK_THAT(sent, !Contains("expects one of"));  // both values taken
  CHECK_THAT(sent, Contains("info string two-stage"));  // the second engine searched in its mode
  CHECK_THAT(joined(run.out), Contains("ts: 0 time forfeits, 0 illegal moves, 0 crashes, 0 hangs, 0 restarts"));
}

TEST_CASE("Time odds: each engine's own tc= in its go and the PGN, and an overrun within the margin counted, not lost",
          "[match][run][slow][timing]") {
  const auto dir = temp_dir("time-odds");
  const auto pgn = dir / "games.pgn", log = dir / "log.txt";
  write_text(dir / "start.fen", std::string(kStartFen) + "\n");
  // The fake answers a tenth of a second after its 0.3 s have run out: within a margin of 5 s. Its 1 s
  // increment leaves it time to resign in time (with no increment its clock stood at 0 and a resignation
  // that took a millisecond under load was a second overrun). jiang has 10 s, of which it spends a
  // fraction on its one or two moves: under load a 2 s clock overran.
  const Run run = run_jiang({"match", "--engine", "name=jiang cmd=" + kJiang + " tc=10+0.1", "--engine",
                             "name=fake cmd=" + kFakeEngine + " args=overrun tc=0.3+1", "--tc", "60", "--timemargin", "5000",
                             "--games", "2", "--concurrency", "1", "--openings", (dir / "start.fen").string(), "--pgn",
                             pgn.string(), "--log", log.string()});
  INFO(joined(run.out) << run.err);
  REQUIRE(run.code == 0);
  CHECK(run.out.back().rfind("jiang vs fake: 2-0-0", 0) == 0);  // the fake resigns at its second move
  CHECK_THAT(joined(run.out), Contains("fake: 0 time forfeits, 0 illegal moves, 0 crashes, 0 hangs, 0 restarts, 0 false "
                                       "claims, 2 overruns within the margin"));
  CHECK_THAT(joined(run.out), Contains("jiang: 0 time forfeits") && Contains("0 false claims, 0 overruns"));
  for (const PgnGame& g : read_pgn(pgn)) {
    const bool jiang_red = g.tags.at("White") == "jiang";
    CHECK(g.tags.count("TimeControl") == 0);
    CHECK(g.tags.at("WhiteTimeControl") == (jiang_red ? "10+0.1" : "0.3+1"));
    CHECK(g.tags.at("BlackTimeControl") == (jiang_red ? "0.3+1" : "10+0.1"));
  }
  // Each engine's go has its own clock and increment, and the other's as the opponent's.
  const std::vector<LogLine> lines = read_log(log);
  const auto sent = [&](const std::string& engine, const std::string& prefix) {
    return std::any_of(lines.begin(), lines.end(), [&](const LogLine& l) {
      return l.to_engine && l.engine.rfind(engine + "[", 0) == 0 && l.text.rfind(prefix, 0) == 0;
    });
  };
  CHECK(sent("jiang", "go time 10000 increment 100 opptime 300 oppincrement 1000"));  // game 1: jiang moves first
  CHECK(sent("fake", "go time 0.300 increment 1.000 opptime 10.000 oppincrement 0.100"));  // game 2: the fake first
}
