// The XBoard protocol in the match runner: the features, thinking output and answers it reads, the
// commands it writes; and a fake XBoard engine that misbehaves (an illegal move, a crash, a hang, a false
// claim with or without a move, refusing a legal move, resigning, a late move after `force`), each game
// lost by it for the right reason and no child left.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>

#include "match/standings.h"
#include "match/xboard_protocol.h"
#include "tests/match_support.h"

using namespace jiang;
using namespace jiang::match;
using namespace jiang::match_test;
using Catch::Matchers::Contains;

TEST_CASE("XBoard features are read, answered, and the defaults kept where the engine says nothing", "[match][xboard]") {
  XboardFeatures f;
  const std::vector<std::string> answers = read_feature_line(
      R"(feature myname="HoiXiangqi 0.22" variants="normal,xiangqi" ping=1 setboard=1 sigint=0 wild=1 option="Hash size -spin 32 1 1024" done=0)",
      f);
  CHECK(answers == std::vector<std::string>{"accepted myname", "accepted variants", "accepted ping", "accepted setboard",
                                            "accepted sigint", "rejected wild", "accepted option", "accepted done"});
  CHECK(f.myname == "HoiXiangqi 0.22");
  CHECK(f.plays_xiangqi());
  CHECK(f.ping);
  CHECK(f.setboard);
  CHECK_FALSE(f.usermove);
  CHECK(f.time);   // default 1
  CHECK(f.reuse);  // default 1
  CHECK(f.has_option("Hash size"));
  CHECK_FALSE(f.has_option("Hash"));
  CHECK(f.more);
  CHECK_FALSE(f.done);
  read_feature_line("feature usermove=1 done=1", f);
  CHECK(f.usermove);
  CHECK(f.done);
  CHECK(read_feature_line("tellics say hello", f).empty());
  XboardFeatures chess;
  read_feature_line("feature variants=\"normal,shatranj\"", chess);
  CHECK_FALSE(chess.plays_xiangqi());
}

TEST_CASE("XBoard thinking output: ply, score, time, nodes, the extra columns and the PV", "[match][xboard]") {
  const EngineInfo hoi = parse_thinking("3 24 9 3090 10. ... Cb7-c7 11. Ec0-a2 Hf5xg3").value();
  CHECK(hoi.depth == 3);
  CHECK(hoi.score->value == 24);
  CHECK_FALSE(hoi.score->mate);
  CHECK(hoi.time_ms == 90);
  CHECK(hoi.nodes == 3090u);
  CHECK(hoi.pv == std::vector<std::string>{"Cb7-c7", "Ec0-a2", "Hf5xg3"});
  // Fairy-Stockfish: seldepth, nps and tbhits before a tab and the PV.
  const EngineInfo fairy = parse_thinking("3 69 0 317 3 105666 0\t h9g7 d0e1 b9c7").value();
  CHECK(fairy.pv == std::vector<std::string>{"h9g7", "d0e1", "b9c7"});
  CHECK(fairy.nodes == 317u);
  CHECK(parse_thinking("12. -100003 55 9999 a0a1").value().score->mate);
  CHECK(parse_thinking("12 -100003 55 9999 a0a1").value().score->value == -3);
  CHECK(parse_thinking("12 100005 55 9999").value().score->centipawns() > parse_thinking("12 900 1 1").value().score->centipawns());
  CHECK(parse_thinking("-1    440        0          1 h2h9").value().depth == 0);  // MaxQi's first line
  CHECK_FALSE(parse_thinking("Info: hash_size_entries=838860"));
  CHECK_FALSE(parse_thinking("1 2 3"));
}

TEST_CASE("XBoard engine lines: move, resign, claims, draw offers, refusals, pong", "[match][xboard]") {
  using Kind = XboardLine::Kind;
  CHECK(parse_xboard_line("move h2e2").kind == Kind::Move);
  CHECK(parse_xboard_line("move h2e2").move == "h2e2");
  CHECK(parse_xboard_line("resign").kind == Kind::Resign);
  CHECK(parse_xboard_line("offer draw").kind == Kind::DrawOffer);
  const XboardLine claim = parse_xboard_line("1/2-1/2 {Draw by repetition}");
  CHECK(claim.kind == Kind::Claim);
  CHECK(claim.result == GameResult::Draw);
  CHECK(claim.comment == "Draw by repetition");
  CHECK(parse_xboard_line("0-1 {Black mates}").result == GameResult::BlackWins);
  CHECK(parse_xboard_line("1-0").result == GameResult::RedWins);
  const XboardLine refused = parse_xboard_line("Illegal move (no such piece): h9g7");
  CHECK(refused.kind == Kind::Rejected);
  CHECK(refused.move == "h9g7");
  CHECK(parse_xboard_line("Illegal move: a0a1").move == "a0a1");
  CHECK(parse_xboard_line("pong 12").pong == 12);
  CHECK(parse_xboard_line("5 116 5 24948 d6i6").kind == Kind::Thinking);
  CHECK(parse_xboard_line("tellusererror Illegal position").kind == Kind::Other);
  CHECK(parse_xboard_line("Error (unknown command): cores").kind == Kind::Other);
}

TEST_CASE("XBoard limits and FENs are written as XBoard writes them", "[match][xboard]") {
  MoveBudget clock;
  clock.clock = true;
  clock.tc = parse_time_control("10+0.1");
  CHECK(limit_commands(clock) == std::vector<std::string>{"level 0 0:10 0.1"});
  clock.tc = parse_time_control("40/90+1");
  CHECK(limit_commands(clock) == std::vector<std::string>{"level 40 1:30 1"});
  clock.tc = parse_time_control("120");
  CHECK(limit_commands(clock) == std::vector<std::string>{"level 0 2 0"});
  clock.tc = parse_time_control("0.5+0.05");
  CHECK(limit_commands(clock) == std::vector<std::string>{"level 0 0:01 0.05"});  // whole seconds; `time` is exact
  MoveBudget depth;
  depth.depth = 4;
  CHECK(limit_commands(depth) == std::vector<std::string>{"level 0 1440 0", "sd 4"});
  MoveBudget nodes;
  nodes.nodes = 5000;
  CHECK(limit_commands(nodes) == std::vector<std::string>{"nps 5000", "st 1"});
  CHECK(xboard_setboard_fen(std::string(kStartFen)) == "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w 0 1");
  CHECK(xboard_setboard_fen("4k4/9/9/9/9/9/9/9/9/4K4 b 12 40") == "4k4/9/9/9/9/9/9/9/9/4K4 b 12 40");
}

namespace {

// jiang (first, 500 nodes a move) against the fake XBoard engine misbehaving as `mode` (depth 1, which
// it ignores), from the initial position; the fake appends its process ids to `pids`.
match::MatchSettings against_fake_xboard(const std::string& mode, const std::filesystem::path& dir, int games = 2) {
  match::MatchSettings s = against_fake(mode, dir / "pids");
  s.engines[1] = match::parse_engine_spec("name=fake cmd=" + kFakeXboard + " args='" + mode + " " + (dir / "pids").string() +
                                          "' proto=xboard depth=1");
  s.games = games;
  s.pgn_path = (dir / "games.pgn").string();
  return s;
}

// Runs the match and checks that every game was lost by the fake, as `reason` says, with `termination`.
void fake_loses_every_game(const match::MatchSettings& s, const std::filesystem::path& dir, const std::string& reason,
                           const std::string& termination) {
  REQUIRE(run_match(s) == kMatchDone);
  std::fflush(stdout);
  CHECK(no_children());
  const std::vector<PgnGame> games = read_pgn(dir / "games.pgn");
  REQUIRE(games.size() == size_t(s.games));
  for (const PgnGame& g : games) {
    INFO("round " << g.tags.at("Round"));
    CHECK(g.tags.at("Result") == (g.tags.at("White") == "fake" ? "0-1" : "1-0"));
    CHECK(g.tags.at("Termination") == termination);
    CHECK_THAT(g.tokens[g.tokens.size() - 2], Contains("by " + reason));
    replay(g);
  }
  // The table read back from the PGN (jiang match --table) counts each loss under its own kind, which
  // the Termination tag alone does not tell (a false claim and an illegal move are both "rules infraction").
  const match::Standings table = match::standings_from_pgn({(dir / "games.pgn").string()});
  const auto& names = table.names();
  const size_t fake_row = size_t(std::find(names.begin(), names.end(), "fake") - names.begin());
  const match::EngineIncidents fake = table.incidents()[fake_row];
  const int losses = s.games;
  CHECK(fake.illegal_moves == (reason == "illegal move" || reason == "refused a legal move" ? losses : 0));
  CHECK(fake.false_claims == (reason == "false claim" ? losses : 0));
  CHECK(fake.crashes == (reason == "crash" ? losses : 0));
  CHECK(fake.hangs == (reason == "hang" ? losses : 0));
  CHECK(fake.time_forfeits == 0);
}

}  // namespace

TEST_CASE("A broken XBoard engine loses each game for what it did, and no child is left", "[match][xboard][failures]") {
  SECTION("an illegal move") {
    const auto dir = temp_dir("xboard-illegal");
    fake_loses_every_game(against_fake_xboard("illegal", dir), dir, "illegal move", "rules infraction");
  }
  SECTION("a crash: restarted after each") {
    const auto dir = temp_dir("xboard-crash");
    fake_loses_every_game(against_fake_xboard("crash", dir), dir, "crash", "abandoned");
    CHECK(count_lines(dir / "pids") == 3);  // the first process and two restarts
  }
  SECTION("a hang: restarted after each") {
    const auto dir = temp_dir("xboard-hang");
    fake_loses_every_game(against_fake_xboard("hang", dir), dir, "hang", "abandoned");
    CHECK(count_lines(dir / "pids") == 3);
  }
  SECTION("a claim instead of a move, which the referee does not find") {
    const auto dir = temp_dir("xboard-claim");
    fake_loses_every_game(against_fake_xboard("claim", dir), dir, "false claim", "rules infraction");
  }
  SECTION("a claim with its move, which the referee does not find") {
    const auto dir = temp_dir("xboard-claimmove");
    fake_loses_every_game(against_fake_xboard("claimmove", dir), dir, "false claim", "rules infraction");
  }
  SECTION("a legal move called illegal") {
    const auto dir = temp_dir("xboard-reject");
    fake_loses_every_game(against_fake_xboard("reject", dir), dir, "refused a legal move", "rules infraction");
  }
  SECTION("a resignation") {
    const auto dir = temp_dir("xboard-resign");
    fake_loses_every_game(against_fake_xboard("resign", dir), dir, "resignation", "normal");
  }
  SECTION("an engine that exits between games is restarted, and the game played: no loss before the first move") {
    const auto dir = temp_dir("xboard-quitter");
    fake_loses_every_game(against_fake_xboard("quitter", dir, 4), dir, "resignation", "normal");
    CHECK(count_lines(dir / "pids") == 4);  // the first process and three restarts
  }
  SECTION("a late move after force is dropped, not played in the next game") {
    const auto dir = temp_dir("xboard-lateforce");
    fake_loses_every_game(against_fake_xboard("lateforce", dir, 4), dir, "resignation", "normal");
    CHECK(count_lines(dir / "pids") == 1);  // never restarted
  }
}

TEST_CASE("The summary counts an XBoard engine's false claims", "[match][xboard]") {
  const auto dir = temp_dir("xboard-claim-summary");
  write_text(dir / "start.fen", std::string(kStartFen) + "\n");
  const Run run = run_jiang({"match", "--engine", "name=jiang cmd=" JIANG_BINARY, "--engine",
                             "name=fake cmd=" + kFakeXboard + " args=claim proto=xboard depth=1", "--nodes", "500",
                             "--games", "2", "--concurrency", "1", "--openings", (dir / "start.fen").string()});
  INFO(joined(run.out) << run.err);
  REQUIRE(run.code == 0);
  CHECK_THAT(joined(run.out), Contains("fake: 0 time forfeits, 0 illegal moves, 0 crashes, 0 hangs, 0 restarts, 2 false claims"));
  CHECK_THAT(run.err, Contains("fake (Black) claimed 1/2-1/2 (Draw by repetition) instead of moving"));
}

TEST_CASE("An XBoard engine without setboard is refused openings it cannot reach, and a node limit without nps",
          "[match][xboard]") {
  const auto dir = temp_dir("xboard-refused");
  const std::string maxqi = "/usr/games/maxqi";
  if (!std::filesystem::exists(maxqi)) {
    WARN("maxqi is not installed: skipped");
    return;
  }
  const Run openings = run_jiang({"match", "--engine", "name=jiang cmd=" JIANG_BINARY, "--engine",
                                  "name=maxqi cmd=" + maxqi + " proto=xboard", "--depth", "1", "--games", "2",
                                  "--openings", some_openings(dir, 2).string()});
  CHECK(openings.code == 2);
  CHECK_THAT(openings.err, Contains("maxqi: the engine has no setboard"));
  const Run nodes = run_jiang({"match", "--engine", "name=jiang cmd=" JIANG_BINARY, "--engine",
                               "name=maxqi cmd=" + maxqi + " proto=xboard", "--nodes", "100", "--games", "2"});
  CHECK(nodes.code == 2);
  CHECK_THAT(nodes.err, Contains("maxqi: a node limit needs the XBoard feature nps"));
}
