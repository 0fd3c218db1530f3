#include "tuning/tuner/tuner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "movegen/position.h"
#include "tuning/selfplay/positions_file.h"
#include "tuning/tuner/games.h"
#include "tuning/tuner/positions_loader.h"
#include "tuning/tuner/regularisation.h"
#include "tuning/tuner/texel.h"
#include "tuning/tuner/traced_objective.h"
#include "util/atomic_file.h"
#include "util/json_number.h"

namespace jiang::tuner {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

constexpr const char* kCheckpointFormat = "jiang tune checkpoint";
constexpr int kCheckpointVersion = 1;
// Config keys that describe where things came from rather than what they are: a resumed run may name
// the data file differently (the data's fingerprint is checked instead) or change --strict.
constexpr const char* kInformativeKeys[] = {"data", "strict", "weights_file", "openings_file", "baseline_file"};

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::shared_ptr<spdlog::logger> stderr_logger() {
  auto logger = std::make_shared<spdlog::logger>("tune", std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
  logger->set_pattern("[%H:%M:%S] %^%l%$ %v");
  return logger;
}

void write_atomically(const std::filesystem::path& path, const std::string& text) {
  try {
    write_file_atomically(path, text);
  } catch (const FileWriteError& e) {
    throw TuneError(e.what());
  }
}

std::string hex64(uint64_t x) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(x));
  return buffer;
}

std::string number(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.9g", x);
  return buffer;
}

std::string optional_number(const std::optional<double>& x) { return x ? number(*x) : std::string("-"); }

json optional_json(const std::optional<double>& x) { return x ? json(*x) : json(nullptr); }
std::optional<double> optional_from(const json& j) {
  if (j.is_null()) return std::nullopt;
  return j.get<double>();
}

// An integer field, range-checked before the conversion (util/json_number.h); a missing one throws
// json::out_of_range, as every other field does.
template <std::integral Int>
Int integer_at(const json& j, const char* key) {
  const std::optional<Int> value = json_integer<Int>(j.at(key));
  if (!value) throw TuneError(std::string("\"") + key + "\" is not a whole number in range");
  return *value;
}

std::vector<int> tuned_indices(const std::vector<std::string>& names) {
  if (names.empty()) throw TuneError("no parameters to tune");
  std::vector<int> indices;
  for (const std::string& name : names) {
    const std::optional<int> index = Params::find(name);
    if (!index) throw TuneError("no parameter named '" + name + "'");
    indices.push_back(*index);
  }
  return indices;
}

std::unique_ptr<Algorithm> make_algorithm(const TuneConfig& config, const SearchSpace& space) {
  if (config.algorithm == "hc") return make_hill_climbing(space, config.hc);
  if (config.algorithm == "sa") return make_annealing(space, config.sa);
  if (config.algorithm == "ga") return make_genetic(space, config.ga);
  if (config.algorithm == "adam") return make_adam(space, config.adam);
  throw TuneError("unknown algorithm '" + config.algorithm + "' (hc, sa, ga or adam)");
}

ordered_json weights_json(const std::vector<int>& values) {
  Params params;
  params.set_values(values);
  return params.to_json();
}

// The loss history, one row per iteration. A resumed run first drops the rows written after its
// checkpoint (the iterations it is about to redo), so no iteration appears twice.
class History {
 public:
  History(const std::filesystem::path& path, const std::string& progress_name, std::optional<int64_t> resume_at)
      : path_(path) {
    const std::string header =
        "iteration,elapsed_s,evaluations,current_loss,best_loss,validation_loss," + progress_name + ",l2_penalty\n";
    std::string kept = header;
    if (resume_at) {
      std::ifstream in(path);
      std::string line;
      if (in && std::getline(in, line)) {
        while (std::getline(in, line)) {
          const size_t comma = line.find(',');
          try {
            if (comma != std::string::npos && std::stoll(line.substr(0, comma)) <= *resume_at) kept += line + "\n";
          } catch (const std::exception&) {
            // not a row of ours: dropped
          }
        }
      }
    }
    write_atomically(path, kept);
    out_.open(path, std::ios::app);
    if (!out_) throw TuneError("cannot write '" + path.string() + "'");
  }

  void row(int64_t iteration, double elapsed, uint64_t evaluations, double current, double best,
           const std::optional<double>& validation, double progress, double l2_penalty) {
    out_ << iteration << ',' << number(elapsed) << ',' << evaluations << ',' << number(current) << ','
         << number(best) << ',' << (validation ? number(*validation) : "") << ',' << number(progress) << ','
         << number(l2_penalty) << '\n';
    out_.flush();
  }

 private:
  std::filesystem::path path_;
  std::ofstream out_;
};

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

// Early stopping's bookkeeping after an iteration: a lower validation loss of the best weights resets
// the count, anything else adds one.
void track_validation(Progress& progress, const Algorithm& algorithm) {
  const bool lower = progress.best_validation &&
                     (!progress.lowest_validation || *progress.best_validation < *progress.lowest_validation);
  if (!lower) {
    ++progress.since_lowest;
    return;
  }
  progress.lowest_validation = progress.best_validation;
  progress.lowest_weights = algorithm.best();
  progress.lowest_loss = algorithm.best_loss();
  progress.lowest_iteration = progress.iteration;
  progress.since_lowest = 0;
}

json patience_json(const Progress& p) {
  return {{"lowest_validation", optional_json(p.lowest_validation)}, {"weights", p.lowest_weights},
          {"lowest_loss", p.lowest_loss}, {"lowest_iteration", p.lowest_iteration}, {"since_lowest", p.since_lowest}};
}

void patience_from_json(const json& j, Progress& p) {
  p.lowest_validation = optional_from(j.at("lowest_validation"));
  p.lowest_weights = j.at("weights").get<std::vector<int>>();
  if (p.lowest_validation && p.lowest_weights.size() != size_t(Params::size()))
    throw TuneError("\"patience\" holds weights of the wrong size");
  p.lowest_loss = j.at("lowest_loss").get<double>();
  p.lowest_iteration = integer_at<int64_t>(j, "lowest_iteration");
  p.since_lowest = integer_at<int64_t>(j, "since_lowest");
}

}  // namespace

// --- Configuration ---------------------------------------------------------------------------------------

ordered_json config_to_json(const TuneConfig& c) {
  ordered_json j;
  j["algorithm"] = c.algorithm;
  j["objective"] = c.objective;
  j["params"] = c.params;
  j["seed"] = c.seed;
  j["start"] = c.start.to_json();
  j["weights_file"] = c.weights_file;
  j["data"] = c.data;
  j["strict"] = c.strict;
  j["validation"] = c.validation;
  j["k"] = optional_json(c.k);
  j["lambda"] = c.lambda;
  j["games"] = c.games;
  j["depth"] = c.depth;
  j["nodes"] = c.nodes;
  j["openings"] = c.openings;
  j["openings_file"] = c.openings_file;
  j["baseline"] = c.baseline.to_json();
  j["baseline_file"] = c.baseline_file;
  j["hc"] = {{"step", c.hc.step}, {"min_step", c.hc.min_step}};
  j["sa"] = {{"t_start", c.sa.t_start}, {"t_end", c.sa.t_end}, {"rate", c.sa.rate}, {"step", c.sa.step},
             {"moves", c.sa.moves}};
  j["ga"] = {{"population", c.ga.population},       {"generations", c.ga.generations},
             {"tournament", c.ga.tournament},       {"crossover_rate", c.ga.crossover_rate},
             {"crossover", c.ga.one_point ? "one-point" : "uniform"},
             {"mutation_rate", c.ga.mutation_rate}, {"mutation_step", c.ga.mutation_step},
             {"mutation", c.ga.gaussian ? "gaussian" : "uniform"}, {"elitism", c.ga.elitism}};
  j["adam"] = {{"rate", c.adam.rate}, {"epochs", c.adam.epochs}};
  j["l2"] = c.l2;
  j["patience"] = c.patience;
  return j;
}

TuneConfig config_from_json(const json& j) {
  try {
    TuneConfig c;
    c.algorithm = j.at("algorithm").get<std::string>();
    c.objective = j.at("objective").get<std::string>();
    c.params = j.at("params").get<std::vector<std::string>>();
    c.seed = integer_at<uint64_t>(j, "seed");
    c.start = Params::from_json(j.at("start"));
    c.weights_file = j.at("weights_file").get<std::string>();
    c.data = j.at("data").get<std::string>();
    c.strict = j.at("strict").get<bool>();
    c.validation = j.at("validation").get<double>();
    c.k = optional_from(j.at("k"));
    c.games = integer_at<int>(j, "games");
    c.depth = integer_at<int>(j, "depth");
    c.nodes = integer_at<uint64_t>(j, "nodes");
    c.openings = j.at("openings").get<std::vector<std::string>>();
    c.openings_file = j.at("openings_file").get<std::string>();
    c.baseline = Params::from_json(j.at("baseline"));
    c.baseline_file = j.at("baseline_file").get<std::string>();
    const json& hc = j.at("hc");
    c.hc.step = integer_at<int>(hc, "step");
    c.hc.min_step = integer_at<int>(hc, "min_step");
    const json& sa = j.at("sa");
    c.sa.t_start = sa.at("t_start").get<double>();
    c.sa.t_end = sa.at("t_end").get<double>();
    c.sa.rate = sa.at("rate").get<double>();
    c.sa.step = integer_at<int>(sa, "step");
    c.sa.moves = integer_at<int>(sa, "moves");
    const json& ga = j.at("ga");
    c.ga.population = integer_at<int>(ga, "population");
    c.ga.generations = integer_at<int>(ga, "generations");
    c.ga.tournament = integer_at<int>(ga, "tournament");
    c.ga.crossover_rate = ga.at("crossover_rate").get<double>();
    c.ga.one_point = ga.at("crossover").get<std::string>() == "one-point";
    c.ga.mutation_rate = ga.at("mutation_rate").get<double>();
    c.ga.mutation_step = integer_at<int>(ga, "mutation_step");
    c.ga.gaussian = ga.at("mutation").get<std::string>() == "gaussian";
    c.ga.elitism = integer_at<int>(ga, "elitism");
    // Checkpoints from before adam, --l2, --patience and --lambda lack them: the defaults, which they ran
    // with.
    if (j.contains("adam")) {
      const json& adam = j.at("adam");
      c.adam.rate = adam.at("rate").get<double>();
      c.adam.epochs = integer_at<int>(adam, "epochs");
    }
    if (j.contains("l2")) c.l2 = j.at("l2").get<double>();
    if (j.contains("patience")) c.patience = integer_at<int64_t>(j, "patience");
    if (j.contains("lambda")) c.lambda = j.at("lambda").get<double>();
    return c;
  } catch (const json::exception& e) {
    throw TuneError(std::string("the checkpoint's configuration is incomplete or malformed: ") + e.what());
  } catch (const ParamError& e) {
    throw TuneError(std::string("the checkpoint's configuration: ") + e.what());
  } catch (const TuneError& e) {
    throw TuneError(std::string("the checkpoint's configuration: ") + e.what());
  }
}

void check_config(const TuneConfig& c) {
  if (c.algorithm != "hc" && c.algorithm != "sa" && c.algorithm != "ga" && c.algorithm != "adam")
    throw TuneError("unknown algorithm '" + c.algorithm + "' (hc, sa, ga or adam)");
  if (c.objective != "positions" && c.objective != "games")
    throw TuneError("unknown objective '" + c.objective + "' (positions or games)");
  if (c.objective == "positions" && c.data.empty()) throw TuneError("the positions objective needs --data FILE");
  if (c.hc.step < 1 || c.hc.min_step < 1 || c.hc.min_step > c.hc.step)
    throw TuneError("hill climbing needs 1 <= minimum step <= step");
  if (!(c.sa.t_start > 0) || !(c.sa.t_end > 0) || !(c.sa.rate > 0 && c.sa.rate < 1) || c.sa.step < 1 || c.sa.moves < 1)
    throw TuneError("annealing needs positive temperatures, a cooling rate in (0, 1), step >= 1 and moves >= 1");
  if (c.ga.population < 2 || c.ga.generations < 0 || c.ga.tournament < 1 || c.ga.elitism < 0 ||
      c.ga.elitism >= c.ga.population || c.ga.crossover_rate < 0 || c.ga.crossover_rate > 1 ||
      c.ga.mutation_rate < 0 || c.ga.mutation_rate > 1 || c.ga.mutation_step < 1)
    throw TuneError("the genetic algorithm needs population >= 2, 0 <= elitism < population, tournament >= 1, "
                    "rates in [0, 1] and mutation step >= 1");
  if (!(c.adam.rate > 0) || c.adam.epochs < 0) throw TuneError("adam needs a positive rate and epochs >= 0");
  if (!(c.l2 >= 0)) throw TuneError("--l2 must be at least 0");
  if (c.patience < 0) throw TuneError("--patience must be at least 0");
  if (!(c.lambda >= 0 && c.lambda <= 1)) throw TuneError("--lambda must be from 0 to 1");
  if (c.patience > 0 && (c.objective != "positions" || !(c.validation > 0)))
    throw TuneError("--patience needs a validation loss: the positions objective with --validation above 0");
  if (c.objective == "games" && (c.games < 2 || c.games % 2 != 0 || (c.depth > 0) == (c.nodes > 0)))
    throw TuneError("the games objective needs an even number of games and exactly one of depth and nodes");
}

std::filesystem::path csv_path(const std::filesystem::path& out) {
  std::filesystem::path p = out;
  return p.replace_extension(".csv");
}

std::filesystem::path default_checkpoint_path(const std::filesystem::path& out) {
  std::filesystem::path p = out;
  return p.replace_extension(".checkpoint.json");
}

json read_checkpoint(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw TuneError("cannot read checkpoint '" + path.string() + "': " + std::strerror(errno));
  return read_checkpoint(in, path.string());
}

json read_checkpoint(std::istream& in, const std::string& name) {
  json j;
  try {
    in >> j;
  } catch (const json::exception& e) {
    throw TuneError("checkpoint '" + name + "' is not valid JSON: " + e.what());
  }
  // Compared as JSON values, which never throws, whatever type the file gave them.
  if (!j.is_object() || !j.contains("format") || j["format"] != kCheckpointFormat)
    throw TuneError("'" + name + "' is not a jiang tune checkpoint");
  const json version = j.contains("version") ? j["version"] : json(nullptr);
  if (version != kCheckpointVersion)
    throw TuneError("checkpoint '" + name + "' has version " + version.dump() + "; this jiang reads version " +
                    std::to_string(kCheckpointVersion));
  // What `jiang tune --resume` reads before the run begins; the run checks the rest as it reads it.
  if (!j.contains("config") || !j["config"].is_object())
    throw TuneError("checkpoint '" + name + "' has no configuration object");
  if (j.contains("out") && !j["out"].is_string())
    throw TuneError("checkpoint '" + name + "': \"out\" is not a file name");
  return j;
}

// --- The run ---------------------------------------------------------------------------------------------

namespace {

// `start` moved `fraction` of the way to `best`, each value rounded to the nearest whole unit; between
// the two, so within the registry's bounds.
std::vector<int> toward(const std::vector<int>& start, const std::vector<int>& best, double fraction) {
  if (fraction == 1.0) return best;
  std::vector<int> out(best.size());
  for (size_t i = 0; i < best.size(); ++i)
    out[i] = start[i] + int(std::lround(fraction * double(best[i] - start[i])));
  return out;
}


// The algorithms' end conditions: a resumed run may move them (to go on after a finished run, or to
// stop sooner); they decide when the run ends, never what an iteration does.
constexpr const char* kEndConditions[] = {"min_step", "t_end", "generations", "epochs"};
// Options newer than some checkpoints: a checkpoint without them ran with their defaults.
constexpr const char* kLaterOptions[] = {"adam", "l2", "patience", "lambda"};

// Whether the checkpoint was made by the same run; the message names every difference.
void check_checkpoint(const TuneConfig& config, const json& checkpoint, const std::string& where) {
  json ours = json::parse(config_to_json(config).dump());
  json theirs = checkpoint.at("config");
  const json defaults = json::parse(config_to_json(TuneConfig{}).dump());
  if (theirs.is_object())
    for (const char* key : kLaterOptions)
      if (!theirs.contains(key)) theirs[key] = defaults[key];
  for (const char* algorithm : {"hc", "sa", "ga", "adam"})
    for (const char* key : kEndConditions) {
      if (ours.contains(algorithm)) ours[algorithm].erase(key);
      if (theirs.contains(algorithm) && theirs[algorithm].is_object()) theirs[algorithm].erase(key);
    }
  std::string differences;
  for (const auto& [key, value] : ours.items()) {
    if (std::find(std::begin(kInformativeKeys), std::end(kInformativeKeys), key) != std::end(kInformativeKeys))
      continue;
    // Only the chosen algorithm's options matter.
    if ((key == "hc" || key == "sa" || key == "ga" || key == "adam") && key != config.algorithm) continue;
    if ((key == "games" || key == "depth" || key == "nodes" || key == "openings" || key == "baseline") &&
        config.objective != "games")
      continue;
    if ((key == "validation" || key == "k" || key == "lambda") && config.objective != "positions") continue;
    if (!theirs.contains(key) || theirs.at(key) != value) {
      std::string theirs_text = theirs.contains(key) ? theirs.at(key).dump() : "missing";
      std::string ours_text = value.dump();
      if (key == "start" || key == "baseline") theirs_text = "other weights", ours_text = "these";
      differences += "\n  " + key + ": " + theirs_text + " in the checkpoint, " + ours_text + " now";
    }
  }
  if (!differences.empty())
    throw TuneError("checkpoint '" + where + "' belongs to a different run:" + differences +
                    "\nresume with the checkpoint's own settings (give no algorithm options), or start a new run");
}


// Under --lambda below 1, the labels of the positions with a search score become blends (texel.h); the
// others stay results. Every rank blends its shard and logs the counts of the whole set.
void blend_score_labels(TexelData& data, double lambda, double k, Cluster& cluster, spdlog::logger& logger) {
  if (lambda >= 1.0) {
    std::vector<int32_t>().swap(data.train.scores);
    std::vector<int32_t>().swap(data.validation.scores);
    return;
  }
  std::vector<int64_t> counts{int64_t(blend_labels(data.train, k, lambda)),
                              int64_t(blend_labels(data.validation, k, lambda))};
  cluster.sum(counts);
  const int64_t total = int64_t(data.train.total_size() + data.validation.total_size());
  logger.info("labels: {} x result + {} x the search score's win probability for {} of {} positions{}", lambda,
              1.0 - lambda, counts[0] + counts[1], total,
              counts[0] + counts[1] < total ? " (the others have no score: their label is the result)" : "");
}

// The data loss's objective: the positions (this rank's shard, K from the checkpoint, given or fitted)
// or the games. Null if a stop request came first (nothing to save yet).
std::unique_ptr<Objective> make_objective(const TuneConfig& config, const RunOptions& options, const json* resume,
                                          const std::string& checkpoint_name, Cluster& cluster, spdlog::logger& logger,
                                          TexelData& data, TracedData& traced, double& k) {
  const int threads = std::max(1, options.threads);
  if (config.objective == "games") {
    GamesSettings settings;
    settings.games = config.games;
    settings.limits.depth = config.depth;
    settings.limits.nodes = config.nodes;
    settings.openings = config.openings;
    settings.baseline = config.baseline;
    settings.threads = threads;
    settings.cluster = &cluster;
    logger.info("games objective: {} games a candidate against {}, {} {} a move, {} openings{}", config.games,
                config.baseline_file.empty() ? "the default weights" : config.baseline_file,
                config.depth > 0 ? config.depth : config.nodes, config.depth > 0 ? "plies" : "nodes",
                config.openings.empty() ? builtin_openings().size() : config.openings.size(),
                cluster.size() > 1 ? fmt::format(", spread over {} ranks", cluster.size()) : std::string());
    return std::make_unique<GamesObjective>(std::move(settings));
  }
  try {
    data = load_shard(config, threads, options.stop, cluster, logger);
  } catch (const Interrupted&) {
    // Nothing done yet, nothing to save: an existing checkpoint stays as it is.
    if (resume)
      logger.warn("interrupted while loading the data; {} is unchanged: resume with --resume {}", checkpoint_name,
                  checkpoint_name);
    else
      logger.warn("interrupted while loading the data, before tuning began: no checkpoint written");
    return nullptr;
  }
  if (resume) {
    try {
      const std::string expected = resume->at("data_fingerprint").get<std::string>();
      if (expected != hex64(data.fingerprint))
        throw TuneError("the data in " + config.data + " are not the data checkpoint '" + checkpoint_name +
                        "' was made with (" + std::to_string(integer_at<size_t>(*resume, "data_positions")) +
                        " positions, fingerprint " + expected + ")");
      k = resume->at("k").get<double>();
    } catch (const json::exception& e) {
      throw TuneError("checkpoint '" + checkpoint_name + "' is malformed: " + e.what());
    }
    logger.info("K = {:.6f} (from the checkpoint)", k);
  } else if (config.k) {
    k = *config.k;
    logger.info("K = {:.6f} (given)", k);
  } else {
    const auto fit_start = Clock::now();
    k = fit_k_over_shards(data.train, config.start, threads, cluster);
    logger.info("fitted K = {:.6f} in {:.1f} s", k, seconds_since(fit_start));
  }
  blend_score_labels(data, config.lambda, k, cluster, logger);
  if (options.full_loss) return std::make_unique<PositionsObjective>(data, k, threads, cluster);
  return traced_objective(data, traced, config.start, k, threads, options.stop, cluster, logger);
}

// A logger that writes nothing: every rank but 0 of an MPI run.
std::shared_ptr<spdlog::logger> silent_logger() { return std::make_shared<spdlog::logger>("tune-silent"); }

}  // namespace

TuneOutcome run_tune(const TuneConfig& config, const RunOptions& options, const json* resume) {
  Cluster& cluster = options.cluster ? *options.cluster : single_process();
  const auto logger = !cluster.is_root() ? silent_logger() : options.logger ? options.logger : stderr_logger();
  const std::filesystem::path checkpoint_file =
      options.checkpoint.empty() ? default_checkpoint_path(options.out) : options.checkpoint;
  std::vector<int> tuned;
  agree(cluster, [&] {
    check_config(config);
    tuned = tuned_indices(config.params);
    if (options.out.empty()) throw TuneError("no output file (--out)");
    if (!(options.shrink > 0.0 && options.shrink <= 1.0)) throw TuneError("--shrink must be above 0 and at most 1");
    if (resume) {
      try {
        check_checkpoint(config, *resume, checkpoint_file.string());
      } catch (const json::exception& e) {
        throw TuneError("checkpoint '" + checkpoint_file.string() + "' is malformed: " + e.what());
      }
    } else if (cluster.is_root() && std::filesystem::exists(checkpoint_file) && !options.force) {
      throw TuneError("checkpoint '" + checkpoint_file.string() + "' already exists: continue that run with --resume " +
                      checkpoint_file.string() + ", or pass --force to start a new run over it");
    }
  });
  TuneOutcome outcome;
  outcome.checkpoint = checkpoint_file;
  outcome.csv = csv_path(options.out);
  const auto session_start = Clock::now();

  // The objective.
  TexelData data;
  TracedData traced;
  double k = 0.0;
  std::unique_ptr<Objective> objective;
  agree(cluster, [&] {
    objective = make_objective(config, options, resume, checkpoint_file.string(), cluster, *logger, data, traced, k);
  });
  if (!objective) {
    outcome.interrupted = true;
    return outcome;
  }
  outcome.train_positions = data.train.total_size();
  outcome.validation_positions = data.validation.total_size();
  outcome.k = k;
  objective->set_stop_flag(options.stop);
  const L2Penalty l2(config.l2, config.start.values(), tuned);
  if (config.l2 > 0) {
    objective = std::make_unique<RegularisedObjective>(std::move(objective), l2);
    objective->set_stop_flag(options.stop);
  }
  objective->set_evaluation_hook(options.after_evaluation);

  // The algorithm, fresh or as the checkpoint left it.
  const SearchSpace space = make_search_space(config.start.values(), tuned);
  std::unique_ptr<Algorithm> algorithm = make_algorithm(config, space);
  Rng rng(config.seed);
  Progress progress;
  if (resume) {
    agree(cluster, [&] {
      try {
        algorithm->load_state(resume->at("state"));
        rng = rng_from_string(resume->at("rng").get<std::string>());
        progress.iteration = integer_at<int64_t>(*resume, "iteration");
        progress.evaluations = integer_at<uint64_t>(*resume, "evaluations");
        progress.elapsed_before = resume->at("elapsed_s").get<double>();
        progress.start_loss = resume->at("start_loss").get<double>();
        progress.start_validation = optional_from(resume->at("start_validation_loss"));
        progress.best_validation = optional_from(resume->at("best_validation_loss"));
        if (resume->contains("patience")) patience_from_json(resume->at("patience"), progress);
      } catch (const std::exception& e) {
        throw TuneError("checkpoint '" + checkpoint_file.string() + "' is malformed: " + e.what());
      }
    });
    objective->set_evaluations(progress.evaluations);
    logger->info("resuming {} at iteration {} from {}", config.algorithm, progress.iteration, checkpoint_file.string());
  }
  // Rank 0 writes the files.
  std::optional<History> history;
  agree(cluster, [&] {
    if (cluster.is_root())
      history.emplace(outcome.csv, algorithm->progress_name(),
                      resume ? std::optional<int64_t>(progress.iteration) : std::nullopt);
  });

  auto elapsed = [&] { return progress.elapsed_before + seconds_since(session_start); };
  // What --out holds: the best training loss's weights, or with --patience the lowest validation loss's.
  auto output_weights = [&]() -> const std::vector<int>& {
    return config.patience > 0 && progress.lowest_validation ? progress.lowest_weights : algorithm->best();
  };
  // The losses as logged and in the CSV: the data loss, the L2 penalty apart.
  auto data_loss = [&](double loss, const std::vector<int>& values) { return loss - l2.penalty(values); };
  auto write_checkpoint_file = [&] {
    ordered_json j;
    j["format"] = kCheckpointFormat;
    j["version"] = kCheckpointVersion;
    j["config"] = config_to_json(config);
    j["data_positions"] = data.train.total_size() + data.validation.total_size();
    j["data_fingerprint"] = hex64(data.fingerprint);
    j["train_positions"] = data.train.total_size();
    j["validation_positions"] = data.validation.total_size();
    j["validation_seed"] = config.seed;
    j["out"] = options.out.string();
    j["k"] = k;
    j["iteration"] = progress.iteration;
    j["evaluations"] = progress.evaluations;
    j["elapsed_s"] = elapsed();
    j["finished"] = algorithm->initialized() && algorithm->finished();
    j["start_loss"] = progress.start_loss;
    j["start_validation_loss"] = optional_json(progress.start_validation);
    if (algorithm->initialized()) {
      j["current"] = weights_json(algorithm->current());
      j["current_loss"] = algorithm->current_loss();
      j["best"] = weights_json(algorithm->best());
      j["best_loss"] = algorithm->best_loss();
    }
    j["best_validation_loss"] = optional_json(progress.best_validation);
    j["patience"] = patience_json(progress);
    j["rng"] = rng_to_string(rng);
    j["state"] = algorithm->state();
    write_atomically(checkpoint_file, j.dump(1) + "\n");
    if (algorithm->initialized()) {
      Params best;
      best.set_values(toward(config.start.values(), output_weights(), options.shrink));
      try {
        best.save(options.out);
      } catch (const ParamError& e) {
        throw TuneError(e.what());
      }
    }
  };
  // On rank 0; a failure there (a full disk) ends every rank.
  auto write_checkpoint = [&] {
    agree(cluster, [&] {
      if (cluster.is_root()) write_checkpoint_file();
    });
  };
  int64_t last_logged = -1;
  auto log_progress = [&] {
    last_logged = progress.iteration;
    logger->info("iteration {}: best {} (validation {}{}), current {}, {}, {} evaluations, {:.1f} s",
                 progress.iteration, number(data_loss(algorithm->best_loss(), algorithm->best())),
                 optional_number(progress.best_validation),
                 config.l2 > 0 ? ", l2 penalty " + number(l2.penalty(algorithm->best())) : std::string(),
                 number(data_loss(algorithm->current_loss(), algorithm->current())), algorithm->progress_text(),
                 progress.evaluations, elapsed());
  };

  // The loop: one iteration at a time, each either done whole or (interrupted) not at all.
  const uint64_t saved_evaluations = progress.evaluations;
  const auto loop_start = Clock::now();
  const double communicating_before_loop = cluster.seconds_communicating();
  auto last_checkpoint = Clock::now();
  auto last_log = Clock::now();
  // What a signal or a clock decides, decided together so that every rank follows: a stop request on any
  // rank, and rank 0's clock.
  auto stop_requested = [&] { return any(cluster, options.stop && options.stop->load()); };
  auto root_clock_says = [&](bool due) { return any(cluster, cluster.is_root() && due); };
  while (true) {
    if (stop_requested()) {
      outcome.interrupted = true;
      break;
    }
    if (algorithm->initialized()) {
      if (algorithm->finished()) break;
      if (options.iterations > 0 && progress.iteration >= options.iterations) break;
      if (root_clock_says(options.time_s > 0 && seconds_since(session_start) >= options.time_s)) break;
      if (config.patience > 0 && progress.since_lowest >= config.patience) {
        outcome.stopped_early = true;
        break;
      }
    }
    const std::unique_ptr<Algorithm> saved_algorithm = algorithm->clone();
    const Rng saved_rng = rng;
    const Progress saved_progress = progress;
    const bool first = !algorithm->initialized();
    try {
      if (first) {
        algorithm->initialize(*objective, rng);
        progress.start_loss = algorithm->start_loss();
        progress.start_validation = objective->validation_loss(space.start);
        progress.best_validation = algorithm->best() == space.start
                                       ? progress.start_validation
                                       : objective->validation_loss(algorithm->best());
      } else {
        const double best_before = algorithm->best_loss();
        algorithm->step(*objective, rng);
        ++progress.iteration;
        if (algorithm->best_loss() < best_before) progress.best_validation = objective->validation_loss(algorithm->best());
      }
      if (config.patience > 0) track_validation(progress, *algorithm);
    } catch (const Interrupted&) {
      algorithm = saved_algorithm->clone();
      rng = saved_rng;
      progress = saved_progress;
      if (first)
        logger->info("the start's evaluation was cut short: a resumed run does it again");
      else
        logger->info("the unfinished iteration {} is discarded: a resumed run does it again", progress.iteration + 1);
      outcome.interrupted = true;
      break;
    }
    progress.evaluations = objective->evaluations();
    if (history)
      history->row(progress.iteration, elapsed(), progress.evaluations,
                   data_loss(algorithm->current_loss(), algorithm->current()),
                   data_loss(algorithm->best_loss(), algorithm->best()), progress.best_validation,
                   algorithm->progress_value(), l2.penalty(algorithm->best()));
    if (first) {
      logger->info("{} over {} parameters; start loss {} (validation {})", config.algorithm, tuned.size(),
                   number(progress.start_loss), optional_number(progress.start_validation));
      last_log = Clock::now();
    } else if (seconds_since(last_log) >= options.log_every_s) {
      log_progress();
      last_log = Clock::now();
    }
    if (options.after_iteration) options.after_iteration(progress.iteration);
    if (root_clock_says(seconds_since(last_checkpoint) >= options.checkpoint_every_s)) {
      write_checkpoint();
      last_checkpoint = Clock::now();
    }
  }

  write_checkpoint();
  outcome.checkpoint_written = true;
  outcome.iterations = progress.iteration;
  outcome.evaluations = progress.evaluations;
  outcome.start_loss = progress.start_loss;
  outcome.start_validation_loss = progress.start_validation;
  if (algorithm->initialized()) {
    if (last_logged != progress.iteration) log_progress();
    outcome.finished = algorithm->finished();
    outcome.best.set_values(output_weights());
    const bool lowest = config.patience > 0 && progress.lowest_validation;
    outcome.best_loss = lowest ? progress.lowest_loss : algorithm->best_loss();
    outcome.best_validation_loss = lowest ? progress.lowest_validation : progress.best_validation;
  }
  if (outcome.stopped_early)
    logger->info("no lower validation loss for {} iterations: stopped early; --out holds iteration {}'s weights "
                 "(validation {})",
                 config.patience, progress.lowest_iteration, optional_number(progress.lowest_validation));
  if (outcome.interrupted) {
    logger->warn("interrupted at iteration {}; the state is in {}: resume with --resume {}", progress.iteration,
                 checkpoint_file.string(), checkpoint_file.string());
  } else {
    logger->info("{} after {} iterations: loss {} -> {}, validation {} -> {}; {} in {}, history in {}",
                 outcome.finished ? "finished" : "stopped", progress.iteration, number(progress.start_loss),
                 number(outcome.best_loss), optional_number(progress.start_validation),
                 optional_number(outcome.best_validation_loss),
                 config.patience > 0 ? std::string("the weights of the lowest validation loss")
                 : options.shrink == 1.0 ? std::string("best weights")
                                       : fmt::format("start + {} * (best - start)", options.shrink),
                 options.out.string(), outcome.csv.string());
    const uint64_t session_evaluations = progress.evaluations - saved_evaluations;
    if (session_evaluations > 0)
      logger->info("this session: {} evaluations in {:.2f} s, {:.4f} s each{}", session_evaluations,
                   seconds_since(loop_start), seconds_since(loop_start) / double(session_evaluations),
                   cluster.size() == 1 ? std::string()
                                       : fmt::format("; rank 0 spent {:.2f} s of them communicating with {} ranks "
                                                     "(waiting for them included)",
                                                     cluster.seconds_communicating() - communicating_before_loop,
                                                     cluster.size()));
  }
  return outcome;
}

}  // namespace jiang::tuner
