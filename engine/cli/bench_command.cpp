#include "engine/cli/bench_command.h"

#include <algorithm>
#include <ctime>
#include <cstdio>
#include <memory>
#include <sstream>

#include <CLI/CLI.hpp>

#include "engine/flags/design_flags.h"
#include "engine/engine.h"
#include "engine/search_types.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "generated/bench_positions.h"

namespace jiang {
namespace {

// Deep enough to exercise every part of the search, shallow enough to run in seconds.
constexpr int kDefaultBenchDepth = 8;
// A fixed table size: the node count must not depend on the machine or the user's options.
constexpr int kBenchHashMb = 16;

// The evaluation benchmark walks every move sequence this many plies deep from each bench position
// (20074 positions, openings to endgames, captures included, as in a search) and keeps runs of
// kEvalBenchRun consecutive ones every kEvalBenchStride: 1280 positions in walk order, where siblings
// follow each other as in a search, about 450 KB, which stay in the processor's cache as the one
// position a search evaluates does. Evaluating all 20074 (7 MB) would time cache misses the search
// never has.
constexpr int kEvalBenchPlies = 2;
constexpr size_t kEvalBenchRun = 64, kEvalBenchStride = 1024;
// Passes over those positions; the fastest is reported (the others absorb noise from a shared machine).
constexpr int kDefaultEvalRepeat = 100;

struct BenchOptions {
  int depth = kDefaultBenchDepth;
  std::string weights;
  bool verbose = false;
  bool eval = false;
  int repeat = kDefaultEvalRepeat;
  SearchDesign design;
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

void collect_positions(Position& pos, int plies, std::vector<Position>& out) {
  Position copy = pos;
  copy.clear_history();  // a bare board: the evaluation reads nothing else
  out.push_back(copy);
  if (plies == 0) return;
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    pos.make_move(m);
    collect_positions(pos, plies - 1, out);
    pos.unmake_move();
  }
}

// CPU time of this thread in nanoseconds: unlike the wall clock, it does not count the time other
// programs on a shared machine hold the processor.
double thread_cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e9 + double(t.tv_nsec);
}

// Static evaluations of the positions near the bench positions: the fastest of `repeat` passes, in
// nanoseconds of CPU time per evaluation, and a checksum of the scores (equal checksums, equal
// evaluations).
int run_eval_bench(const BenchOptions& o, const Params& params) {
  std::vector<Position> walked, positions;
  for (const std::string& fen : bench_fens()) {
    Position pos = Position::from_fen(fen);
    collect_positions(pos, kEvalBenchPlies, walked);
  }
  for (size_t i = 0; i < walked.size(); ++i)
    if (i % kEvalBenchStride < kEvalBenchRun) positions.push_back(walked[i]);
  const Evaluator evaluator(params);
  double best_ns = 1e18;
  int64_t checksum = 0;
  for (int pass = 0; pass < o.repeat; ++pass) {
    int64_t sum = 0;
    const double start = thread_cpu_ns();
    for (const Position& pos : positions) sum += evaluator.evaluate(pos);
    best_ns = std::min(best_ns, (thread_cpu_ns() - start) / double(positions.size()));
    checksum = sum;
  }
  std::printf("positions %zu (runs of %zu in every %zu of the lines %d plies deep from the bench positions), "
              "passes %d\n", positions.size(), kEvalBenchRun, kEvalBenchStride, kEvalBenchPlies, o.repeat);
  std::printf("checksum %lld\n", static_cast<long long>(checksum));
  std::printf("ns/eval %.1f\n", best_ns);
  return 0;
}

int run_bench(const BenchOptions& o) {
  Params params;
  try {
    if (!o.weights.empty()) params = Params::load(o.weights);
  } catch (const ParamError& e) {
    std::fprintf(stderr, "jiang bench: %s\n", e.what());
    return 2;
  }
  if (o.eval) return run_eval_bench(o, params);
  Engine engine;
  engine.set_hash_mb(kBenchHashMb);
  if (!o.weights.empty()) engine.set_params(params);
  SearchLimits limits;
  limits.depth = o.depth;
  limits.design = o.design;
  uint64_t nodes = 0, eval_probes = 0, eval_cache_hits = 0;
  const int64_t start = now_ms();
  int index = 0;
  for (const std::string& fen : bench_fens()) {
    engine.new_game();  // each position on its own: the count does not depend on the order
    engine.set_position(fen, {});
    const SearchResult r = engine.search(limits);
    nodes += r.nodes;
    eval_probes += r.eval_probes;
    eval_cache_hits += r.eval_cache_hits;
    if (o.verbose)
      std::printf("%2d %-8s %6d %10llu  %s\n", ++index, r.best ? to_string(r.best).c_str() : "(none)", r.score,
                  static_cast<unsigned long long>(r.nodes), fen.c_str());
  }
  const int64_t elapsed = std::max<int64_t>(1, now_ms() - start);
  std::printf("positions %zu depth %d mode %s order %s", bench_fens().size(), o.depth,
              std::string(to_string(o.design.mode)).c_str(), std::string(to_string(o.design.order)).c_str());
  if (o.design.mode == SearchMode::TwoStage)
    std::printf(" (margin %d cp, stage 1 share %d%%, positional ply %d)", o.design.two_stage.margin_cp,
                o.design.two_stage.stage1_percent, o.design.two_stage.positional_ply);
  std::printf("\n");
  std::printf("time %lld ms\n", static_cast<long long>(elapsed));
  std::printf("nps %llu\n", static_cast<unsigned long long>(nodes * 1000 / uint64_t(elapsed)));
  std::printf("evaluation cache: %llu hits of %llu probes (%.1f%%)\n",
              static_cast<unsigned long long>(eval_cache_hits), static_cast<unsigned long long>(eval_probes),
              100.0 * double(eval_cache_hits) / double(std::max<uint64_t>(eval_probes, 1)));
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
  cmd->add_flag("-e,--eval", options->eval,
                "time the static evaluation instead: ns per evaluation over 1280 positions near the bench "
                "positions, and a checksum of the scores");
  cmd->add_option("-r,--repeat", options->repeat, "with --eval: passes over the positions (the fastest counts)")
      ->check(CLI::Range(1, 1000));
  add_design_flags(cmd, options->design);
  cmd->callback([options, &exit_code] { exit_code = run_bench(*options); });
}

}  // namespace jiang
