#include "tuning/tuner/tuner.h"

#include <chrono>
#include <cmath>

#include <nlohmann/json.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "tuning/tuner/objective_setup.h"
#include "tuning/tuner/regularisation.h"
#include "tuning/tuner/report_text.h"

namespace jiang::tuner {

using nlohmann::json;

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::shared_ptr<spdlog::logger> stderr_logger() {
  auto logger = std::make_shared<spdlog::logger>("tune", std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
  logger->set_pattern("[%H:%M:%S] %^%l%$ %v");
  return logger;
}

// A logger that writes nothing: every rank but 0 of an MPI run.
std::shared_ptr<spdlog::logger> silent_logger() { return std::make_shared<spdlog::logger>("tune-silent"); }

std::vector<int> tuned_indices(const std::vector<std::string>& names, const ParamRegistry& registry) {
  if (names.empty()) throw TuneError("no parameters to tune");
  std::vector<int> indices;
  for (const std::string& name : names) {
    const std::optional<int> index = registry.find(name);
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
  if (config.algorithm == "spsa") return make_spsa(space, config.spsa);
  throw TuneError("unknown algorithm '" + config.algorithm + "' (hc, sa, ga, adam or spsa)");
}

// `start` moved `fraction` of the way to `best`, each value rounded to the nearest whole unit; between
// the two, so within the registry's bounds.
std::vector<int> toward(const std::vector<int>& start, const std::vector<int>& best, double fraction) {
  if (fraction == 1.0) return best;
  std::vector<int> out(best.size());
  for (size_t i = 0; i < best.size(); ++i)
    out[i] = start[i] + int(std::lround(fraction * double(best[i] - start[i])));
  return out;
}

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

// One run_tune call. Every step that may fail on one rank is agreed on by all (util/cluster.h, agree), so
// the ranks go on, or stop, together.
class TuneRun {
 public:
  TuneRun(const TuneConfig& config, const RunOptions& options, const json* resume)
      : config_(config),
        options_(options),
        resume_(resume),
        cluster_(options.cluster ? *options.cluster : single_process()),
        logger_(!cluster_.is_root() ? silent_logger() : options.logger ? options.logger : stderr_logger()),
        checkpoint_file_(options.checkpoint.empty() ? default_checkpoint_path(options.out) : options.checkpoint) {}

  TuneOutcome run() {
    validate();
    outcome_.checkpoint = checkpoint_file_;
    outcome_.csv = csv_path(options_.out);
    session_start_ = Clock::now();
    if (!build_objective()) {
      outcome_.interrupted = true;
      return outcome_;
    }
    build_algorithm();
    open_history();
    loop();
    write_checkpoint();
    conclude();
    return outcome_;
  }

 private:
  void validate();
  bool build_objective();
  void build_algorithm();
  void open_history();
  void loop();
  bool time_to_end();
  bool iterate(bool first);
  void advance(bool first);
  void after_iteration(bool first);
  void write_checkpoint();
  void write_files();
  void log_progress();
  void conclude();
  void log_end();
  void log_session();

  double elapsed() const { return progress_.elapsed_before + seconds_since(session_start_); }
  // What --out holds: the best training loss's weights, or with --patience the lowest validation loss's.
  const std::vector<int>& output_weights() const {
    return config_.patience > 0 && progress_.lowest_validation ? progress_.lowest_weights : algorithm_->best();
  }
  // The losses as logged and in the CSV: the data loss, the L2 penalty apart.
  double data_loss(double loss, const std::vector<int>& values) const { return loss - l2_->penalty(values); }
  // What a signal or a clock decides, decided together so that every rank follows: a stop request on any
  // rank, and rank 0's clock.
  bool stop_requested() { return any(cluster_, options_.stop && options_.stop->load()); }
  bool root_clock_says(bool due) { return any(cluster_, cluster_.is_root() && due); }

  const TuneConfig& config_;
  const RunOptions& options_;
  const json* resume_;
  Cluster& cluster_;
  std::shared_ptr<spdlog::logger> logger_;
  std::filesystem::path checkpoint_file_;
  std::vector<int> tuned_;
  TuneOutcome outcome_;
  Clock::time_point session_start_;

  // The objective points into these.
  TexelData data_;
  TracedData traced_;
  double k_ = 0.0;
  std::unique_ptr<Objective> objective_;
  std::optional<L2Penalty> l2_;

  SearchSpace space_;
  std::unique_ptr<Algorithm> algorithm_;
  Rng rng_;
  Progress progress_;
  std::optional<History> history_;  // rank 0's

  int64_t last_logged_ = -1;
  Clock::time_point last_log_;
  uint64_t evaluations_before_ = 0;  // of earlier sessions
  Clock::time_point loop_start_;
  double communicating_before_loop_ = 0;
};

void TuneRun::validate() {
  agree(cluster_, [&] {
    check_config(config_);
    tuned_ = tuned_indices(config_.params, tuned_registry(config_));
    if (options_.out.empty()) throw TuneError("no output file (--out)");
    if (!(options_.shrink > 0.0 && options_.shrink <= 1.0)) throw TuneError("--shrink must be above 0 and at most 1");
    if (resume_) {
      try {
        check_checkpoint(config_, *resume_, checkpoint_file_.string());
      } catch (const json::exception& e) {
        throw TuneError("checkpoint '" + checkpoint_file_.string() + "' is malformed: " + e.what());
      }
    } else if (cluster_.is_root() && std::filesystem::exists(checkpoint_file_) && !options_.force) {
      throw TuneError("checkpoint '" + checkpoint_file_.string() + "' already exists: continue that run with --resume " +
                      checkpoint_file_.string() + ", or pass --force to start a new run over it");
    }
  });
}

// False if a stop request came while the data were loading.
bool TuneRun::build_objective() {
  agree(cluster_, [&] {
    objective_ = make_objective(config_, options_, resume_, checkpoint_file_.string(), cluster_, *logger_, data_,
                                traced_, k_);
  });
  if (!objective_) return false;
  outcome_.train_positions = data_.train.total_size();
  outcome_.validation_positions = data_.validation.total_size();
  outcome_.k = k_;
  objective_->set_stop_flag(options_.stop);
  l2_.emplace(config_.l2, start_values(config_), tuned_, &tuned_registry(config_));
  if (config_.l2 > 0) {
    objective_ = std::make_unique<RegularisedObjective>(std::move(objective_), *l2_);
    objective_->set_stop_flag(options_.stop);
  }
  objective_->set_evaluation_hook(options_.after_evaluation);
  return true;
}

// The algorithm, fresh or as the checkpoint left it.
void TuneRun::build_algorithm() {
  space_ = make_search_space(start_values(config_), tuned_, &tuned_registry(config_));
  algorithm_ = make_algorithm(config_, space_);
  rng_ = Rng(config_.seed);
  if (!resume_) return;
  agree(cluster_, [&] {
    try {
      restore_from_checkpoint(*resume_, *algorithm_, rng_, progress_);
    } catch (const std::exception& e) {
      throw TuneError("checkpoint '" + checkpoint_file_.string() + "' is malformed: " + e.what());
    }
  });
  objective_->set_evaluations(progress_.evaluations);
  logger_->info("resuming {} at iteration {} from {}", config_.algorithm, progress_.iteration,
                checkpoint_file_.string());
}

void TuneRun::open_history() {
  agree(cluster_, [&] {
    if (cluster_.is_root())
      history_.emplace(outcome_.csv, algorithm_->progress_name(),
                       resume_ ? std::optional<int64_t>(progress_.iteration) : std::nullopt);
  });
}

// One iteration at a time, each either done whole or (interrupted) not at all.
void TuneRun::loop() {
  evaluations_before_ = progress_.evaluations;
  loop_start_ = Clock::now();
  communicating_before_loop_ = cluster_.seconds_communicating();
  auto last_checkpoint = Clock::now();
  last_log_ = Clock::now();
  while (!time_to_end()) {
    const bool first = !algorithm_->initialized();
    if (!iterate(first)) break;
    after_iteration(first);
    if (root_clock_says(seconds_since(last_checkpoint) >= options_.checkpoint_every_s)) {
      write_checkpoint();
      last_checkpoint = Clock::now();
    }
  }
}

bool TuneRun::time_to_end() {
  if (stop_requested()) {
    outcome_.interrupted = true;
    return true;
  }
  if (!algorithm_->initialized()) return false;
  if (algorithm_->finished()) return true;
  if (options_.iterations > 0 && progress_.iteration >= options_.iterations) return true;
  if (root_clock_says(options_.time_s > 0 && seconds_since(session_start_) >= options_.time_s)) return true;
  if (config_.patience > 0 && progress_.since_lowest >= config_.patience) {
    outcome_.stopped_early = true;
    return true;
  }
  return false;
}

// False if the iteration was interrupted: everything is then as it was before it.
bool TuneRun::iterate(bool first) {
  const std::unique_ptr<Algorithm> saved_algorithm = algorithm_->clone();
  const Rng saved_rng = rng_;
  const Progress saved_progress = progress_;
  try {
    advance(first);
    return true;
  } catch (const Interrupted&) {
    algorithm_ = saved_algorithm->clone();
    rng_ = saved_rng;
    progress_ = saved_progress;
    if (first)
      logger_->info("the start's evaluation was cut short: a resumed run does it again");
    else
      logger_->info("the unfinished iteration {} is discarded: a resumed run does it again", progress_.iteration + 1);
    outcome_.interrupted = true;
    return false;
  }
}

// The first iteration evaluates the start; each later one is a step of the algorithm.
void TuneRun::advance(bool first) {
  if (first) {
    algorithm_->initialize(*objective_, rng_);
    progress_.start_loss = algorithm_->start_loss();
    progress_.start_validation = objective_->validation_loss(space_.start);
    progress_.best_validation = algorithm_->best() == space_.start ? progress_.start_validation
                                                                   : objective_->validation_loss(algorithm_->best());
  } else {
    const double best_before = algorithm_->best_loss();
    algorithm_->step(*objective_, rng_);
    ++progress_.iteration;
    if (algorithm_->best_loss() < best_before) progress_.best_validation = objective_->validation_loss(algorithm_->best());
  }
  if (config_.patience > 0) track_validation(progress_, *algorithm_);
}

// The history's row, the log and the test hook.
void TuneRun::after_iteration(bool first) {
  progress_.evaluations = objective_->evaluations();
  const bool losses = algorithm_->measures_loss();
  if (history_)
    history_->row(progress_.iteration, elapsed(), progress_.evaluations,
                  losses ? std::optional(data_loss(algorithm_->current_loss(), algorithm_->current())) : std::nullopt,
                  losses ? std::optional(data_loss(algorithm_->best_loss(), algorithm_->best())) : std::nullopt,
                  progress_.best_validation, algorithm_->progress_value(), l2_->penalty(algorithm_->best()));
  if (first && !losses) {
    logger_->info("{} over {} parameters: {}", config_.algorithm, tuned_.size(), algorithm_->progress_text());
    last_log_ = Clock::now();
  } else if (first) {
    logger_->info("{} over {} parameters; start loss {} (validation {})", config_.algorithm, tuned_.size(),
                  number(progress_.start_loss), optional_number(progress_.start_validation));
    last_log_ = Clock::now();
  } else if (seconds_since(last_log_) >= options_.log_every_s) {
    log_progress();
    last_log_ = Clock::now();
  }
  if (options_.after_iteration) options_.after_iteration(progress_.iteration);
}

// On rank 0; a failure there (a full disk) ends every rank.
void TuneRun::write_checkpoint() {
  agree(cluster_, [&] {
    if (cluster_.is_root()) write_files();
  });
}

void TuneRun::write_files() {
  write_checkpoint_file(checkpoint_file_, checkpoint_json({config_, data_, options_.out, k_, progress_, elapsed(),
                                                           *algorithm_, rng_}));
  if (!algorithm_->initialized()) return;
  try {
    tuned_registry(config_).save(options_.out, toward(start_values(config_), output_weights(), options_.shrink));
  } catch (const ParamError& e) {
    throw TuneError(e.what());
  }
}

void TuneRun::log_progress() {
  last_logged_ = progress_.iteration;
  if (!algorithm_->measures_loss()) {
    logger_->info("iteration {}: {}, {} evaluations, {:.1f} s", progress_.iteration, algorithm_->progress_text(),
                  progress_.evaluations, elapsed());
    return;
  }
  logger_->info("iteration {}: best {} (validation {}{}), current {}, {}, {} evaluations, {:.1f} s",
                progress_.iteration, number(data_loss(algorithm_->best_loss(), algorithm_->best())),
                optional_number(progress_.best_validation),
                config_.l2 > 0 ? ", l2 penalty " + number(l2_->penalty(algorithm_->best())) : std::string(),
                number(data_loss(algorithm_->current_loss(), algorithm_->current())), algorithm_->progress_text(),
                progress_.evaluations, elapsed());
}

// The outcome and the last lines of the log.
void TuneRun::conclude() {
  outcome_.checkpoint_written = true;
  outcome_.iterations = progress_.iteration;
  outcome_.evaluations = progress_.evaluations;
  outcome_.start_loss = progress_.start_loss;
  outcome_.start_validation_loss = progress_.start_validation;
  if (algorithm_->initialized()) {
    if (last_logged_ != progress_.iteration) log_progress();
    outcome_.finished = algorithm_->finished();
    outcome_.best = config_.start;
    outcome_.best_search = config_.search_start;
    if (tunes_search(config_))
      outcome_.best_search.set_values(output_weights());
    else
      outcome_.best.set_values(output_weights());
    const bool lowest = config_.patience > 0 && progress_.lowest_validation;
    outcome_.best_loss = lowest ? progress_.lowest_loss : algorithm_->best_loss();
    outcome_.best_validation_loss = lowest ? progress_.lowest_validation : progress_.best_validation;
  }
  if (outcome_.stopped_early)
    logger_->info("no lower validation loss for {} iterations: stopped early; --out holds iteration {}'s weights "
                  "(validation {})",
                  config_.patience, progress_.lowest_iteration, optional_number(progress_.lowest_validation));
  if (outcome_.interrupted) {
    logger_->warn("interrupted at iteration {}; the state is in {}: resume with --resume {}", progress_.iteration,
                  checkpoint_file_.string(), checkpoint_file_.string());
    return;
  }
  log_end();
  log_session();
}

void TuneRun::log_end() {
  if (!algorithm_->measures_loss()) {
    logger_->info("{} after {} iterations; {} in {}, history in {}", outcome_.finished ? "finished" : "stopped",
                  progress_.iteration, options_.shrink == 1.0 ? std::string("the point reached")
                                                              : fmt::format("start + {} * (point - start)", options_.shrink),
                  options_.out.string(), outcome_.csv.string());
    logger_->info("{}", algorithm_->summary());
    return;
  }
  logger_->info("{} after {} iterations: loss {} -> {}, validation {} -> {}; {} in {}, history in {}",
                outcome_.finished ? "finished" : "stopped", progress_.iteration, number(progress_.start_loss),
                number(outcome_.best_loss), optional_number(progress_.start_validation),
                optional_number(outcome_.best_validation_loss),
                config_.patience > 0 ? std::string("the weights of the lowest validation loss")
                : options_.shrink == 1.0 ? std::string("best weights")
                                         : fmt::format("start + {} * (best - start)", options_.shrink),
                options_.out.string(), outcome_.csv.string());
}

void TuneRun::log_session() {
  const uint64_t session_evaluations = progress_.evaluations - evaluations_before_;
  if (session_evaluations == 0) return;
  const double seconds = seconds_since(loop_start_);
  logger_->info("this session: {} evaluations in {:.2f} s, {:.4f} s each{}", session_evaluations, seconds,
                seconds / double(session_evaluations),
                cluster_.size() == 1 ? std::string()
                                     : fmt::format("; rank 0 spent {:.2f} s of them communicating with {} ranks "
                                                   "(waiting for them included)",
                                                   cluster_.seconds_communicating() - communicating_before_loop_,
                                                   cluster_.size()));
}

}  // namespace

TuneOutcome run_tune(const TuneConfig& config, const RunOptions& options, const json* resume) {
  return TuneRun(config, options, resume).run();
}

}  // namespace jiang::tuner
