// What defines a tuning run (a resumed run must have the same), as `jiang tune` takes it and as the
// checkpoint's "config" object holds it.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/search_params.h"
#include "eval/params.h"
#include "tuning/tuner/adam.h"
#include "tuning/tuner/algorithms.h"
#include "tuning/tuner/spsa.h"

namespace jiang::tuner {

// A run that cannot start or go on: bad data, a checkpoint that does not fit, a file that cannot be
// written. The message says what and where.
class TuneError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A field added here goes into visit_config (tune_config_fields.h) too, which serialises, reads, compares
// and lays command-line options over every field.
struct TuneConfig {
  std::string algorithm = "hc";         // hc | sa | ga | adam | spsa
  std::string objective = "positions";  // positions | games
  // Registry names of the tuned parameters, in registry order: the evaluation's weights, or the search's
  // parameters (search.*, games objective only), never both.
  std::vector<std::string> params;
  Params start;                         // the start weights (a search run: both sides' weights)
  std::string weights_file;             // where they came from (informative; empty: the defaults)
  SearchParams search_start;            // the search's start parameters (an evaluation run: both sides')
  std::string search_file;              // where they came from (informative; empty: the defaults)
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
  SearchParams search_baseline;       // the baseline's search parameters (a search run)
  std::string search_baseline_file;   // informative (empty: the defaults)

  HillClimbingOptions hc;
  AnnealingOptions sa;
  GeneticOptions ga;
  AdamOptions adam;
  SpsaOptions spsa;

  // L2 regularisation towards `start` (regularisation.h), for every algorithm: 0 is off.
  double l2 = 0.0;
  // Early stopping: end when the validation loss of the best weights has not improved for this many
  // iterations, and write the weights of the lowest validation loss (0: off; needs validation data).
  int64_t patience = 0;
};

// Whether the run tunes the search's parameters (its params are search.*) rather than the weights; its
// registry, and the full start values in it.
bool tunes_search(const TuneConfig& config);
const ParamRegistry& tuned_registry(const TuneConfig& config);
const std::vector<int>& start_values(const TuneConfig& config);

// The configuration as the checkpoint's "config" object (every field), and back (throws TuneError).
nlohmann::ordered_json config_to_json(const TuneConfig& config);
TuneConfig config_from_json(const nlohmann::json& json);
// Throws TuneError for settings no run can have (an unknown algorithm, a step below one, ...).
void check_config(const TuneConfig& config);
// Throws TuneError, naming every difference, unless the checkpoint was made by the same run as `config`
// (`where` names the checkpoint).
void check_checkpoint(const TuneConfig& config, const nlohmann::json& checkpoint, const std::string& where);

}  // namespace jiang::tuner
