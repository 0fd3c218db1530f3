// The checkpoint: one JSON file that holds everything a resumed run needs to go on exactly where the run
// stopped (the configuration, the start weights, K, the data's fingerprint, the iteration, the random
// engine's state and the algorithm's whole state). It is replaced whole (util/atomic_file.h), so a kill
// at any moment leaves the previous one or the new one.
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "tuning/tuner/algorithms.h"
#include "tuning/tuner/rng.h"
#include "tuning/tuner/texel.h"
#include "tuning/tuner/tune_config.h"

namespace jiang::tuner {

// The driver's own state, which a checkpoint keeps beside the algorithm's.
struct Progress {
  int64_t iteration = 0;
  uint64_t evaluations = 0;
  double elapsed_before = 0;  // seconds spent in earlier sessions
  double start_loss = 0;
  std::optional<double> start_validation;
  std::optional<double> best_validation;  // the validation loss of the best weights
  // Early stopping (--patience): the lowest validation loss seen, its weights, their training loss, the
  // iteration that reached it, and the iterations since.
  std::optional<double> lowest_validation;
  std::vector<int> lowest_weights;
  double lowest_loss = 0;
  int64_t lowest_iteration = 0;
  int64_t since_lowest = 0;
};

// Everything a checkpoint is made of, as the run holds it.
struct RunSnapshot {
  const TuneConfig& config;
  const TexelData& data;  // its sizes and fingerprint (empty for the games objective)
  const std::filesystem::path& out;
  double k;
  const Progress& progress;
  double elapsed_s;
  const Algorithm& algorithm;
  const Rng& rng;
};

nlohmann::ordered_json checkpoint_json(const RunSnapshot& snapshot);
// Writes it atomically; throws TuneError.
void write_checkpoint_file(const std::filesystem::path& path, const nlohmann::ordered_json& checkpoint);
// The algorithm, the random engine and the progress as the checkpoint left them; throws (std::exception)
// for a malformed one.
void restore_from_checkpoint(const nlohmann::json& checkpoint, Algorithm& algorithm, Rng& rng, Progress& progress);

// The file name derived from OUT: TUNED.json -> TUNED.checkpoint.json.
std::filesystem::path default_checkpoint_path(const std::filesystem::path& out);

// Reads a checkpoint file (throws TuneError for a missing, unreadable or foreign file, or one without
// a "config" object).
nlohmann::json read_checkpoint(const std::filesystem::path& path);
// The same from a stream; `name` stands for the file in messages.
nlohmann::json read_checkpoint(std::istream& in, const std::string& name);

}  // namespace jiang::tuner
