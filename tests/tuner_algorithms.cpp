// Each algorithm on a problem with a known answer: positions labelled by the default weights' evaluation,
// tuning started from weights with a few parameters moved away. The tuner must lower the loss and move
// those parameters back toward their defaults. Also the algorithms' own rules (bounds, schedule, steps).
#include <catch2/catch.hpp>

#include <cmath>

#include "tests/tuner_support.h"
#include "tuning/tuner/tuner.h"

using namespace jiang;
using namespace jiang::tuner;
using namespace jiang::tuner_test;

namespace {

const std::vector<std::pair<std::string, int>> kPerturbation = {
    {"material.rook.mg", 120}, {"material.cannon.mg", -90}, {"mobility.horse.mg", -8}};

struct Problem {
  std::filesystem::path dir, data;
  Params start;
  Params target;
};

const Problem& problem() {
  static const Problem p = [] {
    Problem p;
    p.dir = temp_dir("algorithms");
    p.data = p.dir / "synthetic.txt";
    p.start = perturbed(kPerturbation);
    write_synthetic(p.data, sample_positions(1500, 21), p.start, p.target, 1.0);
    return p;
  }();
  return p;
}

TuneConfig base_config(const std::string& algorithm) {
  TuneConfig c;
  c.algorithm = algorithm;
  c.data = problem().data.string();
  c.start = problem().start;
  c.validation = 0.1;
  c.seed = 3;
  for (const auto& [name, delta] : kPerturbation) c.params.push_back(name);
  std::sort(c.params.begin(), c.params.end(),
            [](const std::string& a, const std::string& b) { return *Params::find(a) < *Params::find(b); });
  return c;
}

RunOptions run_options(const std::string& name, const CapturedLog& log) {
  RunOptions o;
  o.out = problem().dir / (name + ".json");
  o.threads = 2;
  o.force = true;
  o.logger = log.logger;
  return o;
}

// The tuned weights are closer to the answer than the start, parameter by parameter, and the loss fell.
void check_recovery(const TuneOutcome& outcome, double max_loss_share, int max_distance_share_pct) {
  INFO("start loss " << outcome.start_loss << ", best " << outcome.best_loss);
  CHECK(outcome.best_loss < max_loss_share * outcome.start_loss);
  REQUIRE(outcome.best_validation_loss.has_value());
  REQUIRE(outcome.start_validation_loss.has_value());
  CHECK(*outcome.best_validation_loss < *outcome.start_validation_loss);
  const Params& target = problem().target;
  for (const auto& [name, delta] : kPerturbation) {
    const int index = *Params::find(name);
    const int before = std::abs(delta);
    const int after = std::abs(outcome.best.get(index) - target.get(index));
    INFO(name << ": target " << target.get(index) << ", start " << target.get(index) + delta << ", tuned "
              << outcome.best.get(index));
    CHECK(after * 100 <= before * max_distance_share_pct);
  }
  // Nothing else moved.
  for (int i = 0; i < Params::size(); ++i)
    if (std::find_if(kPerturbation.begin(), kPerturbation.end(),
                     [&](const auto& p) { return p.first == Params::registry()[i].name; }) == kPerturbation.end())
      CHECK(outcome.best.get(i) == problem().start.get(i));
}

}  // namespace

TEST_CASE("Hill climbing finds the weights that labelled the data", "[tuner][algorithms]") {
  const CapturedLog log;
  TuneConfig c = base_config("hc");
  c.hc.step = 16;
  c.hc.min_step = 1;
  const TuneOutcome outcome = run_tune(c, run_options("hc", log));
  CHECK(outcome.finished);  // it ran until the step fell below the minimum
  check_recovery(outcome, 0.05, 25);
  // The output file holds the best weights.
  CHECK(Params::load(problem().dir / "hc.json") == outcome.best);
}

TEST_CASE("Simulated annealing moves toward the weights that labelled the data", "[tuner][algorithms]") {
  const CapturedLog log;
  TuneConfig c = base_config("sa");
  c.sa.t_start = 1e-5;
  c.sa.t_end = 1e-8;
  c.sa.rate = 0.98;
  c.sa.step = 12;
  c.sa.moves = 2;
  const TuneOutcome outcome = run_tune(c, run_options("sa", log));
  CHECK(outcome.finished);
  // The schedule: T from 1e-5 times 0.98 per iteration until below 1e-8.
  CHECK(outcome.iterations == int64_t(std::ceil(std::log(1e-8 / 1e-5) / std::log(0.98))));
  check_recovery(outcome, 0.2, 50);
}

TEST_CASE("The genetic algorithm moves toward the weights that labelled the data", "[tuner][algorithms]") {
  const CapturedLog log;
  TuneConfig c = base_config("ga");
  c.ga.population = 16;
  c.ga.generations = 25;
  c.ga.mutation_rate = 0.4;
  c.ga.mutation_step = 12;
  c.ga.elitism = 2;
  const TuneOutcome outcome = run_tune(c, run_options("ga", log));
  CHECK(outcome.finished);
  CHECK(outcome.iterations == 25);
  check_recovery(outcome, 0.2, 50);
}

TEST_CASE("The genetic algorithm with one-point crossover and uniform mutation also improves", "[tuner][algorithms]") {
  const CapturedLog log;
  TuneConfig c = base_config("ga");
  c.ga.population = 12;
  c.ga.generations = 15;
  c.ga.one_point = true;
  c.ga.gaussian = false;
  c.ga.mutation_step = 16;
  const TuneOutcome outcome = run_tune(c, run_options("ga-one-point", log));
  CHECK(outcome.best_loss < 0.5 * outcome.start_loss);
}

namespace {

// A loss with a known minimum, for the algorithms' own rules: sum of squared distances from `goal`.
class Bowl : public Objective {
 public:
  explicit Bowl(std::vector<int> goal) : goal_(std::move(goal)) {}
  double loss(const std::vector<int>& v) override {
    count_evaluation();
    double s = 0;
    for (size_t i = 0; i < v.size(); ++i) s += double(v[i] - goal_[i]) * double(v[i] - goal_[i]);
    return s;
  }
  std::optional<double> validation_loss(const std::vector<int>&) override { return std::nullopt; }

 private:
  std::vector<int> goal_;
};

}  // namespace

TEST_CASE("Hill climbing reaches the exact minimum of a bowl and halves its step", "[tuner][algorithms]") {
  const std::vector<int> tuned = {*Params::find("tempo"), *Params::find("material.horse.eg")};
  std::vector<int> goal = Params().values();
  goal[tuned[0]] = 37;    // default 10
  goal[tuned[1]] = 401;   // default 450
  Bowl bowl(goal);
  auto hc = make_hill_climbing(make_search_space(Params().values(), tuned), {8, 1});
  Rng rng(1);
  hc->initialize(bowl, rng);
  std::vector<double> steps;
  for (int i = 0; i < 10000 && !hc->finished(); ++i) {
    hc->step(bowl, rng);
    if (steps.empty() || steps.back() != hc->progress_value()) steps.push_back(hc->progress_value());
  }
  CHECK(hc->finished());
  CHECK(hc->best() == goal);
  CHECK(hc->best_loss() == 0);
  CHECK(steps == std::vector<double>{8, 4, 2, 1, 0});
}

TEST_CASE("Parameters stay within their registry bounds", "[tuner][algorithms]") {
  // The bowl's minimum lies beyond the bounds: every algorithm ends on the bound, never past it.
  const int index = *Params::find("relations.threat_to_move_pct");  // [0, 100]
  const ParamInfo& info = Params::registry()[index];
  std::vector<int> goal = Params().values();
  goal[index] = info.max + 50;
  const SearchSpace space = make_search_space(Params().values(), {index});
  for (int a = 0; a < 3; ++a) {
    Bowl bowl(goal);
    std::unique_ptr<Algorithm> algorithm =
        a == 0 ? make_hill_climbing(space, {16, 1})
               : a == 1 ? make_annealing(space, {1.0, 1e-3, 0.99, 30, 1})
                        : make_genetic(space, {8, 60, 3, 0.7, false, 0.5, 30, true, 1});
    Rng rng(2);
    algorithm->initialize(bowl, rng);
    for (int i = 0; i < 2000 && !algorithm->finished(); ++i) {
      algorithm->step(bowl, rng);
      REQUIRE(algorithm->current()[index] <= info.max);
      REQUIRE(algorithm->current()[index] >= info.min);
    }
    INFO("algorithm " << a);
    CHECK(algorithm->best()[index] == info.max);
    Params p;
    CHECK_NOTHROW(p.set_values(algorithm->best()));
  }
}

TEST_CASE("Annealing accepts worse points while hot and few when cold", "[tuner][algorithms]") {
  const int index = *Params::find("tempo");
  std::vector<int> goal = Params().values();
  const SearchSpace space = make_search_space(goal, {index});  // starts at the minimum: every move is worse
  auto count_moves = [&](double temperature) {
    Bowl bowl(goal);
    auto sa = make_annealing(space, {temperature, temperature * 0.5, 0.999999, 3, 1});
    Rng rng(3);
    sa->initialize(bowl, rng);
    int moved = 0;
    for (int i = 0; i < 400; ++i) {
      const std::vector<int> before = sa->current();
      sa->step(bowl, rng);
      moved += sa->current() != before;
    }
    return moved;
  };
  CHECK(count_moves(1e6) > 380);  // nearly every worse neighbour is taken
  CHECK(count_moves(1e-3) < 5);   // nearly none
}

TEST_CASE("The random draws are reproducible and serialisable", "[tuner][algorithms]") {
  Rng a(42);
  for (int i = 0; i < 10; ++i) uniform01(a);
  Rng b = rng_from_string(rng_to_string(a));
  for (int i = 0; i < 100; ++i) {
    CHECK(uniform_int(a, -5, 5) == uniform_int(b, -5, 5));
    CHECK(gaussian(a) == gaussian(b));
  }
  for (int i = 0; i < 1000; ++i) {
    const int64_t x = uniform_int(a, -3, 3);
    CHECK(x >= -3);
    CHECK(x <= 3);
    const double u = uniform01(a);
    CHECK(u >= 0.0);
    CHECK(u < 1.0);
  }
  CHECK_THROWS_AS(rng_from_string("not a state"), std::invalid_argument);
}
