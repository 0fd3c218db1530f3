#include "engine/cli/bench_command.h"

#include <cstdio>
#include <memory>
#include <sstream>

#include "engine/engine.h"
#include "engine/search.h"
#include "movegen/notation.h"
#include "generated/bench_positions.h"

namespace jiang {
namespace {

// Deep enough to exercise every part of the search, shallow enough to run in seconds.
constexpr int kDefaultBenchDepth = 8;
// A fixed table size: the node count must not depend on the machine or the user's options.
constexpr int kBenchHashMb = 16;

struct BenchOptions {
  int depth = kDefaultBenchDepth;
  std::string weights;
  bool verbose = false;
};

std::vector<std::string> bench_fens() {
  std::vector<std::string> fens;
  std::istringstream in(kBenchPositions);
  for (std::string line; std::getline(in, line);) {
    const std::string fen = line.substr(0, line.find(';'));
    if (fen.find_first_not_of(" \t\r") != std::string::npos) fens.push_back(fen);
  }
  return fens;
}

int run_bench(const BenchOptions& o) {
  Engine engine;
  engine.set_hash_mb(kBenchHashMb);
  if (!o.weights.empty()) {
    try {
      engine.set_params(Params::load(o.weights));
    } catch (const ParamError& e) {
      std::fprintf(stderr, "jiang bench: %s\n", e.what());
      return 2;
    }
  }
  SearchLimits limits;
  limits.depth = o.depth;
  uint64_t nodes = 0;
  const int64_t start = now_ms();
  int index = 0;
  for (const std::string& fen : bench_fens()) {
    engine.new_game();  // each position on its own: the count does not depend on the order
    engine.set_position(fen, {});
    const SearchResult r = engine.search(limits);
    nodes += r.nodes;
    if (o.verbose)
      std::printf("%2d %-8s %6d %10llu  %s\n", ++index, r.best ? to_string(r.best).c_str() : "(none)", r.score,
                  static_cast<unsigned long long>(r.nodes), fen.c_str());
  }
  const int64_t elapsed = std::max<int64_t>(1, now_ms() - start);
  std::printf("positions %zu depth %d\n", bench_fens().size(), o.depth);
  std::printf("time %lld ms\n", static_cast<long long>(elapsed));
  std::printf("nps %llu\n", static_cast<unsigned long long>(nodes * 1000 / uint64_t(elapsed)));
  std::printf("nodes %llu\n", static_cast<unsigned long long>(nodes));
  return 0;
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* cmd = app.add_subcommand("bench", "Search the bench positions to a fixed depth; prints the node count (the bench signature) and speed");
  cmd->add_option("-d,--depth", options->depth, "search depth")->check(CLI::Range(1, 30));
  cmd->add_option("-w,--weights", options->weights, "weights file instead of the defaults");
  cmd->add_flag("-v,--verbose", options->verbose, "one line per position: best move, score, nodes");
  cmd->callback([options, &exit_code] { exit_code = run_bench(*options); });
}

}  // namespace jiang
