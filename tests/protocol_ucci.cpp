// Conversations with the real `jiang` executable in UCCI: handshake, options, searches, stop, ponder,
// banmoves, probe, quit, and bad input that must be reported without changing anything.
#include <algorithm>
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <thread>

#include "tests/support/conversation.h"
#include "tests/support/protocol_checks.h"

namespace jiang::testing {
namespace {

Conversation ucci() { return Conversation(Protocol::Ucci); }

}  // namespace

// uci2wb, the adapter XBoard runs UCCI engines through, sends check options as 1 and 0.
TEST_CASE("UCCI check options take true and false, on and off, 1 and 0", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  for (const char* value : {"1", "0", "on", "off", "TRUE", "false"}) expect_accepted(c, std::string("setoption ponder ") + value);
  expect_refused(c, "setoption ponder 2");
}

TEST_CASE("UCCI handshake: id, the options, ucciok, isready", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  const std::vector<std::string>& lines = c.handshake();
  CHECK(lines.front() == "id name jiang");
  CHECK(any_starts_with(lines, "id author "));
  for (const char* option : {"usemillisec type check", "ponder type check", "hashsize type spin",
                             "threads type spin min 1 max 64", "newgame type button", "batch type check",
                             "debug type check", "randomness type combo var none", "weightsfile type string",
                             "moveoverhead type spin min 0 max 5000 default 50",
                             "repetitionrule type combo var axf var chinese var draw default axf",
                             "multipv type spin min 1 max 128 default 1",
                             "skilllevel type spin min 0 max 20 default 20", "limitstrength type check default false", "showwdl type check default false",
                             "elo type spin min 1420 max 3010 default 3010"}) {
    INFO(option);
    CHECK(any_starts_with(lines, std::string("option ") + option));
  }
  CHECK(lines.back() == "ucciok");
  const auto ready = c.sync();
  REQUIRE(ready);
  CHECK(ready->empty());
}

TEST_CASE("UCCI position + go depth gives a legal bestmove and per-iteration info", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  const std::vector<std::string> moves{"h2e2", "h9g7"};
  c.send("position startpos moves h2e2 h9g7");
  c.send("go depth 4");
  std::vector<std::string> seen;
  const auto best = c.bestmove(kAnswerTimeout, &seen);
  REQUIRE(best);
  CHECK(legal_bestmove(*best, position_after(kStartFen, moves)));
  int infos = 0;
  for (const std::string& line : seen) {
    if (!starts_with(line, "info depth ")) continue;
    ++infos;
    for (const char* field : {" seldepth ", " score ", " time ", " nodes ", " nps ", " hashfull ", " pv "}) {
      INFO(line);
      CHECK(line.find(field) != std::string::npos);
    }
  }
  CHECK(infos >= 4);

  SECTION("from a FEN") {
    c.send("position fen " + std::string(kLostFen));
    c.send("go depth 3");
    const auto answer = c.bestmove();
    REQUIRE(answer);
    CHECK(legal_bestmove(*answer, position_after(kLostFen)));
  }
}

TEST_CASE("UCCI with two threads: legal bestmoves, and stop still answers at once", "[protocol][ucci][timing]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  c.send("setoption threads 2");
  c.send("position startpos moves h2e2");
  c.send("go depth 6");
  const auto best = c.bestmove();
  REQUIRE(best);
  CHECK(legal_bestmove(*best, position_after(kStartFen, {"h2e2"})));
  c.send("position fen " + std::string(kMateInOneFen));
  c.send("go infinite");
  std::this_thread::sleep_for(200ms);
  const auto start = std::chrono::steady_clock::now();
  c.send("stop");
  const auto mate = c.bestmove(2s);
  REQUIRE(mate);
  CHECK(elapsed_ms(start) < 500);
  const auto move = legal_bestmove(*mate, position_after(kMateInOneFen));
  REQUIRE(move);
  CHECK(legal_move_strings(position_after(kMateInOneFen, {to_string(*move)})).empty());
}

TEST_CASE("UCCI finds a mate in one", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  c.send("position fen " + std::string(kMateInOneFen));
  SECTION("go depth 3") { c.send("go depth 3"); }
  SECTION("go mate 1, which ends by itself once the mate is found") { c.send("go mate 1"); }
  const auto best = c.bestmove();
  REQUIRE(best);
  const auto mate = legal_bestmove(*best, position_after(kMateInOneFen));
  REQUIRE(mate);
  CHECK(legal_move_strings(position_after(kMateInOneFen, {to_string(*mate)})).empty());
}

TEST_CASE("UCCI go infinite is answered only after stop, and quickly", "[protocol][ucci][timing]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  c.send("position startpos");
  c.send("go infinite");
  // Still thinking after a while, and still answering isready.
  const auto t0 = std::chrono::steady_clock::now();
  const auto ready = c.sync();
  REQUIRE(ready);
  CHECK(elapsed_ms(t0) < 500);
  CHECK_FALSE(any_starts_with(*ready, "bestmove"));
  std::this_thread::sleep_for(300ms);
  const auto start = std::chrono::steady_clock::now();
  c.send("stop");
  const auto best = c.bestmove(2s);
  const int64_t latency = elapsed_ms(start);
  REQUIRE(best);
  CHECK(legal_bestmove(*best, Position::startpos()));
  CHECK(latency < 500);  // the design target is 20 ms; this bound leaves room for a loaded machine
  WARN("UCCI stop latency " << latency << " ms");
}

TEST_CASE("UCCI stop when idle answers nobestmove", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  const auto lines = c.command("stop");
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  CHECK(lines->front() == "nobestmove");
}

TEST_CASE("UCCI nobestmove when the side to move is mated", "[protocol][ucci]") {
  REQUIRE(legal_move_strings(position_after(kMatedFen)).empty());
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  c.send("position fen " + std::string(kMatedFen));
  c.send("go depth 4");
  const auto best = c.bestmove();
  REQUIRE(best);
  CHECK(*best == "nobestmove");

  SECTION("also when pondering, after ponderhit") {
    c.send("go ponder depth 4");
    CHECK_FALSE(c.process().read_line(200ms));
    c.send("ponderhit");
    const auto answer = c.bestmove();
    REQUIRE(answer);
    CHECK(*answer == "nobestmove");
  }
}

TEST_CASE("UCCI banmoves: the banned move is not played, all banned gives nobestmove", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  const Position start = Position::startpos();
  c.send("position startpos");
  c.send("go depth 4");
  const auto first = c.bestmove();
  REQUIRE(first);
  const auto played = legal_bestmove(*first, start);
  REQUIRE(played);

  expect_accepted(c, "banmoves " + to_string(*played));
  c.send("go depth 4");
  const auto second = c.bestmove();
  REQUIRE(second);
  const auto other = legal_bestmove(*second, start);
  REQUIRE(other);
  CHECK(*other != *played);

  std::string all = "banmoves";
  for (const std::string& m : legal_move_strings(start)) all += " " + m;
  expect_accepted(c, all);
  c.send("go depth 4");
  const auto none = c.bestmove();
  REQUIRE(none);
  CHECK(*none == "nobestmove");

  // The next position command clears the bans.
  c.send("position startpos");
  c.send("go depth 2");
  const auto again = c.bestmove();
  REQUIRE(again);
  CHECK(legal_bestmove(*again, start));
}

TEST_CASE("UCCI quit is answered with bye and exit status 0", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  SECTION("idle") {
    c.send("quit");
    CHECK(c.process().read_line(kAnswerTimeout) == std::optional<std::string>("bye"));
  }
  SECTION("while searching: the search answers first") {
    c.send("go infinite");
    std::this_thread::sleep_for(100ms);
    c.send("quit");
    std::vector<std::string> seen;
    CHECK(c.process().read_until("bye", kAnswerTimeout, &seen));
    CHECK(any_starts_with(seen, "bestmove"));
  }
  CHECK(c.process().wait_exit(kAnswerTimeout) == std::optional<int>(0));
}

TEST_CASE("UCCI end of input while searching exits cleanly", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  c.send("go infinite");
  std::this_thread::sleep_for(100ms);
  c.process().close_stdin();
  CHECK(c.bestmove(kAnswerTimeout));
  CHECK(c.process().wait_exit(kAnswerTimeout) == std::optional<int>(0));
}

TEST_CASE("UCCI ponder, then ponderhit or stop, gives a bestmove", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  const std::vector<std::string> moves{"h2e2", "h9g7"};
  c.send("position startpos moves h2e2 h9g7");
  c.send("go ponder time 5 increment 0");
  // Pondering has no time limit: nothing until the GUI says what happened.
  CHECK_FALSE(c.process().read_until("bestmove", 400ms));

  SECTION("ponderhit: the clock starts and the search ends on its own") {
    c.send("ponderhit");
    const auto best = c.bestmove();
    REQUIRE(best);
    CHECK(legal_bestmove(*best, position_after(kStartFen, moves)));
  }
  SECTION("stop") {
    c.send("stop");
    const auto best = c.bestmove();
    REQUIRE(best);
    CHECK(legal_bestmove(*best, position_after(kStartFen, moves)));
  }
}

TEST_CASE("UCCI draw offers: accepted only when clearly worse", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  SECTION("go draw in a lost position") {
    c.send("position fen " + std::string(kLostFen));
    c.send("go draw depth 3");
    const auto best = c.bestmove();
    REQUIRE(best);
    CHECK(legal_bestmove(*best, position_after(kLostFen)));
    CHECK(best->size() > 5);
    CHECK(best->substr(best->size() - 5) == " draw");
  }
  SECTION("ponderhit draw in a lost position") {
    c.send("position fen " + std::string(kLostFen));
    c.send("go ponder depth 3");
    c.send("ponderhit draw");
    const auto best = c.bestmove();
    REQUIRE(best);
    CHECK(best->substr(best->size() - 5) == " draw");
  }
  SECTION("go draw at the start: declined") {
    c.send("position startpos");
    c.send("go draw depth 3");
    const auto best = c.bestmove();
    REQUIRE(best);
    CHECK(best->find("draw") == std::string::npos);
  }
  SECTION("no offer in a lost position: no draw, and never resign") {
    c.send("position fen " + std::string(kLostFen));
    c.send("go depth 3");
    const auto best = c.bestmove();
    REQUIRE(best);
    CHECK(best->find("draw") == std::string::npos);
    CHECK(best->find("resign") == std::string::npos);
  }
}

namespace {

// A timed go ends well within the clock, by the time the engine reports (always) and, with
// `wall_clock`, by the time it took to answer here (the [timing] case).
void ucci_timed_go(bool wall_clock) {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  c.send("position startpos");
  for (const char* go : {"go time 2 increment 0", "go time 1.5 movestogo 10 opptime 20 oppmovestogo 10"}) {
    INFO(go);
    const auto start = std::chrono::steady_clock::now();
    c.send(go);
    std::vector<std::string> seen;
    const auto best = c.bestmove(wall_clock ? 3000ms : kAnswerTimeout, &seen);
    REQUIRE(best);
    CHECK(legal_bestmove(*best, Position::startpos()));
    const auto reported = reported_time_ms(seen);
    REQUIRE(reported);
    CHECK(*reported > 0);     // it thought: an instant answer is not a time control
    CHECK(*reported < 1000);  // well within a clock of 1.5 or 2 s
    if (wall_clock) CHECK(elapsed_ms(start) < 1500);
  }
}

// go's times are seconds, or milliseconds after usemillisec: 30 of them plan about a second, or almost
// nothing.
void ucci_usemillisec(bool wall_clock) {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  c.send("position startpos");
  auto start = std::chrono::steady_clock::now();
  c.send("go time 30 increment 0");
  std::vector<std::string> seen;
  REQUIRE(c.bestmove(15s, &seen));
  const auto seconds = reported_time_ms(seen);
  REQUIRE(seconds);
  CHECK(*seconds >= 400);
  if (wall_clock) CHECK(elapsed_ms(start) >= 400);

  expect_accepted(c, "setoption usemillisec true");
  start = std::chrono::steady_clock::now();
  c.send("go time 30 increment 0");
  seen.clear();
  const auto best = c.bestmove(wall_clock ? 3000ms : kAnswerTimeout, &seen);
  REQUIRE(best);
  CHECK(legal_bestmove(*best, Position::startpos()));
  const auto millis = reported_time_ms(seen);
  REQUIRE(millis);
  CHECK(*millis < 100);
  if (wall_clock) CHECK(elapsed_ms(start) < 400);
}

}  // namespace

TEST_CASE("UCCI timed go: the engine's own clock ends it well within the time", "[protocol][ucci]") { ucci_timed_go(false); }

TEST_CASE("UCCI timed go returns well within the time", "[protocol][ucci][timing]") { ucci_timed_go(true); }

TEST_CASE("UCCI usemillisec changes the unit of go's times (the time the engine reports)", "[protocol][ucci]") {
  ucci_usemillisec(false);
}

TEST_CASE("UCCI usemillisec changes the unit of go's times", "[protocol][ucci][timing]") { ucci_usemillisec(true); }

TEST_CASE("UCCI a new go while searching: the old search answers first", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  c.send("position startpos");
  c.send("go infinite");
  std::this_thread::sleep_for(100ms);
  c.send("position startpos moves h2e2");
  c.send("go depth 2");
  const auto first = c.bestmove();
  REQUIRE(first);
  CHECK(legal_bestmove(*first, Position::startpos()));
  const auto second = c.bestmove();
  REQUIRE(second);
  CHECK(legal_bestmove(*second, position_after(kStartFen, {"h2e2"})));
}

TEST_CASE("UCCI probe reports the table's entry and leaves the position alone", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  c.send("position startpos");
  c.send("go depth 5");
  const auto searched = c.bestmove();
  REQUIRE(searched);
  const auto played = legal_bestmove(*searched, Position::startpos());
  REQUIRE(played);

  // The position after our move was searched to depth 4 on the principal variation: its entry is there.
  // (The root itself is not stored by the search, so `probe startpos` would be a bare pophash.)
  const auto lines = c.command("probe startpos moves " + to_string(*played));
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  const std::vector<std::string> words = words_of(lines->front());
  REQUIRE(words.size() >= 7);
  CHECK(words[0] == "pophash");
  CHECK(words[1] == "bestmove");
  CHECK(is_legal(position_after(kStartFen, {to_string(*played)}), *parse_move(words[2])));
  CHECK((words[3] == "lowerbound" || words[3] == "upperbound"));
  CHECK(words[5] == "depth");

  // A position never searched: a bare pophash.
  c.send("position startpos moves h2e2");
  const auto unseen = c.command("probe fen " + std::string(kMatedFen));
  REQUIRE(unseen);
  CHECK(*unseen == std::vector<std::string>{"pophash"});
  // The position is still the one set before the probe.
  c.send("go depth 1");
  const auto best = c.bestmove();
  REQUIRE(best);
  CHECK(legal_bestmove(*best, position_after(kStartFen, {"h2e2"})));
}

TEST_CASE("UCCI options: hash, newgame, weights good and bad", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  expect_accepted(c, "setoption hashsize 16");
  expect_accepted(c, "setoption HashSize 8");  // names are case-insensitive
  expect_accepted(c, "setoption newgame");
  expect_accepted(c, "setoption ponder true");
  expect_accepted(c, "setoption batch false");
  expect_accepted(c, "setoption debug false");
  expect_accepted(c, "setoption threads 2");
  expect_accepted(c, "setoption threads 1");
  expect_accepted(c, "setoption randomness none");
  expect_accepted(c, "setoption usemillisec false");
  expect_accepted(c, "setoption moveoverhead 0");
  expect_accepted(c, "setoption multipv 2");
  {
    // Two lines an iteration, numbered, with different first moves.
    c.send("position startpos");
    c.send("go depth 4");
    std::vector<std::string> seen;
    REQUIRE(c.bestmove(kAnswerTimeout, &seen));
    std::vector<std::string> firsts(2);
    for (const std::string& line : seen) {
      const std::vector<std::string> w = words_of(line);
      if (w.size() < 6 || w[1] != "depth" || w[2] != "4" || w[5] != "multipv") continue;
      const auto pv = std::find(w.begin(), w.end(), "pv");
      REQUIRE(pv + 1 < w.end());
      firsts.at(size_t(std::stoi(w[6]) - 1)) = *(pv + 1);
    }
    CHECK(!firsts[0].empty());
    CHECK(!firsts[1].empty());
    CHECK(firsts[0] != firsts[1]);
  }
  expect_refused(c, "setoption multipv 0");
  expect_accepted(c, "setoption multipv 1");
  expect_refused(c, "setoption skilllevel 21");
  expect_refused(c, "setoption limitstrength maybe");
  expect_refused(c, "setoption elo 1419");
  expect_accepted(c, "setoption elo 1450");
  expect_accepted(c, "setoption limitstrength true");
  {
    // The weakest strength answers at once, whatever the clock, with a legal move.
    c.send("position startpos moves h2e2");
    c.send("go time 60000");
    const auto best = c.bestmove(kAnswerTimeout);
    REQUIRE(best);
    CHECK(legal_bestmove(*best, position_after(kStartFen, {"h2e2"})));
  }
  expect_accepted(c, "setoption showwdl true");
  {
    c.send("position startpos");
    c.send("go depth 3");
    std::vector<std::string> seen;
    REQUIRE(c.bestmove(kAnswerTimeout, &seen));
    int with_wdl = 0;
    for (const std::string& line : seen) with_wdl += starts_with(line, "info depth ") && line.find(" wdl ") != std::string::npos;
    CHECK(with_wdl >= 3);
  }
  expect_accepted(c, "setoption showwdl false");
  expect_accepted(c, "setoption limitstrength false");
  expect_accepted(c, "setoption skilllevel 20");
  {
    const auto answer = c.command("setoption moveoverhead lots");
    REQUIRE(answer);
    REQUIRE(answer->size() == 1);
    CHECK(starts_with(answer->front(), "info string setoption: moveoverhead expects 0..5000 (ms)"));
  }

  const std::string good = std::string(JIANG_DATA_DIR) + "/weights.json";
  auto lines = c.command("setoption weightsfile " + good);
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  CHECK(lines->front() == "info string weights loaded from " + good);

  lines = c.command("setoption weightsfile /nonexistent/weights.json");
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  CHECK(starts_with(lines->front(), "info string setoption: cannot read weights file '/nonexistent/weights.json'"));

  // A device would be read forever: refused at once, the engine still answering.
  lines = c.command("setoption weightsfile /dev/zero");
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  CHECK(starts_with(lines->front(), "info string setoption: weights file '/dev/zero' is not a regular file"));

  const std::string bad = "jiang_protocol_ucci_bad_weights.json";
  std::ofstream(bad) << "{ \"material.rook.mg\": \"heavy\" }\n";
  lines = c.command("setoption weightsfile " + bad);
  std::remove(bad.c_str());
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  CHECK(starts_with(lines->front(), "info string setoption: weights file"));

  lines = c.command("setoption weightsfile <empty>");
  REQUIRE(lines);
  CHECK(*lines == std::vector<std::string>{"info string weights: the compiled-in defaults"});

  // Still searching normally.
  c.send("position startpos");
  c.send("go depth 3");
  const auto best = c.bestmove();
  REQUIRE(best);
  CHECK(legal_bestmove(*best, Position::startpos()));
}

TEST_CASE("UCCI bad input is reported and changes nothing", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  const std::vector<std::string> moves{"h2e2"};
  expect_accepted(c, "position startpos moves h2e2");

  for (const char* command : {
           // unknown commands and options
           "xyzzy", "uci", "setoption", "setoption hashsize", "setoption hashsize abc", "setoption hashsize 0",
           "setoption hashsize 99999999", "setoption threads 65", "setoption usemillisec maybe",
           "setoption randomness huge", "setoption usebook maybe", "setoption weightsfile /nonexistent",
           // positions: missing or malformed FEN, illegal or malformed moves
           "position", "position fen", "position fen moves h2e2", "position fen garbage",
           "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "position startpos extra", "position midgame",
           "position startpos moves h2e2 h2e2", "position startpos moves h2e3", "position startpos moves zzzz",
           "position startpos moves h2", "banmoves h2e2", "banmoves nonsense",
           // go with garbage
           "go depth", "go depth x", "go depth -3", "go depth 0", "go nodes -1", "go time", "go time abc",
           "go time 1e3", "go increment x", "go movestogo 1.5", "go wtime 1000", "go sideways",
           "ponderhit now", "probe", "probe fen garbage", "probe startpos moves a0a5"}) {
    expect_refused(c, command);
  }
  // Nothing changed: the position is still the one after h2e2, and nothing is banned.
  c.send("go depth 1");
  const auto best = c.bestmove();
  REQUIRE(best);
  CHECK(legal_bestmove(*best, position_after(kStartFen, moves)));

  SECTION("a refused option while searching") {
    c.send("go infinite");
    expect_refused(c, "setoption hashsize 16");
    expect_refused(c, "setoption newgame");
    c.send("stop");
    REQUIRE(c.bestmove());
    expect_accepted(c, "setoption hashsize 16");
  }
}

TEST_CASE("UCCI repetitionrule: the rule set the search judges repetitions by", "[protocol][ucci]") {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  {
    const auto answer = c.command("setoption repetitionrule asian");
    REQUIRE(answer);
    REQUIRE(answer->size() == 1);
    CHECK(starts_with(answer->front(),
                      "info string setoption: repetitionrule expects one of axf, chinese, draw"));
  }
  // As in the UCI test: chasing again loses under AXF rules, draws under the draw-only rules.
  const std::string position =
      "position fen 3k5/7R1/9/7c1/8r/9/9/9/1r7/4K4 b - - 0 1 moves h6g6 h8g8 g6h6 g8h8 h6g6 h8g8 g6h6";
  for (const auto& [rule, chase_again] : {std::pair{"draw", true}, std::pair{"axf", false}}) {
    INFO(rule);
    expect_accepted(c, std::string("setoption repetitionrule ") + rule);
    c.send(position);
    c.send("go depth 5");
    const auto best = c.bestmove();
    REQUIRE(best);
    CHECK((*best == "bestmove g8h8") == chase_again);
  }
}

}  // namespace jiang::testing
