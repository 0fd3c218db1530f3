// A move written in ICCS in a test, which must be well-formed: the test fails at once if it is not.
#pragma once

#include <catch2/catch.hpp>
#include <optional>
#include <string>

#include "movegen/notation.h"

inline jiang::Move parse(const std::string& text) {
  const std::optional<jiang::Move> m = jiang::parse_move(text);
  REQUIRE(m.has_value());
  return *m;
}
