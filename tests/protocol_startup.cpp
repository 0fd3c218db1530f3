// Before a protocol is chosen: the first command picks UCCI or UCI, anything else is refused, and the
// top-level --weights option loads weights before the loop starts.
#include <catch2/catch.hpp>

#include "tests/support/conversation.h"

namespace jiang::testing {

TEST_CASE("Commands before ucci/uci get a one-line error and are ignored", "[protocol]") {
  Conversation c(std::nullopt);
  c.send("");
  c.send("   ");
  c.send("isready");
  CHECK(c.process().read_line(kAnswerTimeout) ==
        std::optional<std::string>("info string unknown command 'isready': send ucci or uci first"));
  c.send("xyz 1 2 3");
  CHECK(c.process().read_line(kAnswerTimeout) ==
        std::optional<std::string>("info string unknown command 'xyz': send ucci or uci first"));
  // Then the protocol starts normally (a GUI on Windows ends lines with \r\n).
  c.send("uci\r");
  std::vector<std::string> seen;
  CHECK(c.process().read_until("uciok", kAnswerTimeout, &seen));
  CHECK(seen.front() == "id name jiang");
  c.send("quit");
  CHECK(c.process().wait_exit(kAnswerTimeout) == std::optional<int>(0));
}

TEST_CASE("End of input before any command exits with status 0", "[protocol]") {
  Conversation c(std::nullopt);
  c.process().close_stdin();
  CHECK(c.process().wait_exit(kAnswerTimeout) == std::optional<int>(0));
  CHECK_FALSE(c.process().read_line(kAnswerTimeout));
}

TEST_CASE("The --weights option loads a weights file before the loop", "[protocol]") {
  SECTION("a good file") {
    Conversation c(Protocol::Ucci, {"--weights", std::string(JIANG_DATA_DIR) + "/weights.json"});
    REQUIRE(c.handshake_ok());
    c.send("position startpos");
    c.send("go depth 3");
    const auto best = c.bestmove();
    REQUIRE(best);
    CHECK(legal_bestmove(*best, Position::startpos()));
    c.send("quit");
    CHECK(c.process().read_line(kAnswerTimeout) == std::optional<std::string>("bye"));
    CHECK(c.process().wait_exit(kAnswerTimeout) == std::optional<int>(0));
  }
  SECTION("a missing file: a message on stderr and exit status 2") {
    Conversation c(std::nullopt, {"--weights", "/nonexistent/weights.json"});
    CHECK(c.process().wait_exit(kAnswerTimeout) == std::optional<int>(2));
    CHECK(c.process().read_stderr().find("/nonexistent/weights.json") != std::string::npos);
    CHECK_FALSE(c.process().read_line(1s));  // nothing on stdout
  }
}

}  // namespace jiang::testing
