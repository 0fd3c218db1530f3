// The best-first search through both protocols: its options (`Best-First Voting`, `Best-First Vote
// Interval`, `Best-First Tree`; UCCI bestfirstvoting, bestfirstvoteinterval, bestfirsttree) declared,
// set and refused with a message; `go depth`, `go nodes`, `go infinite` + stop, `go ponder` +
// ponderhit and a clock all answered with a legal move, with the root notes among the info lines.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/support/conversation.h"

namespace jiang::testing {
namespace {

std::vector<std::string> notes_in(const std::vector<std::string>& lines) {
  std::vector<std::string> notes;
  for (const std::string& line : lines)
    if (starts_with(line, "info string best-first")) notes.push_back(line);
  return notes;
}

// The root moves' notes among them (each report is a tree line, then a line a root move; a slow search,
// as under the sanitizers, reports more than once).
std::vector<std::string> move_notes(const std::vector<std::string>& notes) {
  std::vector<std::string> moves;
  for (const std::string& note : notes)
    if (starts_with(note, "info string best-first move ")) moves.push_back(note);
  return moves;
}

// Whether a search with voting off reported root moves, each with no votes.
bool no_votes(const std::vector<std::string>& notes) {
  const std::vector<std::string> moves = move_notes(notes);
  return !moves.empty() &&
         std::all_of(moves.begin(), moves.end(), [](const std::string& n) { return n.find(" votes 0 ") != std::string::npos; });
}

// Sends `go ...` from the start position and returns the lines up to a legal bestmove.
std::vector<std::string> search(Conversation& c, const std::string& go) {
  c.send("position startpos");
  c.send(go);
  std::vector<std::string> seen;
  const auto best = c.bestmove(kAnswerTimeout, &seen);
  REQUIRE(best);
  CHECK(legal_bestmove(*best, Position::startpos()));
  return seen;
}

// A command that must be accepted without a word.
void accept(Conversation& c, const std::string& command) {
  const auto lines = c.command(command);
  REQUIRE(lines);
  CHECK(lines->empty());
}

// A command that must be refused with exactly one line, `message`.
void refuse(Conversation& c, const std::string& command, const std::string& message) {
  const auto lines = c.command(command);
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  CHECK(lines->front() == message);
}

}  // namespace

TEST_CASE("the best-first options are declared in both protocols", "[protocol][modes][best-first]") {
  Conversation uci(Protocol::Uci);
  REQUIRE(uci.handshake_ok());
  CHECK(any_starts_with(uci.handshake(), "option name Best-First Voting type check default true"));
  CHECK(any_starts_with(uci.handshake(), "option name Best-First Vote Interval type spin default 4 min 1 max 1000"));
  CHECK(any_starts_with(uci.handshake(), "option name Best-First Tree type spin default 256 min 1 max 65536"));
  Conversation ucci(Protocol::Ucci);
  REQUIRE(ucci.handshake_ok());
  CHECK(any_starts_with(ucci.handshake(), "option bestfirstvoting type check default true"));
  CHECK(any_starts_with(ucci.handshake(), "option bestfirstvoteinterval type spin min 1 max 1000 default 4"));
  CHECK(any_starts_with(ucci.handshake(), "option bestfirsttree type spin min 1 max 65536 default 256"));
}

TEST_CASE("UCI best-first: searches, notes and voting off", "[protocol][uci][modes][best-first]") {
  Conversation c(Protocol::Uci);
  REQUIRE(c.handshake_ok());
  accept(c, "setoption name Search Mode value best-first");
  std::vector<std::string> notes = notes_in(search(c, "go nodes 5000"));
  REQUIRE(notes.size() >= 2);
  CHECK(starts_with(notes[0], "info string best-first tree "));
  const std::vector<std::string> moves = move_notes(notes);
  CHECK(std::any_of(moves.begin(), moves.end(), [](const std::string& n) { return n.find(" votes 0 ") == std::string::npos; }));

  accept(c, "setoption name Best-First Voting value false");
  notes = notes_in(search(c, "go depth 5"));
  REQUIRE(notes.size() >= 2);
  CHECK(no_votes(notes));

  // Bad values change nothing and say why.
  refuse(c, "setoption name Best-First Vote Interval value 0",
         "info string setoption: Best-First Vote Interval expects 1..1000, got '0'");
  refuse(c, "setoption name Best-First Tree value lots",
         "info string setoption: Best-First Tree expects 1..65536 (MB), got 'lots'");
  refuse(c, "setoption name Best-First Voting value maybe",
         "info string setoption: Best-First Voting expects true or false, got 'maybe'");
  notes = notes_in(search(c, "go nodes 3000"));
  CHECK(no_votes(notes));
}

TEST_CASE("UCI best-first: go infinite stops at stop, go ponder at ponderhit, a clock is kept",
          "[protocol][uci][modes][best-first][timing]") {
  Conversation c(Protocol::Uci);
  REQUIRE(c.handshake_ok());
  REQUIRE(c.command("setoption name Search Mode value best-first"));
  REQUIRE(c.command("setoption name Best-First Tree value 64"));
  c.send("position startpos");
  c.send("go infinite");
  std::vector<std::string> seen;
  CHECK_FALSE(c.bestmove(std::chrono::milliseconds(500), &seen));  // no answer before stop
  auto asked = std::chrono::steady_clock::now();
  c.send("stop");
  auto best = c.bestmove(kAnswerTimeout, &seen);
  REQUIRE(best);
  CHECK(legal_bestmove(*best, Position::startpos()));
  CHECK(elapsed_ms(asked) < 500);
  CHECK(std::any_of(seen.begin(), seen.end(), [](const std::string& l) { return starts_with(l, "info depth "); }));

  c.send("position startpos");
  c.send("go ponder wtime 2000 btime 2000");
  CHECK_FALSE(c.bestmove(std::chrono::milliseconds(500)));  // pondering: the clock does not run
  asked = std::chrono::steady_clock::now();
  c.send("ponderhit");
  best = c.bestmove();
  REQUIRE(best);
  CHECK(legal_bestmove(*best, Position::startpos()));
  CHECK(elapsed_ms(asked) < 1500);  // the optimum of 2 s, well within the hard limit

  asked = std::chrono::steady_clock::now();
  search(c, "go wtime 1000 btime 1000 winc 10 binc 10");
  CHECK(elapsed_ms(asked) < 800);
}

TEST_CASE("UCCI best-first: set and searched", "[protocol][ucci][modes][best-first]") {
  Conversation c(Protocol::Ucci);
  REQUIRE(c.handshake_ok());
  accept(c, "setoption searchmode best-first");
  accept(c, "setoption bestfirstvoting false");
  refuse(c, "setoption bestfirstvoteinterval 9999",
         "info string setoption: bestfirstvoteinterval expects 1..1000, got '9999'");
  const std::vector<std::string> notes = notes_in(search(c, "go depth 4"));
  REQUIRE(notes.size() >= 2);
  CHECK(no_votes(notes));
}

}  // namespace jiang::testing
