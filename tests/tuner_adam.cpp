// The fourth optimiser and what goes with it (issue 9): the traced loss's analytic gradient against
// finite differences, Adam lowering the loss and giving the same run for 1 and 2 threads, --l2 pulling
// the weights towards the start, and --patience stopping early with the weights of the lowest
// validation loss (and resuming its count exactly). Adam's resume after an interrupt is in
// tuner_checkpoint.cpp with the other algorithms'.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

#include "tests/tuner_support.h"
#include "tuning/tuner/gradient.h"
#include "tuning/tuner/traced_objective.h"
#include "tuning/tuner/tuner.h"

using namespace jiang;
using namespace jiang::tuner;
using namespace jiang::tuner_test;
using nlohmann::json;

namespace {

// The start of the runs below: the defaults with a few weights moved, so that the loss has somewhere to go.
Params moved_start() { return perturbed({{"material.rook.mg", 80}, {"mobility.rook.mg", 6}, {"tempo", -9}}); }

// Positions labelled with the win probability of the default weights' evaluation (K = 1).
TexelData labelled(int count, uint64_t seed) {
  const Evaluator eval{Params()};
  std::vector<LabelledPosition> input;
  int n = 0;
  for (const Position& p : sample_positions(count, seed))
    input.push_back({p.fen(), win_probability(1.0, red_eval(eval, p)), n + 1, n / 10, std::nullopt}), ++n;
  return prepare_texel_data(input, 0.0, 3, moved_start(), 2);
}

std::vector<int> linear_params() {
  std::vector<int> params;
  for (const char* name : {"material.rook.eg", "material.pawn.eg", "mobility.rook.mg", "mobility.horse.eg",
                           "position.pawn.mg.c3", "tempo"})
    params.push_back(*Params::find(name));
  return params;
}

const std::filesystem::path& synthetic_file() {
  static const std::filesystem::path file = [] {
    const std::filesystem::path f = temp_dir("adam") / "positions.txt";
    write_synthetic(f, sample_positions(800, 41), moved_start(), Params(), 1.0);
    return f;
  }();
  return file;
}

TuneConfig adam_config(const std::string& data, double validation) {
  TuneConfig c;
  c.algorithm = "adam";
  c.data = data;
  c.start = moved_start();
  c.params = {"material.rook.mg", "material.rook.eg", "mobility.rook.mg", "mobility.horse.mg", "tempo"};
  std::sort(c.params.begin(), c.params.end(),
            [](const std::string& a, const std::string& b) { return *Params::find(a) < *Params::find(b); });
  c.validation = validation;
  c.k = 1.0;
  c.adam.rate = 2.0;
  c.adam.epochs = 30;
  return c;
}

// The tuned parameters' distance from the start, each in units of its registry range.
double distance_from_start(const TuneConfig& c, const Params& weights) {
  double sum = 0;
  for (const std::string& name : c.params) {
    const int p = *Params::find(name);
    const ParamInfo& info = Params::registry()[p];
    const double d = double(weights.get(p) - c.start.get(p)) / double(info.max - info.min);
    sum += d * d;
  }
  return std::sqrt(sum);
}

}  // namespace

TEST_CASE("The traced loss's analytic gradient equals its finite differences", "[tuner][adam]") {
  const TexelData data = labelled(600, 17);
  TracedData traced = trace_texel_data(data, moved_start(), 2);
  TracedPositionsObjective objective(traced, 1.0, 2);
  const std::vector<int> values = moved_start().values();
  const std::vector<int> params = linear_params();
  const std::vector<double> analytic = objective.gradient(values, params);

  // The tolerance. A central difference of step h sees each evaluation through two integer divisions
  // (the phase blend, the draw scale), each off by less than 1 cp, so per position it is off the smooth
  // derivative by less than |d loss_i / d e| * 2 cp / 2h: at worst mean |d loss_i / d e| / h (checked),
  // but these truncations are spread over positions like independent errors, so three standard errors,
  // 3 sqrt(sum (d loss_i / d e)^2) / (N h), bound the mean in practice; the curvature over +-h (the
  // sigmoid bends within 8 cp of e for some positions) adds a second-order term, 3% of the gradient.
  constexpr int kStep = 8;
  const std::vector<int> evals = red_evals(data.train, Evaluator(moved_start()), 1);
  double sum_abs = 0, sum_squares = 0;
  for (size_t i = 0; i < evals.size(); ++i) {
    const double s = win_probability(1.0, evals[i]);
    const double slope = 2.0 * (s - data.train.results[i]) * s * (1.0 - s) * std::log(10.0) / 400.0;
    sum_abs += std::abs(slope);
    sum_squares += slope * slope;
  }
  const double n = double(evals.size());
  const double worst = sum_abs / n / kStep, likely = 3.0 * std::sqrt(sum_squares) / n / kStep;
  const std::vector<double> differences = finite_difference_gradient(objective, values, params, kStep);
  double largest = 0;
  for (size_t j = 0; j < params.size(); ++j) {
    INFO(Params::registry()[params[j]].name << ": analytic " << analytic[j] << ", difference " << differences[j]);
    const double error = std::abs(analytic[j] - differences[j]);
    CHECK(error <= worst + 0.03 * std::abs(differences[j]));
    CHECK(error <= likely + 0.03 * std::abs(differences[j]));
    largest = std::max(largest, std::abs(differences[j]));
  }
  CHECK(largest > 10 * likely);  // the comparison means something: gradients well above the tolerance

  SECTION("non-linear parameters get the central difference itself, the same for any thread count") {
    const std::vector<int> nonlinear = {*Params::find("material.rook.mg"), *Params::find("relations.threat_to_move_pct")};
    const std::vector<double> got = objective.gradient(values, nonlinear);
    CHECK(got == finite_difference_gradient(objective, values, nonlinear));
    TracedPositionsObjective one_thread(traced, 1.0, 1);
    CHECK(one_thread.gradient(values, params) == analytic);
  }
}

TEST_CASE("Adam lowers the loss towards the weights that made the labels", "[tuner][adam]") {
  const CapturedLog log;
  const std::filesystem::path out = temp_dir("adam-lowers") / "tuned.json";
  const TuneConfig config = adam_config(synthetic_file().string(), 0.1);
  const TuneOutcome outcome = run_tune(config, run_options(out, log, 2));
  CHECK(outcome.finished);
  CHECK(outcome.iterations == 30);
  CHECK(outcome.best_loss < 0.5 * outcome.start_loss);
  CHECK(distance_from_start(config, outcome.best) > 0);
  CHECK(read_text(csv_path(out)).find(",epoch,l2_penalty") != std::string::npos);
  CHECK(log.text().find("epoch 30/30") != std::string::npos);
}

TEST_CASE("Adam runs the same with 1 and 2 threads", "[tuner][adam]") {
  const TuneConfig config = adam_config(synthetic_file().string(), 0.1);
  const std::filesystem::path dir = temp_dir("adam-threads");
  const CapturedLog log;
  const TuneOutcome one = run_tune(config, run_options(dir / "one.json", log, 1));
  const TuneOutcome two = run_tune(config, run_options(dir / "two.json", log, 2));
  CHECK(one.best == two.best);
  CHECK(one.best_loss == two.best_loss);
  CHECK(one.best_validation_loss == two.best_validation_loss);
  CHECK(read_text(dir / "one.json") == read_text(dir / "two.json"));
  CHECK(json::parse(read_text(dir / "one.checkpoint.json")).at("state") ==
        json::parse(read_text(dir / "two.checkpoint.json")).at("state"));
}

TEST_CASE("L2 regularisation (--l2) pulls the weights towards the start: the larger lambda, the closer", "[tuner][adam]") {
  const std::filesystem::path dir = temp_dir("adam-l2");
  std::vector<double> distances;
  std::vector<uint64_t> adam_evaluations;  // the same every epoch, with or without the penalty
  for (const std::string algorithm : {"adam", "hc"}) {
    distances.clear();
    for (double lambda : {0.0, 0.5, 50.0}) {
      TuneConfig config = adam_config(synthetic_file().string(), 0.1);
      config.algorithm = algorithm;
      config.l2 = lambda;
      const CapturedLog log;
      RunOptions o = run_options(dir / (algorithm + "-" + std::to_string(lambda) + ".json"), log, 2);
      o.iterations = 30;
      const TuneOutcome outcome = run_tune(config, o);
      distances.push_back(distance_from_start(config, outcome.best));
      if (algorithm == "adam") adam_evaluations.push_back(outcome.evaluations);
      if (lambda > 0) CHECK(log.text().find("l2 penalty") != std::string::npos);
    }
    INFO(algorithm << ": distances " << distances[0] << ", " << distances[1] << ", " << distances[2]);
    CHECK(distances[0] > 0);
    CHECK(distances[1] <= distances[0]);
    CHECK(distances[2] < distances[1]);
  }
  CHECK(adam_evaluations == std::vector<uint64_t>(3, adam_evaluations[0]));
}

TEST_CASE("Early stopping (--patience) stops early and writes the weights of the lowest validation loss", "[tuner][adam]") {
  // The sample of self-play positions overfits within a few epochs when every parameter moves: the
  // validation loss turns up while the training loss goes on falling.
  TuneConfig config = adam_config(JIANG_DATA_DIR "/selfplay-sample.txt", 0.1);
  config.params.clear();
  for (const ParamInfo& info : Params::registry()) config.params.push_back(info.name);
  config.k.reset();
  config.start = Params();
  config.adam.rate = 1.0;
  config.adam.epochs = 100;
  config.patience = 4;
  const std::filesystem::path dir = temp_dir("adam-patience");
  const CapturedLog log;
  const TuneOutcome whole = run_tune(config, run_options(dir / "whole.json", log, 2));
  REQUIRE(whole.stopped_early);
  CHECK_FALSE(whole.finished);
  CHECK(whole.iterations < config.adam.epochs);
  CHECK(log.text().find("stopped early") != std::string::npos);
  // --out holds the weights of the lowest validation loss in the history, reached `patience` iterations
  // before the end.
  CHECK(Params::load(dir / "whole.json") == whole.best);
  std::istringstream csv(read_text(csv_path(dir / "whole.json")));
  std::string line;
  std::getline(csv, line);
  double lowest = 1e9;
  int64_t lowest_at = -1;
  while (std::getline(csv, line)) {
    std::vector<std::string> cells;
    std::stringstream row(line);
    for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
    if (std::stod(cells[5]) < lowest) lowest = std::stod(cells[5]), lowest_at = std::stoll(cells[0]);
  }
  CHECK(whole.best_validation_loss == Approx(lowest).epsilon(1e-8));
  CHECK(whole.iterations == lowest_at + config.patience);
  CHECK(whole.best_validation_loss < whole.start_validation_loss);

  SECTION("a resumed run keeps the patience count") {
    RunOptions first = run_options(dir / "parts.json", log, 1);
    first.iterations = whole.iterations - 2;
    run_tune(config, first);
    const json checkpoint = read_checkpoint(default_checkpoint_path(dir / "parts.json"));
    const TuneOutcome resumed = run_tune(config, run_options(dir / "parts.json", log, 2), &checkpoint);
    CHECK(resumed.stopped_early);
    CHECK(resumed.iterations == whole.iterations);
    CHECK(resumed.best == whole.best);
    CHECK(read_text(dir / "parts.json") == read_text(dir / "whole.json"));
  }
}
