// Helpers of the tuner tests: sample positions, synthetic labelled data with a known answer, temporary
// directories and a logger that keeps what it logs.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "engine/search.h"
#include "movegen/movegen.h"
#include "tests/support/files.h"
#include "tuning/tuner/rng.h"
#include "tuning/tuner/texel.h"
#include "tuning/tuner/tuner.h"

namespace jiang::tuner_test {

// Random walks (0..24 random legal plies) from the bench positions, no position twice: `count`
// positions, decided by `seed`.
inline std::vector<Position> sample_positions(int count, uint64_t seed) {
  std::vector<Position> bench;
  std::ifstream in(JIANG_DATA_DIR "/bench.epd");
  for (std::string line; std::getline(in, line);) {
    const std::string fen = line.substr(0, line.find(';'));
    if (fen.find_first_not_of(" \t\r") != std::string::npos) bench.push_back(Position::from_fen(fen));
  }
  tuner::Rng rng(seed);
  std::vector<Position> positions;
  std::unordered_set<uint64_t> seen;
  while (int(positions.size()) < count) {
    Position p = bench[size_t(tuner::uniform_int(rng, 0, int64_t(bench.size()) - 1))];
    const int plies = int(tuner::uniform_int(rng, 0, 24));
    for (int i = 0; i < plies; ++i) {
      MoveList moves;
      generate_legal(p, moves);
      if (moves.empty()) break;
      p.make_move(moves[int(tuner::uniform_int(rng, 0, moves.size() - 1))]);
    }
    MoveList moves;
    generate_legal(p, moves);
    if (moves.empty() || !seen.insert(p.key()).second) continue;
    p.clear_history();
    positions.push_back(p);
  }
  return positions;
}

// Writes "FEN result" lines: each result is the win probability (with K = k) of the evaluation under
// `target` of the position's quiet leaf under `start`, the leaf the tuner will compute from `start`.
// The loss is then (close to) zero at `target`.
inline void write_synthetic(const std::filesystem::path& path, const std::vector<Position>& positions,
                            const Params& start, const Params& target, double k) {
  const Evaluator start_eval(start), target_eval(target);
  SearchScratch scratch;
  std::ofstream out(path);
  out << "# synthetic labels\n";
  for (const Position& p : positions) {
    const Position leaf = quiet_leaf(p, start_eval, scratch);
    char result[32];
    std::snprintf(result, sizeof result, "%.6f", tuner::win_probability(k, tuner::red_eval(target_eval, leaf)));
    out << p.fen() << ' ' << result << '\n';
  }
}

// A fresh, empty directory for one test.
inline std::filesystem::path temp_dir(const std::string& name) { return testing::scratch_dir("tuner", name); }

// A logger that writes into a string (tests read it back) instead of the terminal.
struct CapturedLog {
  std::shared_ptr<std::ostringstream> stream = std::make_shared<std::ostringstream>();
  std::shared_ptr<spdlog::logger> logger;
  CapturedLog() {
    logger = std::make_shared<spdlog::logger>("tune-test", std::make_shared<spdlog::sinks::ostream_sink_mt>(*stream));
    logger->set_pattern("%l %v");
  }
  std::string text() const { return stream->str(); }
};

using testing::read_text;

// Options of a test run: a new run (--force) writing `out`, logging into `log`.
inline tuner::RunOptions run_options(const std::filesystem::path& out, const CapturedLog& log, int threads) {
  tuner::RunOptions o;
  o.out = out;
  o.threads = threads;
  o.force = true;
  o.logger = log.logger;
  return o;
}

// Default weights with some parameters moved: {name, change}.
inline Params perturbed(const std::vector<std::pair<std::string, int>>& changes) {
  Params p;
  for (const auto& [name, delta] : changes) {
    const int index = *Params::find(name);
    p.set(index, p.get(index) + delta);
  }
  return p;
}

}  // namespace jiang::tuner_test
