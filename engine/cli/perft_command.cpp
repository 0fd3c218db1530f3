#include "engine/cli/perft_command.h"

#include <chrono>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "movegen/perft.h"

namespace jiang {
namespace {

struct PerftOptions {
  int depth = 0;
  std::string fen{kStartFen};
  bool divide = false;
  std::string suite;
  int max_depth = 0;  // 0: every depth the suite lists
};

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int run_single(const PerftOptions& o) {
  Position pos;
  try {
    pos = Position::from_fen(o.fen);
  } catch (const FenError& e) {
    std::cerr << "jiang perft: " << e.what() << "\n";
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  uint64_t nodes = 0;
  if (o.divide) {
    for (const DivideEntry& e : divide(pos, o.depth)) {
      std::cout << e.move << ' ' << e.nodes << '\n';
      nodes += e.nodes;
    }
  } else {
    nodes = perft(pos, o.depth);
  }
  const double secs = seconds_since(start);
  std::cout << "depth " << o.depth << " nodes " << nodes << " time " << std::fixed;
  std::cout.precision(3);
  std::cout << secs << " s nps " << uint64_t(secs > 0 ? double(nodes) / secs : 0) << std::endl;
  return 0;
}

// Checks one suite line; prints its verdict and returns whether every count matched.
bool check_case(const PerftCase& c, int max_depth, int number) {
  Position pos;
  try {
    pos = Position::from_fen(c.fen);
  } catch (const FenError& e) {
    std::cout << "#" << number << " FAIL " << e.what() << "  " << c.fen << std::endl;
    return false;
  }
  const auto start = std::chrono::steady_clock::now();
  std::string failures;
  int deepest = 0;
  for (auto [depth, expected] : c.expected) {
    if (max_depth && depth > max_depth) continue;
    const uint64_t got = perft(pos, depth);
    deepest = std::max(deepest, depth);
    if (got != expected)
      failures += " D" + std::to_string(depth) + " expected " + std::to_string(expected) + " got " + std::to_string(got) + ";";
  }
  std::cout << "#" << number << (failures.empty() ? " ok   " : " FAIL ") << "D1-D" << deepest << " ";
  std::cout.precision(2);
  std::cout << std::fixed << seconds_since(start) << " s  " << c.fen << failures << std::endl;
  return failures.empty();
}

int run_suite(const PerftOptions& o) {
  std::ifstream in(o.suite);
  if (!in) {
    std::cerr << "jiang perft: cannot read suite file '" << o.suite << "': " << std::strerror(errno) << "\n";
    return 2;
  }
  int passed = 0, failed = 0, line_number = 0;
  std::string line;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
    PerftCase c;
    try {
      c = parse_perft_case(line);
    } catch (const std::invalid_argument& e) {
      std::cout << o.suite << ":" << line_number << ": FAIL malformed line: " << e.what() << std::endl;
      ++failed;
      continue;
    }
    if (c.expected.empty()) continue;  // a position without counts checks nothing
    (check_case(c, o.max_depth, passed + failed + 1) ? passed : failed)++;
  }
  if (passed + failed == 0) {
    std::cerr << "jiang perft: no perft cases in '" << o.suite << "'\n";
    return 2;
  }
  std::cout << passed << " passed, " << failed << " failed" << std::endl;
  return failed ? 1 : 0;
}

}  // namespace

void add_perft_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<PerftOptions>();
  CLI::App* cmd = app.add_subcommand("perft", "Count the leaves of the legal move tree (proves move generation)");
  auto* depth = cmd->add_option("-d,--depth", options->depth, "depth in plies")->check(CLI::Range(1, 12));
  auto* fen = cmd->add_option("-f,--fen", options->fen, "position (default: the start position)");
  auto* div = cmd->add_flag("--divide", options->divide, "print the count under each root move, sorted");
  auto* suite = cmd->add_option("-s,--suite", options->suite, "EPD file: 'FEN ;D1 n ;D2 n ...' per line; checks every count");
  auto* max_depth = cmd->add_option("--max-depth", options->max_depth, "with --suite: skip depths above this")
                        ->check(CLI::Range(1, 12));
  suite->excludes(depth)->excludes(fen)->excludes(div);
  max_depth->needs(suite);
  cmd->callback([options, cmd, depth, suite, &exit_code] {
    if (!depth->count() && !suite->count())
      throw CLI::RequiredError("perft needs --depth N or --suite FILE");
    (void)cmd;
    exit_code = suite->count() ? run_suite(*options) : run_single(*options);
  });
  (void)fen;
}

}  // namespace jiang
