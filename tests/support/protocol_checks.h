// Checks shared by the UCCI and UCI conversation tests: a command the engine must refuse with an
// `info string` (and go on answering), and one it must take without a word.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "tests/support/conversation.h"

namespace jiang::testing {

inline void expect_refused(Conversation& c, const std::string& command) {
  INFO("command: " << command);
  const auto lines = c.command(command);
  REQUIRE(lines);
  CHECK(any_starts_with(*lines, "info string "));
  CHECK_FALSE(any_starts_with(*lines, "bestmove"));
}

inline void expect_accepted(Conversation& c, const std::string& command) {
  INFO("command: " << command);
  const auto lines = c.command(command);
  REQUIRE(lines);
  CHECK(lines->empty());
}

}  // namespace jiang::testing
