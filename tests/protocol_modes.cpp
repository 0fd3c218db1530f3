// The search-design options of issue 12 over both protocols: `Search Mode` / `searchmode` and
// `Move Order` / `moveorder` are declared, accepted, and refused with a message for a bad value that
// changes nothing.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/support/conversation.h"

namespace jiang::testing {
namespace {

bool any_contains(const std::vector<std::string>& lines, const std::string& text) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

// The info strings of a `go depth 3` from the start position (a mode's stage reports among them).
std::vector<std::string> notes_of_search(Conversation& c) {
  c.send("position startpos");
  c.send("go depth 3");
  std::vector<std::string> seen;
  const auto best = c.bestmove(kAnswerTimeout, &seen);
  REQUIRE(best);
  CHECK(legal_bestmove(*best, Position::startpos()));
  std::vector<std::string> notes;
  for (const std::string& line : seen)
    if (starts_with(line, "info string ")) notes.push_back(line);
  return notes;
}

}  // namespace

TEST_CASE("Search Mode and Move Order are declared in UCI, after the other options", "[protocol][uci][modes]") {
  Conversation c(Protocol::Uci);
  REQUIRE(c.handshake_ok());
  const std::vector<std::string>& lines = c.handshake();
  const auto mode = std::find(lines.begin(), lines.end(),
                              "option name Search Mode type combo default alphabeta var alphabeta var two-stage var best-first");
  const auto order = std::find(lines.begin(), lines.end(),
                               "option name Move Order type combo default history var history var priority");
  CHECK(mode != lines.end());
  CHECK(order == mode + 1);
}

TEST_CASE("searchmode and moveorder are declared in UCCI", "[protocol][ucci][modes]") {
  Conversation c(Protocol::Ucci);
  REQUIRE(c.handshake_ok());
  CHECK(any_starts_with(c.handshake(),
                        "option searchmode type combo var alphabeta var two-stage var best-first default alphabeta"));
  CHECK(any_starts_with(c.handshake(), "option moveorder type combo var history var priority default history"));
}

TEST_CASE("UCI Search Mode: set, refused with a message, and a refusal keeps the mode", "[protocol][uci][modes]") {
  Conversation c(Protocol::Uci);
  REQUIRE(c.handshake_ok());
  // The default search writes no notes; two-stage reports its stages.
  CHECK_FALSE(any_contains(notes_of_search(c), "two-stage"));
  auto lines = c.command("setoption name Search Mode value Two-Stage");  // names are case-insensitive
  REQUIRE(lines);
  CHECK(lines->empty());
  CHECK(any_contains(notes_of_search(c), "two-stage"));

  for (const char* bad : {"minimax", "two stage"}) {
    INFO(bad);
    lines = c.command(std::string("setoption name Search Mode value ") + bad);
    REQUIRE(lines);
    REQUIRE(lines->size() == 1);
    CHECK(lines->front() == std::string("info string setoption: Search Mode expects one of alphabeta, two-stage, "
                                        "best-first, got '") + bad + "'; search mode unchanged");
  }
  CHECK(any_contains(notes_of_search(c), "two-stage"));

  lines = c.command("setoption name Move Order value random");
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  CHECK(lines->front() ==
        "info string setoption: Move Order expects one of history, priority, got 'random'; move order unchanged");
  lines = c.command("setoption name Move Order value priority");
  REQUIRE(lines);
  CHECK(lines->empty());
  lines = c.command("setoption name Search Mode value alphabeta");
  REQUIRE(lines);
  CHECK(lines->empty());
  CHECK_FALSE(any_contains(notes_of_search(c), "two-stage"));
}

TEST_CASE("UCCI searchmode and moveorder: set and refused", "[protocol][ucci][modes]") {
  Conversation c(Protocol::Ucci);
  REQUIRE(c.handshake_ok());
  auto lines = c.command("setoption searchmode two-stage");
  REQUIRE(lines);
  CHECK(lines->empty());
  CHECK(any_contains(notes_of_search(c), "two-stage"));
  lines = c.command("setoption searchmode sideways");
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  CHECK(lines->front() ==
        "info string setoption: searchmode expects one of alphabeta, two-stage, best-first, got 'sideways'; "
        "search mode unchanged");
  CHECK(any_contains(notes_of_search(c), "two-stage"));
  lines = c.command("setoption moveorder priority");
  REQUIRE(lines);
  CHECK(lines->empty());
  lines = c.command("setoption moveorder none");
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  CHECK(lines->front() ==
        "info string setoption: moveorder expects one of history, priority, got 'none'; move order unchanged");
}

}  // namespace jiang::testing
