// One run of a `jiang` subcommand: its output lines, stderr and exit code, for the command-line tests.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "tests/support/subprocess.h"

namespace jiang::testing {

struct CliRun {
  std::optional<int> exit_code;
  std::vector<std::string> out;
  std::string err;
};

// One run of `program` with `args`, to its end.
inline CliRun run_program(const std::string& program, const std::vector<std::string>& args) {
  using namespace std::chrono_literals;
  constexpr auto kTimeout = 10s;  // generous: the tests share two cores with builds
  Subprocess p(program, args);
  p.close_stdin();
  CliRun r;
  while (const auto line = p.read_line(kTimeout)) r.out.push_back(*line);
  r.exit_code = p.wait_exit(kTimeout);
  r.err = p.read_stderr();
  return r;
}

inline CliRun run_jiang(const std::vector<std::string>& args) { return run_program(JIANG_BINARY, args); }

}  // namespace jiang::testing
