// ns per static evaluation for any tree of jiang since the evaluation had an Evaluator: linked by
// bench/eval_vs.sh against that tree's eval, movegen and util libraries, so that two evaluations (today's
// and an old one, which may lack `jiang bench --eval`) are timed by one program in one run.
//
// usage: eval_ns BENCH.epd  (PASSES in the environment: timed passes, default 300)
// The positions are those of `jiang bench --eval`: every position two plies from each bench position,
// 64 of every 1024. The walk and the clock repeat engine/cli/bench_command.cpp's on purpose: this file
// builds against old trees, which have neither. Prints the positions, a checksum of the scores, and the fastest pass's ns per
// evaluation (the thread's CPU time, which a shared machine disturbs least).
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "eval/evaluate.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

namespace {

using namespace jiang;

void collect(Position& pos, int plies, std::vector<Position>& out) {
  out.push_back(pos);
  if (plies == 0) return;
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    pos.make_move(m);
    collect(pos, plies - 1, out);
    pos.unmake_move();
  }
}

double cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e9 + double(t.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: eval_ns BENCH.epd\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::fprintf(stderr, "eval_ns: cannot read %s\n", argv[1]);
    return 2;
  }
  std::vector<Position> walked, positions;
  for (std::string line; std::getline(in, line);) {
    const std::string fen = line.substr(0, line.find(';'));
    if (fen.find_first_not_of(" \t\r") == std::string::npos) continue;
    Position pos = Position::from_fen(fen);
    collect(pos, 2, walked);
  }
  for (size_t i = 0; i < walked.size(); ++i)
    if (i % 1024 < 64) positions.push_back(walked[i]);
  const int passes = std::getenv("PASSES") ? std::atoi(std::getenv("PASSES")) : 300;
  const Evaluator eval;
  double fastest = 1e18;
  for (int pass = 0; pass < passes; ++pass) {
    long long sum = 0;
    const double start = cpu_ns();
    for (const Position& p : positions) sum += eval.evaluate(p);
    fastest = std::min(fastest, (cpu_ns() - start) / double(positions.size()));
    if (pass == 0) std::printf("positions %zu checksum %lld\n", positions.size(), sum);
  }
  std::printf("ns/eval %.1f\n", fastest);
  return 0;
}
