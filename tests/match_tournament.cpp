// Tournaments in `jiang match`: a round robin and a gauntlet of jiang processes (every pairing's games,
// colours swapped, the standings and the cross table agreeing with the PGN, the same table again from
// the PGN and from the state file), the engines from a JSON file, the anchor, and a tournament killed
// and resumed with nothing lost or played twice.
#include <catch2/catch.hpp>

#include <signal.h>

#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "tests/match_support.h"

using namespace jiang;
using namespace jiang::match_test;
using Catch::Matchers::Contains;

namespace {

const std::string kJiang = JIANG_BINARY;

std::vector<std::string> three_engines() {
  return {"--engine", "name=a cmd=" + kJiang, "--engine", "name=b cmd=" + kJiang + " proto=uci", "--engine",
          "name=c cmd=" + kJiang + " option.hashsize=8"};
}

// `jiang match`, the three engines, then `more`.
std::vector<std::string> match_of_three(const std::vector<std::string>& more) {
  std::vector<std::string> args = {"match"};
  for (const std::string& a : three_engines()) args.push_back(a);
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// Games per (Red, Black) and each engine's points, from the PGN.
struct PgnCounts {
  std::map<std::pair<std::string, std::string>, int> games;
  std::map<std::string, double> points;
  std::set<int> rounds;
  size_t total = 0;
};

PgnCounts count_pgn(const std::filesystem::path& pgn) {
  PgnCounts c;
  for (const PgnGame& g : read_pgn(pgn)) {
    const std::string red = g.tags.at("White"), black = g.tags.at("Black"), result = g.tags.at("Result");
    ++c.games[{red, black}];
    c.points[red] += result == "1-0" ? 1 : result == "1/2-1/2" ? 0.5 : 0;
    c.points[black] += result == "0-1" ? 1 : result == "1/2-1/2" ? 0.5 : 0;
    CHECK(c.rounds.insert(std::stoi(g.tags.at("Round"))).second);  // no game twice
    ++c.total;
  }
  return c;
}

// The standings' rows ("   1 a   +0.0  (held) ..."), by engine name, without the rank (which ties may swap).
std::map<std::string, std::string> table_rows(const std::vector<std::string>& out) {
  std::map<std::string, std::string> rows;
  const std::regex row(R"(^\s+\d+ (\S+)(\s+[-+?].*%)$)");
  for (const std::string& line : out) {
    std::smatch m;
    if (std::regex_match(line, m, row)) rows[m[1]] = m[2];
  }
  return rows;
}

}  // namespace

TEST_CASE("A round robin of three engines: every pairing, colours swapped, the standings agreeing with the PGN",
          "[match][tournament]") {
  const auto dir = temp_dir("round-robin");
  const auto pgn = dir / "games.pgn";
  const Run run = run_jiang(match_of_three({"--tournament", "round-robin", "--depth", "1", "--games", "4", "--concurrency",
                                            "2", "--openings", some_openings(dir, 2).string(), "--pgn", pgn.string(),
                                            "--anchor", "b=1000"}));
  INFO(joined(run.out) << run.err);
  REQUIRE(run.code == 0);
  const PgnCounts c = count_pgn(pgn);
  CHECK(c.total == 12);
  CHECK(*c.rounds.rbegin() == 12);
  for (const auto& [red, black] : {std::pair{"a", "b"}, {"a", "c"}, {"b", "c"}}) {
    CHECK(c.games.at({red, black}) == 2);  // each opening once with each colour
    CHECK(c.games.at({black, red}) == 2);
  }
  CHECK_THAT(joined(run.out), Contains("12 games of 12"));
  const auto rows = table_rows(run.out);
  REQUIRE(rows.size() == 3);
  CHECK_THAT(rows.at("b"), Contains("+1000.0  (held)"));
  for (const auto& [name, points] : c.points) {
    INFO(name);
    char score[16];
    std::snprintf(score, sizeof score, "%.1f%%", 100 * points / 8);
    CHECK_THAT(rows.at(name), Contains(std::string(" 8 ")) && Contains(score));
  }
  CHECK_THAT(joined(run.out), Contains("Cross table"));
  // The same standings from the PGN and from the state file.
  for (const std::string& source : {pgn.string(), pgn.string() + ".state"}) {
    INFO(source);
    const Run table = run_jiang({"match", "--table", source, "--anchor", "b=1000"});
    REQUIRE(table.code == 0);
    CHECK(table_rows(table.out) == rows);
  }
  // The PGN cut in two files (as XBoard's checks write one a pairing) reads as the whole.
  {
    std::ifstream in(pgn);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const size_t cut = text.find("[Event ", text.size() / 2);
    REQUIRE(cut != std::string::npos);
    const auto first = dir / "first.pgn", second = dir / "second.pgn";
    std::ofstream(first) << text.substr(0, cut);
    std::ofstream(second) << text.substr(cut);
    const Run table = run_jiang({"match", "--table", first.string(), second.string(), "--anchor", "b=1000"});
    REQUIRE(table.code == 0);
    CHECK(table_rows(table.out) == rows);
    CHECK_THAT(joined(table.out), Contains("; 12 games"));
    // A state file stands alone: its incidents are exact, a PGN's are not.
    const Run mixed = run_jiang({"match", "--table", pgn.string() + ".state", second.string()});
    CHECK(mixed.code == 2);
    CHECK_THAT(mixed.err, Contains("a state file stands alone"));
    const Run missing = run_jiang({"match", "--table", first.string(), (dir / "none.pgn").string()});
    CHECK(missing.code == 2);
    CHECK_THAT(missing.err, Contains("cannot read"));
  }
  for (const PgnGame& g : read_pgn(pgn)) replay(g);
}

TEST_CASE("A gauntlet: the first engine against each other, engines from a JSON file", "[match][tournament]") {
  const auto dir = temp_dir("gauntlet");
  const auto pgn = dir / "games.pgn";
  write_text(dir / "engines.json", R"([{"name": "a", "cmd": ")" + kJiang + R"("},
    {"name": "b", "cmd": ")" + kJiang + R"(", "proto": "uci", "options": {"Hash": 8}},
    {"name": "c", "cmd": ")" + kJiang + R"(", "depth": 2}])");
  const Run run = run_jiang({"match", "--tournament", "gauntlet", "--engines", (dir / "engines.json").string(), "--depth",
                             "1", "--games", "2", "--openings", some_openings(dir, 1).string(), "--pgn", pgn.string()});
  INFO(joined(run.out) << run.err);
  REQUIRE(run.code == 0);
  const PgnCounts c = count_pgn(pgn);
  CHECK(c.total == 4);
  CHECK(c.games.count({"b", "c"}) == 0);
  CHECK(c.games.count({"c", "b"}) == 0);
  CHECK(c.games.at({"a", "c"}) == 1);
  for (const PgnGame& g : read_pgn(pgn))  // c's own depth= beside the match's --depth
    if (g.tags.at("White") == "c" || g.tags.at("Black") == "c") CHECK(g.tags.at("TimeControl") == "-");
  CHECK(table_rows(run.out).size() == 3);

  write_text(dir / "bad.json", R"([{"name": "a", "cmd": ")" + kJiang + R"("}, {"name": "b", "colour": "red"}])");
  const Run bad = run_jiang({"match", "--tournament", "gauntlet", "--engines", (dir / "bad.json").string(), "--depth", "1"});
  CHECK(bad.code != 0);
  CHECK_THAT(bad.err, Contains("bad.json: engine 2") && Contains("unknown key 'colour'"));
}

TEST_CASE("A tournament killed and resumed: nothing lost, nothing played twice, a stray game cut", "[match][tournament]") {
  const auto dir = temp_dir("resume");
  const auto pgn = dir / "games.pgn";
  const std::vector<std::string> args = match_of_three({"--tournament", "round-robin", "--nodes", "300", "--games", "8",
                                                       "--concurrency", "2", "--openings", some_openings(dir, 4).string(),
                                                       "--pgn", pgn.string()});
  {
    jiang::testing::Subprocess p(kJiang, args);
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    while (read_pgn(pgn).size() < 4 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(20ms);
    REQUIRE(read_pgn(pgn).size() >= 4);
    REQUIRE(::kill(p.pid(), SIGTERM) == 0);
    REQUIRE(p.wait_exit(20s) == 128 + SIGTERM);
  }
  const size_t played = read_pgn(pgn).size();
  REQUIRE(played < 24);
  // A game written but not counted (killed between the two writes) is played again, not kept.
  std::ofstream(pgn, std::ios::app) << "[Event \"jiang match\"]\n[Round \"99\"]\n\n1. h2e2\n";
  const Run other = run_jiang(with(args, {"--resume", "--maxplies", "300"}));
  CHECK(other.code == 2);
  CHECK_THAT(other.err, Contains("of another match or tournament"));

  const Run resumed = run_jiang(with(args, {"--resume"}));
  INFO(joined(resumed.out) << resumed.err);
  REQUIRE(resumed.code == 0);
  CHECK_THAT(joined(resumed.out), Contains("resuming: " + std::to_string(played) + " of 24 games already played"));
  CHECK_THAT(joined(resumed.out), Contains("24 games of 24"));
  const PgnCounts c = count_pgn(pgn);  // checks that no round is there twice
  CHECK(c.total == 24);
  CHECK(*c.rounds.begin() == 1);
  CHECK(*c.rounds.rbegin() == 24);
  CHECK(table_rows(resumed.out).size() == 3);
  const Run again = run_jiang(with(args, {"--resume"}));  // nothing left to play
  CHECK(again.code == 0);
  CHECK(count_pgn(pgn).total == 24);
}
