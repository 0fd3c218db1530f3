// The tuning run: loads the data (or sets up the games), fits K, drives an algorithm iteration by
// iteration, logs progress, writes the loss history (CSV) and checkpoints, and writes the best weights.
//
// Nothing is lost: a checkpoint (JSON, written to a temporary file and renamed over the old one) holds
// the run's configuration, the start weights, K, the data's fingerprint, the iteration, the random
// engine's state and the algorithm's whole state. It is written every `checkpoint_every_s` seconds, at
// the end, and when the stop flag is raised (Ctrl-C or SIGTERM in `jiang tune`); resuming from it
// continues exactly where the run stopped, so a run interrupted and resumed ends with the same weights
// as one that never stopped.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "eval/params.h"
#include "tuning/tuner/adam.h"
#include "tuning/tuner/algorithms.h"
#include "util/cluster.h"

namespace spdlog {
class logger;
}  // namespace spdlog

namespace jiang::tuner {

// A run that cannot start or go on: bad data, a checkpoint that does not fit, a file that cannot be
// written. The message says what and where.
class TuneError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What defines a run: a resumed run must have the same.
struct TuneConfig {
  std::string algorithm = "hc";         // hc | sa | ga | adam
  std::string objective = "positions";  // positions | games
  std::vector<std::string> params;      // registry names of the tuned parameters, in registry order
  Params start;                         // the start weights
  std::string weights_file;             // where they came from (informative; empty: the defaults)
  uint64_t seed = 1;

  // positions
  std::string data;
  bool strict = false;
  double validation = 0.1;     // share of the positions held out
  std::optional<double> k;     // a fixed K instead of fitting it
  // Each label's share of the game's result; the rest is the win probability of the position's search
  // score, where the line has one (texel.h, blend_labels). 1: the results alone.
  double lambda = 1.0;

  // games
  int games = 20;
  int depth = 0;               // per move; exactly one of depth and nodes is non-zero
  uint64_t nodes = 2000;
  std::vector<std::string> openings;  // empty: the built-in list
  std::string openings_file;          // informative
  Params baseline;
  std::string baseline_file;          // informative (empty: the defaults)

  HillClimbingOptions hc;
  AnnealingOptions sa;
  GeneticOptions ga;
  AdamOptions adam;

  // L2 regularisation towards `start` (regularisation.h), for every algorithm: 0 is off.
  double l2 = 0.0;
  // Early stopping: end when the validation loss of the best weights has not improved for this many
  // iterations, and write the weights of the lowest validation loss (0: off; needs validation data).
  int64_t patience = 0;
};

// The configuration as the checkpoint's "config" object (every field), and back (throws TuneError).
nlohmann::ordered_json config_to_json(const TuneConfig& config);
TuneConfig config_from_json(const nlohmann::json& json);
// Throws TuneError for settings no run can have (an unknown algorithm, a step below one, ...).
void check_config(const TuneConfig& config);

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
  Params best;                // with --patience, the weights of the lowest validation loss
  double best_loss = 0.0;     // their training loss, the L2 penalty included
  std::optional<double> best_validation_loss;
  double start_loss = 0.0;
  std::optional<double> start_validation_loss;
  double k = 0.0;
  size_t train_positions = 0, validation_positions = 0;
  std::filesystem::path checkpoint, csv;
};

// The file names derived from OUT: TUNED.json -> TUNED.csv and TUNED.checkpoint.json.
std::filesystem::path csv_path(const std::filesystem::path& out);
std::filesystem::path default_checkpoint_path(const std::filesystem::path& out);

// Reads a checkpoint file (throws TuneError for a missing, unreadable or foreign file, or one without
// a "config" object).
nlohmann::json read_checkpoint(const std::filesystem::path& path);
// The same from a stream; `name` stands for the file in messages.
nlohmann::json read_checkpoint(std::istream& in, const std::string& name);

// Runs (or, with `resume`, continues) a tuning run. Throws TuneError; a failure never touches an
// existing checkpoint.
TuneOutcome run_tune(const TuneConfig& config, const RunOptions& options, const nlohmann::json* resume = nullptr);

}  // namespace jiang::tuner
