#include "tuning/tuner/tune_command.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <memory>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "games/openings.h"
#include "tuning/tuner/parallel.h"
#include "tuning/tuner/tune_config_fields.h"
#include "tuning/tuner/tuner.h"
#include "util/cluster.h"
#include "util/stop_signals.h"
#include "util/threads.h"

namespace jiang {
namespace {

using tuner::TuneConfig;
using tuner::TuneError;

// Exit codes: 0 done (finished or stopped by --iterations/--time), 2 an error, 3 interrupted by a signal
// (the checkpoint holds the state).
constexpr int kExitError = 2;
constexpr int kExitInterrupted = 3;

struct TuneCli {
  TuneConfig config;  // the defaults; on resume, the checkpoint's values replace those not given
  std::vector<std::string> params;
  std::string group;
  std::string weights;
  std::string validation = "10%";
  double k = 0;
  std::string baseline;
  std::string search_params, search_baseline;
  std::string openings;
  std::string crossover = "uniform";
  std::string mutation = "gaussian";
  std::string resume;
  tuner::RunOptions run;
  std::string out, checkpoint;
};

// "10%" or "0.1": the share of positions held out.
double parse_share(const std::string& text) {
  std::string number = text;
  const bool percent = !number.empty() && number.back() == '%';
  if (percent) number.pop_back();
  size_t used = 0;
  double value = 0;
  try {
    value = std::stod(number, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != number.size())
    throw TuneError("--validation " + text + ": expected a percentage such as 10% or a fraction such as 0.1");
  if (percent) value /= 100.0;
  if (!(value >= 0.0 && value < 1.0)) throw TuneError("--validation " + text + ": must be at least 0% and below 100%");
  return value;
}

// The names a key selects in `registry`, in registry order; none if it names nothing there.
std::vector<std::string> selected(const ParamRegistry& registry, const std::string& key) {
  std::vector<std::string> names;
  try {
    std::vector<int> indices = registry.select({key});
    std::sort(indices.begin(), indices.end());
    for (int i : indices) names.push_back(registry[i].name);
  } catch (const ParamError&) {
  }
  return names;
}

// The evaluation's weights or the search's parameters the keys name: registry order, whatever order they
// were named in, the weights first (a run that names both is refused later, by check_config).
std::vector<std::string> resolve_params(const std::vector<std::string>& keys) {
  std::vector<std::string> names;
  for (const ParamRegistry* registry : {&Params::table(), &SearchParams::table()}) {
    for (const ParamInfo& info : *registry)
      for (const std::string& key : keys) {
        const std::vector<std::string> hit = selected(*registry, key);
        if (std::find(hit.begin(), hit.end(), info.name) != hit.end()) {
          names.push_back(info.name);
          break;
        }
      }
  }
  for (const std::string& key : keys)
    if (selected(Params::table(), key).empty() && selected(SearchParams::table(), key).empty()) {
      std::string groups;
      for (const ParamRegistry* registry : {&Params::table(), &SearchParams::table()})
        for (const std::string& g : registry->groups()) groups += (groups.empty() ? "" : ", ") + g;
      throw TuneError("no parameter or group named '" + key + "' (see `jiang weights --list` for the names; groups: " +
                      groups + ")");
    }
  return names;
}

template <class Values>
Values load_values(const std::string& path) {
  try {
    return Values::load(path);
  } catch (const ParamError& e) {
    throw TuneError(e.what());
  }
}
Params load_weights(const std::string& path) { return load_values<Params>(path); }

const char* kFooter = R"(Objective "positions" (default), Texel's method: each position of --data (lines 'FEN result', result
1.0/0.5/0.0 from Red's point of view, as `jiang selfplay` writes them) is replaced once, at load time, by
its quiet leaf (the end of the quiescence search's principal variation under the start weights). The
loss is the mean over the training positions of (result - 1/(1 + 10^(-K*e/400)))^2, e the engine's own
evaluation of the leaf from Red's point of view. K is fitted to the training positions with the start
weights (grid scan then golden section over [0.01, 10]) unless --k is given, and then kept fixed.
--validation holds out a seeded random share of the games (whole games: the positions of one game share
their label, and a split by position would let validation see its own games); their loss is reported,
never tuned on.
A malformed line is reported with its line number and skipped (--strict: the run stops).

Objective "games": loss = 1 - the candidate's score in --games games against --baseline (default: the
compiled-in weights), in pairs from one opening with colours swapped (openings from --openings, or a
built-in list of 16), each move searched to --depth plies or --nodes nodes.

Algorithms; an iteration is
  hc  Texel's local search: one parameter tried at +step, then -step; kept if the loss falls. After a
      full pass that improves nothing the step halves; the run ends when it falls below --hc-min-step.
  sa  simulated annealing: a neighbour moves 1..--sa-moves random parameters by a random non-zero amount
      in [-step, step]; it is accepted if better, else with probability exp(-delta/T) (delta and T in
      loss units). Geometric cooling: T starts at --sa-t-start, T <- T * --sa-rate after each iteration,
      the run ends when T < --sa-t-end (ln(end/start)/ln(rate) iterations: 2300 with the defaults). On
      self-play data one step of one weight typically changes the loss by 1e-6 to 1e-4; scale the
      temperatures to your data. The best point seen is kept.
  ga  one generation: the --ga-elitism best survive; every other place is a child of two tournament
      winners (--ga-tournament drawn, the best wins), crossed with probability --ga-crossover-rate
      (uniform or one-point), each gene mutated with probability --ga-mutation-rate (default 2/number of
      tuned parameters, at most 0.5) by round(N(0, step^2)) or a uniform amount in [-step, step]. The
      first population is the start weights and mutated copies of them.
  adam  one epoch: the full-batch gradient of the training loss at the current weights, one Adam update
      (betas 0.9 and 0.999, fixed: Kingma and Ba's defaults) of real-valued weights kept inside, which
      are rounded to whole units and clamped to the bounds for the loss and for --out; --adam-epochs
      epochs of step size about --adam-rate units. The gradient is analytic from the traces for the
      linear parameters, a central difference (4 units) of the exact loss for the non-linear ones
      (danger, threat shares, middlegame material): positions objective; elsewhere all by differences.
  spsa  (games objective) one duel: every tuned parameter draws a random sign; --games games (pairs with
      colours swapped, from the openings after the previous duel's) between theta + c_k * sign and
      theta - c_k * sign, clamped to the bounds and rounded stochastically (floor(x + u), as fishtest);
      then theta += a_k / c_k * (wins - losses of the + side) * sign, clamped. Fishtest's schedules over
      k = the pairs played + 1 and N = --spsa-pairs: c_k = c_end * (N / k)^gamma, a_k = r_end * c_end^2 *
      ((A + N) / (A + k))^alpha, A = --spsa-a-ratio * N; c_end is each parameter's registry step (a
      twentieth of its range if it has none). The run ends after N pairs; --out holds theta rounded. SPSA
      measures no loss: the CSV's loss columns stay empty and the log gives the duels.
--group search tunes the search's margins, depths and divisors (search.*, `jiang weights --search --list`)
by games: both sides evaluate with --weights, the candidate's search plays --search-baseline's (default:
the compiled-in margins; spsa plays its two points instead); --out is a search parameters file
(`setoption name SearchParamsFile`, `jiang match --search-params`). Not with adam. The time manager's
parameters (time.*, the same registry) act only at a time control, which these games do not have: they
are refused here and measured with `jiang match` (option.time.NAME=VALUE in an engine spec).
--l2 LAMBDA (any algorithm) adds LAMBDA * mean over the tuned parameters of ((w - start) / range)^2 to the
training loss (range: the registry's max - min, so LAMBDA has no units); the log and the CSV give the
data loss and the penalty apart. --patience N ends the run when the validation loss of the best weights
has not fallen for N iterations and writes the weights of the lowest validation loss to --out.
--lambda L (positions) labels each position that has a search score (self-play writes one after the
result) with L * result + (1 - L) * sigmoid(score), K fitted on the results alone first; the validation
labels too. A label blended towards the search's verdict is less noisy than a game's result, which
may have been decided long after the position.
The positions loss is computed from a trace of each position's evaluation (its parameters' coefficients,
phase, scales, and what the non-linear terms need), taken once at the start weights: the same losses as
evaluating every position (--full-loss), 55x faster for a hill-climbing sweep over 1,000,000 positions, a
step of one parameter touching only the positions that use it.
Parameters move in whole units within their registry bounds. Every run is reproducible from --seed
(whatever --threads).

--shrink F writes start + F * (best - start) to --out instead of the best weights (the checkpoint keeps
the best). On few positions from shallow games with result labels the loss keeps falling past the point
that helps play (230,000 positions of 5000-node games: hill climbing's best played even with its start,
half the way +112 Elo); on 600,000 positions of 8000-node games with --lambda 0.5 the whole step of
every algorithm gained +70 to +126 Elo, and the default 1 (the best weights) is the choice (docs/tuning.md).

Files: the best weights (or the shrunk ones) go to --out (TUNED.json, loadable with `jiang --weights`, `jiang eval --weights`
and `setoption weightsfile`), the loss history to TUNED.csv (iteration, elapsed_s, evaluations,
current_loss, best_loss, validation_loss of the best weights, and the algorithm's step, temperature or
population mean loss or adam's epoch, then the L2 penalty of the best weights), the state to TUNED.checkpoint.json (or --checkpoint), written atomically every --checkpoint-every
seconds, at the end and on Ctrl-C or SIGTERM. --resume CHECKPOINT continues exactly where the run
stopped: options not given are taken from the checkpoint, options given must agree with it, except
--iterations, --time, --threads, --shrink, the file options and the end conditions --hc-min-step, --sa-t-end and
--ga-generations, --adam-epochs (to carry a finished run further). A new run will not replace an existing checkpoint
without --force. Exit codes: 0 done, 2 error, 3 interrupted (resume it).
Under `mpirun -np N` (a build with OpenMPI) each rank holds a shard of the positions (whole blocks of 4096)
or plays its share of the games objective's games; losses are summed as integers and gradients in block
order, so every rank takes the decisions one process would: the same run, the same weights, for any N.
Every rank reads --data (a shared or copied file); rank 0 reads --resume and writes --out, the CSV and the
checkpoint. --threads is per rank.)";

// The checkpoint to resume, as rank 0 reads it, on every rank (the other ranks need not see the file).
nlohmann::json shared_checkpoint(const std::string& path, Cluster& cluster) {
  std::string text, error;
  if (cluster.is_root()) {
    std::ifstream in(path, std::ios::binary);
    if (!in) error = "cannot read checkpoint '" + path + "': " + std::strerror(errno);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  cluster.broadcast(error);
  cluster.broadcast(text);
  nlohmann::json checkpoint;
  agree(cluster, [&] {
    if (!error.empty()) throw TuneError(error);
    std::istringstream in(text);
    checkpoint = tuner::read_checkpoint(in, path);
  });
  return checkpoint;
}

bool given_on_command_line(const CLI::App& cmd, const char* option) { return cmd.get_option(option)->count() > 0; }

// Lays the options given on the command line over the checkpoint's configuration, field by field.
class GivenOptions {
 public:
  explicit GivenOptions(const CLI::App& cmd) : cmd_(cmd) {}
  template <class Into, class From>
  void field(const char*, const char* option, unsigned, Into&& into, const From& from) {
    if (option && given_on_command_line(cmd_, option)) assign(into, from);
  }
  template <class Body>
  void group(const char*, unsigned, Body&& body) {
    body();
  }

 private:
  template <class T>
  static void assign(T& into, const T& from) {
    into = from;
  }
  static void assign(tuner::Choice<bool>& into, const tuner::Choice<const bool>& from) { into.value = from.value; }

  const CLI::App& cmd_;
};

// The options that name files: read now, whether for a new run or over a resumed one.
void read_given_files(const TuneCli& cli, const CLI::App& cmd, TuneConfig& config) {
  auto given = [&cmd](const char* name) { return given_on_command_line(cmd, name); };
  if (given("--weights")) config.start = load_weights(cli.weights), config.weights_file = cli.weights;
  if (given("--baseline")) config.baseline = load_weights(cli.baseline), config.baseline_file = cli.baseline;
  if (given("--search-params"))
    config.search_start = load_values<SearchParams>(cli.search_params), config.search_file = cli.search_params;
  if (given("--search-baseline"))
    config.search_baseline = load_values<SearchParams>(cli.search_baseline),
    config.search_baseline_file = cli.search_baseline;
  if (given("--openings")) config.openings = games::read_openings(cli.openings), config.openings_file = cli.openings;
}

// The checkpoint's run, with any option given on the command line laid over it (run_tune then rejects a
// difference that matters). `checkpoint_path` defaults to the resumed file.
TuneConfig resumed_config(TuneCli& cli, const CLI::App& cmd, const nlohmann::json& checkpoint,
                          std::filesystem::path& checkpoint_path) {
  auto given = [&cmd](const char* name) { return given_on_command_line(cmd, name); };
  TuneConfig config = tuner::config_from_json(checkpoint.at("config"));
  GivenOptions overlay(cmd);
  tuner::visit_config(overlay, config, std::as_const(cli.config));
  if (given("--depth")) config.depth = cli.config.depth, config.nodes = 0;
  if (given("--nodes")) config.nodes = cli.config.nodes, config.depth = 0;
  if (given("--validation")) config.validation = parse_share(cli.validation);
  if (given("--k")) config.k = cli.k;
  if (given("--params") || given("--group"))
    config.params = resolve_params(given("--params") ? cli.params : std::vector<std::string>{cli.group});
  read_given_files(cli, cmd, config);
  if (checkpoint_path.empty()) checkpoint_path = cli.resume;
  if (cli.out.empty()) cli.out = checkpoint.value("out", "");
  if (cli.out.empty()) throw TuneError("the checkpoint names no output file: give --out");
  return config;
}

TuneConfig new_config(const TuneCli& cli, const CLI::App& cmd) {
  auto given = [&cmd](const char* name) { return given_on_command_line(cmd, name); };
  TuneConfig config = cli.config;
  if (!given("--algo")) throw TuneError("--algo is required (hc, sa, ga, adam or spsa), unless resuming with --resume");
  if (cli.out.empty()) throw TuneError("--out is required, unless resuming with --resume");
  if (config.objective == "positions" && config.data.empty())
    throw TuneError("--data FILE is required for the positions objective");
  if (config.objective == "games" && !config.data.empty())
    throw TuneError("--data is for the positions objective; the games objective plays games instead");
  config.validation = parse_share(cli.validation);
  if (given("--k")) config.k = cli.k;
  std::vector<std::string> keys;
  if (given("--params")) keys = cli.params;
  else if (given("--group")) keys = {cli.group};
  else for (const ParamInfo& info : Params::registry()) keys.push_back(info.name);
  config.params = resolve_params(keys);
  read_given_files(cli, cmd, config);
  if (given("--depth")) config.nodes = 0;
  return config;
}

// The run's configuration from the command line (and the checkpoint to resume, if any).
TuneConfig make_config(TuneCli& cli, const CLI::App& cmd, const nlohmann::json& checkpoint,
                       std::filesystem::path& checkpoint_path) {
  // The options that take words for a field's value.
  cli.config.ga.one_point = cli.crossover == "one-point";
  cli.config.ga.gaussian = cli.mutation == "gaussian";
  if (!cli.resume.empty()) return resumed_config(cli, cmd, checkpoint, checkpoint_path);
  return new_config(cli, cmd);
}

int run(TuneCli& cli, CLI::App& cmd, Cluster& cluster) {
  // The guard before anything is read, written or logged: a signal from here on stops the run cleanly.
  const StopSignals signals;
  const nlohmann::json checkpoint = cli.resume.empty() ? nlohmann::json() : shared_checkpoint(cli.resume, cluster);
  std::filesystem::path checkpoint_path = cli.checkpoint;
  TuneConfig config;
  agree(cluster, [&] { config = make_config(cli, cmd, checkpoint, checkpoint_path); });
  tuner::RunOptions run = cli.run;
  run.out = cli.out;
  run.checkpoint = checkpoint_path;
  run.cluster = &cluster;
  run.stop = &StopSignals::flag();
  const tuner::TuneOutcome outcome = tuner::run_tune(config, run, cli.resume.empty() ? nullptr : &checkpoint);
  return outcome.interrupted ? kExitInterrupted : 0;
}

// What to tune, from where, on what, and how the run is stopped, saved and logged.
void add_run_options(CLI::App* cmd, TuneCli& cli) {
  TuneConfig& c = cli.config;
  cmd->add_option("--data", c.data, "labelled positions ('FEN result' lines), for the positions objective");
  cmd->add_option("--algo", c.algorithm,
                  "hc (hill climbing), sa (simulated annealing), ga (genetic algorithm), adam (gradient steps) or "
                  "spsa (games between perturbed points)")
      ->check(CLI::IsMember({"hc", "sa", "ga", "adam", "spsa"}));
  auto* params = cmd->add_option("--params", cli.params,
                                 "parameters to tune, comma-separated: full names, prefixes ending at a dot "
                                 "(position.horse) or groups (default: all)")
                     ->delimiter(',');
  auto* group = cmd->add_option("--group", cli.group, "tune one group: material, position, mobility, control, "
                                                       "relations, safety, patterns or tempo (the evaluation's), or "
                                                       "search (the search's margins: games objective)");
  params->excludes(group);
  cmd->add_option("--weights", cli.weights, "start weights (default: the compiled-in defaults)");
  cmd->add_option("--search-params", cli.search_params,
                  "the search's start parameters, JSON like a weights file (default: the compiled-in margins)");
  auto* iterations = cmd->add_option("--iterations", cli.run.iterations,
                                     "stop after this many iterations in all, counting those before a --resume "
                                     "(default: until the algorithm ends)")
                         ->check(CLI::Range(int64_t(1), int64_t(1) << 50));
  auto* time = cmd->add_option("--time", cli.run.time_s, "stop after this many seconds of this session")
                   ->check(CLI::PositiveNumber);
  iterations->excludes(time);
  cmd->add_option("--seed", c.seed, "seed of the random choices and of the validation split")->capture_default_str();
  cmd->add_option("--threads", cli.run.threads, "threads evaluating the loss or playing the games (default: the machine's cores)")
      ->check(CLI::Range(1, 1024));
  cmd->add_flag("--full-loss", cli.run.full_loss,
                "positions objective: evaluate every position for every loss (the slow path the traces replace; "
                "the same losses)");
  cmd->add_option("--validation", cli.validation, "share of the positions held out for validation: 10% or 0.1")
      ->capture_default_str();
  cmd->add_flag("--strict", c.strict, "stop at a malformed data line instead of skipping it");
  cmd->add_option("--k", cli.k, "use this K instead of fitting it")->check(CLI::Range(1e-4, 100.0));
  cmd->add_option("--resume", cli.resume, "continue the run saved in this checkpoint");
  cmd->add_option("--out", cli.out, "the tuned weights (JSON); TUNED.csv and TUNED.checkpoint.json go beside it");
  cmd->add_option("--checkpoint", cli.checkpoint, "checkpoint file (default: TUNED.checkpoint.json; on --resume, the "
                                                   "resumed file)");
  cmd->add_option("--checkpoint-every", cli.run.checkpoint_every_s, "seconds between checkpoints")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_option("--log-every", cli.run.log_every_s, "seconds between progress lines")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_flag("--force", cli.run.force, "start a new run even if its checkpoint file exists (it is replaced)");
  cmd->add_option("--shrink", cli.run.shrink, "write start + F * (best - start) to --out (see below)")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
}

// The games objective's match settings.
void add_games_options(CLI::App* cmd, TuneCli& cli) {
  TuneConfig& c = cli.config;
  cmd->add_option("--objective", c.objective, "positions (Texel's method) or games (score against --baseline)")
      ->check(CLI::IsMember({"positions", "games"}))
      ->capture_default_str();
  cmd->add_option("--games", c.games, "games objective: games per evaluation (even: pairs with colours swapped)")
      ->check(CLI::Range(2, 1000000))
      ->capture_default_str();
  auto* depth = cmd->add_option("--depth", c.depth, "games objective: search depth per move")->check(CLI::Range(1, 64));
  auto* nodes = cmd->add_option("--nodes", c.nodes, "games objective: nodes per move (default 2000)")
                    ->check(CLI::Range(uint64_t(1), uint64_t(1) << 40));
  depth->excludes(nodes);
  cmd->add_option("--openings", cli.openings, "games objective: FEN list, one a line (default: a built-in list)");
  cmd->add_option("--baseline", cli.baseline, "games objective: the opponent's weights (default: the defaults)");
  cmd->add_option("--search-baseline", cli.search_baseline,
                  "games objective, tuning the search: the opponent's search parameters (default: the defaults)");
}

// Each algorithm's own settings.
void add_algorithm_options(CLI::App* cmd, TuneCli& cli) {
  TuneConfig& c = cli.config;
  cmd->add_option("--hc-step", c.hc.step, "hill climbing: the first step")->check(CLI::Range(1, 10000))->capture_default_str();
  cmd->add_option("--hc-min-step", c.hc.min_step, "hill climbing: the smallest step")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();
  cmd->add_option("--sa-t-start", c.sa.t_start, "annealing: start temperature (loss units)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--sa-t-end", c.sa.t_end, "annealing: end temperature")->check(CLI::PositiveNumber)->capture_default_str();
  cmd->add_option("--sa-rate", c.sa.rate, "annealing: cooling rate, T <- T * rate each iteration")
      ->check(CLI::Range(1e-9, 1.0 - 1e-12))
      ->capture_default_str();
  cmd->add_option("--sa-step", c.sa.step, "annealing: largest move of one parameter")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();
  cmd->add_option("--sa-moves", c.sa.moves, "annealing: most parameters moved per neighbour")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();
  cmd->add_option("--ga-population", c.ga.population, "genetic: population size")
      ->check(CLI::Range(2, 100000))
      ->capture_default_str();
  cmd->add_option("--ga-generations", c.ga.generations, "genetic: generations")
      ->check(CLI::Range(1, 100000000))
      ->capture_default_str();
  cmd->add_option("--ga-tournament", c.ga.tournament, "genetic: tournament size")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->add_option("--ga-crossover-rate", c.ga.crossover_rate, "genetic: crossover probability")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--ga-crossover", cli.crossover, "genetic: uniform or one-point")
      ->check(CLI::IsMember({"uniform", "one-point"}))
      ->capture_default_str();
  cmd->add_option("--ga-mutation-rate", c.ga.mutation_rate,
                  "genetic: per-gene mutation probability (default: 2 / tuned parameters, at most 0.5)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--ga-mutation-step", c.ga.mutation_step, "genetic: mutation size (gaussian sigma or uniform bound)")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();
  cmd->add_option("--ga-mutation", cli.mutation, "genetic: gaussian or uniform")
      ->check(CLI::IsMember({"gaussian", "uniform"}))
      ->capture_default_str();
  cmd->add_option("--ga-elitism", c.ga.elitism, "genetic: individuals kept unchanged")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  cmd->add_option("--adam-rate", c.adam.rate, "adam: step size in parameter units (about the move per epoch)")
      ->check(CLI::Range(1e-6, 1e4))
      ->capture_default_str();
  cmd->add_option("--adam-epochs", c.adam.epochs, "adam: epochs (full-batch gradient steps)")
      ->check(CLI::Range(1, 100000000))
      ->capture_default_str();
  cmd->add_option("--spsa-pairs", c.spsa.pairs, "spsa: game pairs in the whole run (the schedules' horizon N)")
      ->check(CLI::Range(int64_t(1), int64_t(1) << 40))
      ->capture_default_str();
  cmd->add_option("--spsa-a-ratio", c.spsa.a_ratio, "spsa: A = this share of N")
      ->check(CLI::Range(0.0, 100.0))
      ->capture_default_str();
  cmd->add_option("--spsa-alpha", c.spsa.alpha, "spsa: the step sizes' decay a_k = a / (A + k)^alpha")
      ->check(CLI::Range(0.01, 2.0))
      ->capture_default_str();
  cmd->add_option("--spsa-gamma", c.spsa.gamma, "spsa: the perturbations' decay c_k = c / k^gamma")
      ->check(CLI::Range(0.0, 2.0))
      ->capture_default_str();
  cmd->add_option("--spsa-r-end", c.spsa.r_end, "spsa: the learning rate a_N / c_N^2 at the end")
      ->check(CLI::Range(1e-9, 10.0))
      ->capture_default_str();
}

// The loss's labels and penalty, and early stopping on the validation loss.
void add_objective_options(CLI::App* cmd, TuneConfig& c) {
  cmd->add_option("--l2", c.l2, "every algorithm: add L2 * mean((w - start) / range)^2 to the training loss (0: off)")
      ->check(CLI::Range(0.0, 1e6))
      ->capture_default_str();
  cmd->add_option("--lambda", c.lambda,
                  "positions: each label's share of the game's result; the rest is the win probability of the "
                  "position's search score, where its line gives one (1: the results alone)")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--patience", c.patience,
                  "stop when the validation loss has not improved for this many iterations; --out gets the "
                  "weights of the lowest validation loss (0: off)")
      ->check(CLI::Range(int64_t(0), int64_t(1) << 50))
      ->capture_default_str();
}

}  // namespace

void add_tune_command(CLI::App& app, int& exit_code) {
  auto cli = std::make_shared<TuneCli>();
  cli->run.threads = default_threads();
  CLI::App* cmd = app.add_subcommand("tune", "Tune the evaluation weights or the search's margins: hill climbing, "
                                             "simulated annealing, a genetic algorithm, gradient steps (adam) or "
                                             "SPSA, on labelled positions or on games");
  cmd->footer(kFooter);
  add_run_options(cmd, *cli);
  add_games_options(cmd, *cli);
  add_algorithm_options(cmd, *cli);
  add_objective_options(cmd, cli->config);
  cmd->callback([cli, cmd, &exit_code] {
    exit_code = run_on_cluster("jiang tune", kExitError, [&](Cluster& cluster) { return run(*cli, *cmd, cluster); });
  });
}

}  // namespace jiang
