// Numbers as the tuner's log, CSV and checkpoint write them.
#pragma once

#include <cstdio>
#include <optional>
#include <string>

namespace jiang::tuner {

inline std::string number(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.9g", x);
  return buffer;
}

inline std::string optional_number(const std::optional<double>& x) { return x ? number(*x) : std::string("-"); }

}  // namespace jiang::tuner
