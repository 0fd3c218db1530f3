// The search-design options of issue 12 over both protocols: `Search Mode` / `searchmode` and
// `Move Order` / `moveorder` are declared, accepted, and refused with a message for a bad value that
// changes nothing; `Disable Steps` / `disablesteps` (the search steps turned off) and `jiang bench --disable`.
#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/search_steps.h"
#include "tests/support/cli_run.h"
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

namespace jiang::testing {

TEST_CASE("Two-stage options: set, refused out of range, and the stages reported", "[protocol][uci][modes]") {
  Conversation c(Protocol::Uci);
  REQUIRE(c.handshake_ok());
  for (const char* bad : {"TwoStage Margin value -1", "TwoStage Margin value 2001", "TwoStage Stage1 Share value 91",
                          "TwoStage Positional Ply value 65", "TwoStage Positional Ply value x"}) {
    INFO(bad);
    const auto lines = c.command(std::string("setoption name ") + bad);
    REQUIRE(lines);
    REQUIRE(lines->size() == 1);
    CHECK(starts_with(lines->front(), "info string setoption: TwoStage "));
    CHECK(lines->front().find(" expects ") != std::string::npos);
  }
  for (const char* good : {"Search Mode value two-stage", "TwoStage Margin value 0", "TwoStage Stage1 Share value 50",
                           "TwoStage Positional Ply value 3"}) {
    const auto lines = c.command(std::string("setoption name ") + good);
    REQUIRE(lines);
    CHECK(lines->empty());
  }
  const std::vector<std::string> notes = notes_of_search(c);
  REQUIRE(notes.size() == 3);
  CHECK(notes[0] == "info string two-stage: stage 1, material only, keeps moves within 0 cp of the best");
  CHECK(starts_with(notes[1], "info string two-stage: stage 1 depth 3 score cp "));
  CHECK(notes[1].find(" kept ") != std::string::npos);
  CHECK(notes[2] == "info string two-stage: stage 2, full evaluation, positional part below ply 3 inherited");
}

TEST_CASE("UCCI two-stage options are declared and checked", "[protocol][ucci][modes]") {
  Conversation c(Protocol::Ucci);
  REQUIRE(c.handshake_ok());
  CHECK(any_starts_with(c.handshake(), "option twostagemargin type spin min 0 max 2000 default 50"));
  CHECK(any_starts_with(c.handshake(), "option twostageshare type spin min 0 max 90 default 30"));
  CHECK(any_starts_with(c.handshake(), "option twostageply type spin min 0 max 64 default 0"));
  auto lines = c.command("setoption twostageshare 95");
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  CHECK(lines->front() == "info string setoption: twostageshare expects 0..90 (percent), got '95'");
  lines = c.command("setoption twostageshare 0");
  REQUIRE(lines);
  CHECK(lines->empty());
}

}  // namespace jiang::testing

namespace jiang::testing {

// `jiang --setoption NAME=VALUE`: how a GUI that cannot send options (or a match script) picks a mode.
TEST_CASE("Options from the command line apply to either protocol's session", "[protocol][modes][cli]") {
  for (const Protocol protocol : {Protocol::Ucci, Protocol::Uci}) {
    // UCI's name for one, UCCI's for the other, in any case: each protocol takes both.
    Conversation c(protocol, {"--setoption", "search mode=two-stage", "--setoption", "TWOSTAGEMARGIN=120"});
    REQUIRE(c.handshake_ok());
    // The handshake declares them as the defaults, so a GUI that sends every default back (XBoard
    // does) keeps them; a combo's choice comes first too (uci2wb passes XBoard no combo default).
    const bool uci = protocol == Protocol::Uci;
    CHECK(std::count(c.handshake().begin(), c.handshake().end(),
                     uci ? "option name Search Mode type combo default two-stage var two-stage var alphabeta var best-first"
                         : "option searchmode type combo var two-stage var alphabeta var best-first default two-stage") == 1);
    CHECK(std::count(c.handshake().begin(), c.handshake().end(),
                     uci ? "option name TwoStage Margin type spin default 120 min 0 max 2000"
                         : "option twostagemargin type spin min 0 max 2000 default 120") == 1);
    const auto echoed = c.command(uci ? "setoption name Search Mode value two-stage" : "setoption searchmode two-stage");
    REQUIRE(echoed);
    CHECK(echoed->empty());
    const std::vector<std::string> notes = notes_of_search(c);
    REQUIRE_FALSE(notes.empty());
    CHECK(notes[0] == "info string two-stage: stage 1, material only, keeps moves within 120 cp of the best");
    // The GUI's own setoption still has the last word.
    const auto lines = c.command(protocol == Protocol::Uci ? "setoption name Search Mode value alphabeta"
                                                           : "setoption searchmode alphabeta");
    REQUIRE(lines);
    CHECK(lines->empty());
    CHECK(notes_of_search(c).empty());
  }
}

TEST_CASE("A bad option on the command line stops the engine before it starts", "[protocol][modes][cli]") {
  const CliRun unknown = run_jiang({"--setoption", "Search Depth=3"});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err == "jiang: --setoption Search Depth: unknown option 'Search Depth'\n");
  const CliRun bad_value = run_jiang({"--setoption", "searchmode=minimax"});
  CHECK(bad_value.exit_code == 2);
  CHECK_THAT(bad_value.err, Catch::Contains("searchmode expects one of alphabeta, two-stage, best-first, got 'minimax'"));
  const CliRun no_value = run_jiang({"--setoption", "Hash"});
  CHECK(no_value.exit_code == 2);
  CHECK_THAT(no_value.err, Catch::Contains("expected NAME=VALUE"));
  const CliRun with_command = run_jiang({"--setoption", "Hash=8", "perft", "--depth", "1"});
  CHECK(with_command.exit_code == 2);
  CHECK_THAT(with_command.err, Catch::Contains("is for the engine"));
}

}  // namespace jiang::testing

namespace jiang::testing {

TEST_CASE("Disable Steps: declared, set, and an unknown step refused with the valid names", "[protocol][modes][steps]") {
  for (const Protocol protocol : {Protocol::Uci, Protocol::Ucci}) {
    const bool uci = protocol == Protocol::Uci;
    Conversation c(protocol);
    REQUIRE(c.handshake_ok());
    CHECK(any_starts_with(c.handshake(), uci ? "option name Disable Steps type string default <empty>"
                                             : "option disablesteps type string default <empty>"));
    const std::string set = uci ? "setoption name Disable Steps value " : "setoption disablesteps ";
    auto lines = c.command(set + "singular, LMP");
    REQUIRE(lines);
    CHECK(lines->empty());
    lines = c.command(set + "singular,prbcut");
    REQUIRE(lines);
    REQUIRE(lines->size() == 1);
    const std::string name = uci ? "Disable Steps" : "disablesteps";
    CHECK(starts_with(lines->front(), "info string setoption: " + name + ": unknown search step 'prbcut'; the steps are: "
                                      "aspiration, check_extension, "));
    // The list ends with the last step's name, then what happened.
    CHECK(lines->front().find(", " + std::string(kStepNames.back().name) + "; the steps turned off are unchanged") !=
          std::string::npos);
    CHECK(notes_of_search(c).empty());  // and the engine still searches
  }
}

TEST_CASE("jiang bench --disable: the steps named are off, and an unknown name is an error listing the valid ones",
          "[cli][steps]") {
  const CliRun off = run_jiang({"bench", "--depth", "3", "--disable", "singular,lmp"});
  REQUIRE(off.exit_code == 0);
  CHECK(any_contains(off.out, " disabled singular,lmp"));
  const CliRun bad = run_jiang({"bench", "--depth", "3", "--disable", "singular,prbcut"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("unknown search step 'prbcut'; the steps are: aspiration,") != std::string::npos);
  const CliRun selfplay = run_jiang({"selfplay", "--games", "2", "--depth", "1", "--disable", "lmr,nope", "--out",
                                     "/nonexistent-dir/never-written.txt"});
  CHECK(selfplay.exit_code == 2);
  CHECK(selfplay.err.find("unknown search step 'nope'") != std::string::npos);
}

}  // namespace jiang::testing
