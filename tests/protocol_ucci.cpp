// Conversations with the real `jiang` executable in UCCI, what UCCI alone has: its handshake and options,
// banmoves, draw offers, probe, usemillisec, decimal times. What UCI has too is in protocol_dialects.cpp.
#include <catch2/catch.hpp>

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
                             "elo type spin min 1420 max 2840 default 2840"}) {
    INFO(option);
    CHECK(any_starts_with(lines, std::string("option ") + option));
  }
  CHECK(lines.back() == "ucciok");
  const auto ready = c.sync();
  REQUIRE(ready);
  CHECK(ready->empty());
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

// Decimal seconds, the opponent's clock and moves to go are accepted and end well within the time.
void ucci_decimal_clock(bool wall_clock) {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  c.send("position startpos");
  expect_timed_go(c, "go time 1.5 movestogo 10 opptime 20 oppmovestogo 10", Position::startpos(), {1, 1000, 1500},
                  wall_clock);
}

// go's times are seconds, or milliseconds after usemillisec: 30 of them plan about a second for this
// move, or almost nothing.
void ucci_usemillisec(bool wall_clock) {
  Conversation c = ucci();
  REQUIRE(c.handshake_ok());
  c.send("position startpos");
  const auto start = std::chrono::steady_clock::now();
  c.send("go time 30 increment 0");
  std::vector<std::string> seen;
  REQUIRE(c.bestmove(15s, &seen));
  const auto seconds = reported_time_ms(seen);
  REQUIRE(seconds);
  CHECK(*seconds >= 400);
  if (wall_clock) CHECK(elapsed_ms(start) >= 400);

  expect_accepted(c, "setoption usemillisec true");
  expect_timed_go(c, "go time 30 increment 0", Position::startpos(), {0, 100, 400}, wall_clock);
}

}  // namespace

TEST_CASE("UCCI timed go: decimal seconds, the opponent's clock and moves to go (the engine's clock)", "[protocol][ucci]") {
  ucci_decimal_clock(false);
}

TEST_CASE("UCCI timed go: decimal seconds, the opponent's clock and moves to go are accepted", "[protocol][ucci][timing]") {
  ucci_decimal_clock(true);
}

TEST_CASE("UCCI usemillisec changes the unit of go's times (the engine's clock)", "[protocol][ucci]") { ucci_usemillisec(false); }

TEST_CASE("UCCI usemillisec changes the unit of go's times", "[protocol][ucci][timing]") { ucci_usemillisec(true); }

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

TEST_CASE("UCCI options: hash, newgame, threads, move overhead", "[protocol][ucci]") {
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
  {
    const auto answer = c.command("setoption moveoverhead lots");
    REQUIRE(answer);
    REQUIRE(answer->size() == 1);
    CHECK(starts_with(answer->front(), "info string setoption: moveoverhead expects 0..5000 (ms)"));
  }

  // Still searching normally.
  c.send("position startpos");
  c.send("go depth 3");
  const auto best = c.bestmove();
  REQUIRE(best);
  CHECK(legal_bestmove(*best, Position::startpos()));
}

}  // namespace jiang::testing
