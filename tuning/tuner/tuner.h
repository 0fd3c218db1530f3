// The tuning run: loads the data (or sets up the games), fits K, drives an algorithm iteration by
// iteration, logs progress, writes the loss history (CSV) and checkpoints, and writes the best weights.
//
// Nothing is lost: a checkpoint (checkpoint.h) is written every `checkpoint_every_s` seconds, at the
// end, and when the stop flag is raised (Ctrl-C or SIGTERM in `jiang tune`); resuming from it continues
// exactly where the run stopped, so a run interrupted and resumed ends with the same weights as one that
// never stopped.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "eval/params.h"
#include "tuning/tuner/checkpoint.h"
#include "tuning/tuner/history.h"
#include "tuning/tuner/tune_config.h"
#include "util/cluster.h"

namespace spdlog {
class logger;
}  // namespace spdlog

namespace jiang::tuner {

// How this invocation runs: none of it changes the result.
struct RunOptions {
  std::filesystem::path out;         // the best weights; OUT.csv (history) sits next to it
  std::filesystem::path checkpoint;  // empty: next to OUT, named OUT.checkpoint.json
  int64_t iterations = 0;            // stop once this many iterations are done, counting earlier sessions (0: no limit)
  double time_s = 0;                 // stop after this many seconds of this session (0: no limit)
  int threads = 1;
  bool full_loss = false;            // evaluate every position for every loss instead of using traces
  double checkpoint_every_s = 60;
  double log_every_s = 10;
  bool force = false;                // a new run may replace an existing checkpoint
  double shrink = 1.0;               // OUT holds start + shrink * (best - start); the checkpoint keeps best
  const std::atomic<bool>* stop = nullptr;        // raised by a signal handler: checkpoint and return
  std::shared_ptr<spdlog::logger> logger;         // null: a logger on stderr
  // The ranks of an MPI run (null: this process alone). Each holds a shard of the positions or plays its
  // share of the games; every rank takes the same decisions from the same (summed) losses, so the run
  // is the one a single process makes; rank 0 alone logs and writes the files.
  Cluster* cluster = nullptr;
  std::function<void(int64_t iteration)> after_iteration;      // for tests
  std::function<void(uint64_t evaluations)> after_evaluation;  // for tests
};

struct TuneOutcome {
  bool interrupted = false;  // stopped by the stop flag; the checkpoint (if written) holds the state
  bool checkpoint_written = false;  // false only when interrupted while loading the data
  bool finished = false;     // the algorithm reached its own end
  bool stopped_early = false;  // --patience ran out; best holds the weights of the lowest validation loss
  int64_t iterations = 0;
  uint64_t evaluations = 0;
  Params best;                // with --patience, the weights of the lowest validation loss (a search run: its start)
  SearchParams best_search;   // a search run's result (an evaluation run: its start)
  double best_loss = 0.0;     // their training loss, the L2 penalty included
  std::optional<double> best_validation_loss;
  double start_loss = 0.0;
  std::optional<double> start_validation_loss;
  double k = 0.0;
  size_t train_positions = 0, validation_positions = 0;
  std::filesystem::path checkpoint, csv;
};

// Runs (or, with `resume`, continues) a tuning run. Throws TuneError; a failure never touches an
// existing checkpoint.
TuneOutcome run_tune(const TuneConfig& config, const RunOptions& options, const nlohmann::json* resume = nullptr);

}  // namespace jiang::tuner
