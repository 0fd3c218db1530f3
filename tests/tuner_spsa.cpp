// SPSA (tuning/tuner/spsa.h): on a synthetic objective with a known optimum (a noisy quadratic Elo
// surface over three of the search's parameters, decided by simulated games) it converges near the
// optimum; its first step follows fishtest's schedules; its points stay within the bounds; a run resumed
// from its state equals an uninterrupted one, directly and through `run_tune` on real games; and the
// settings it cannot run with are refused.
#include <catch2/catch.hpp>

#include <cmath>

#include "tests/tuner_support.h"
#include "tuning/tuner/games.h"
#include "tuning/tuner/spsa.h"
#include "tuning/tuner/tuner.h"

using namespace jiang;
using namespace jiang::tuner;
using namespace jiang::tuner_test;
using nlohmann::json;

namespace {

// A player's Elo is -kSharpness * sum over the tuned parameters of ((x - optimum) / range)^2; a duel of
// `pairs` pairs plays each game as a coin weighted by the logistic Elo model (no draws), the coins drawn
// from the round alone, so that a resumed run sees the games an uninterrupted one saw.
class NoisyQuadratic : public Objective {
 public:
  static constexpr double kSharpness = 4000;

  NoisyQuadratic(std::vector<int> tuned, std::vector<int> optimum, int pairs)
      : tuned_(std::move(tuned)), optimum_(std::move(optimum)), pairs_(pairs) {}
  double loss(const std::vector<int>&) override { return 0.0; }
  std::optional<double> validation_loss(const std::vector<int>&) override { return std::nullopt; }
  Tally duel(const std::vector<int>& a, const std::vector<int>& b, int64_t round) override {
    played_.push_back({a, b});
    Rng coins(0x5eed + uint64_t(round) * 7919);
    const double p = 1.0 / (1.0 + std::pow(10.0, (elo(b) - elo(a)) / 400.0));
    Tally t;
    for (int g = 0; g < 2 * pairs_; ++g) (uniform01(coins) < p ? t.wins : t.losses)++;
    count_evaluation();
    return t;
  }
  double elo(const std::vector<int>& x) const {
    double sum = 0;
    for (size_t i = 0; i < tuned_.size(); ++i) {
      const ParamInfo& info = SearchParams::registry()[tuned_[i]];
      const double d = double(x[tuned_[i]] - optimum_[i]) / double(info.max - info.min);
      sum += d * d;
    }
    return -kSharpness * sum;
  }
  const std::vector<std::pair<std::vector<int>, std::vector<int>>>& played() const { return played_; }

 private:
  std::vector<int> tuned_, optimum_;
  int pairs_;
  std::vector<std::pair<std::vector<int>, std::vector<int>>> played_;
};

const std::vector<std::string> kTuned = {"search.capture_futility_base", "search.futility_base",
                                         "search.aspiration_window"};
const std::vector<int> kOptimum = {196, 160, 36};  // defaults 100, 80 and 20: 8, 8 and 4 steps away

std::vector<int> tuned_indices() {
  std::vector<int> indices;
  for (const std::string& name : kTuned) indices.push_back(*SearchParams::find(name));
  return indices;
}

SearchSpace search_space() {
  return make_search_space(SearchParams().values(), tuned_indices(), &SearchParams::table());
}

std::vector<double> theta(const Algorithm& spsa) { return spsa.state().at("theta").get<std::vector<double>>(); }

// SPSA over the three parameters for `pairs` pairs, initialized, with its random engine.
struct SpsaRun {
  std::unique_ptr<Algorithm> spsa;
  Rng rng;

  SpsaRun(Objective& objective, int64_t pairs, uint64_t seed) : rng(seed) {
    SpsaOptions o;
    o.pairs = pairs;
    spsa = make_spsa(search_space(), o);
    spsa->initialize(objective, rng);
  }
  void to_end(Objective& objective) {
    while (!spsa->finished()) spsa->step(objective, rng);
  }
};

}  // namespace

TEST_CASE("SPSA converges near the optimum of a noisy quadratic", "[tuner][spsa]") {
  NoisyQuadratic objective(tuned_indices(), kOptimum, 1);
  SpsaRun run(objective, 20000, 11);
  CHECK(objective.evaluations() == 0);  // nothing to evaluate at the start
  run.to_end(objective);
  CHECK(objective.evaluations() == 20000);
  const std::vector<int>& best = run.spsa->best();
  const std::vector<int> tuned = tuned_indices();
  for (size_t i = 0; i < tuned.size(); ++i) {
    const ParamInfo& info = SearchParams::registry()[tuned[i]];
    INFO(info.name << ": start " << info.default_value << ", optimum " << kOptimum[i] << ", tuned " << best[tuned[i]]);
    // From 4 and 8 steps away to within one step.
    CHECK(std::abs(best[tuned[i]] - kOptimum[i]) <= info.step);
  }
  // Nothing else moved.
  for (int i = 0; i < SearchParams::size(); ++i)
    if (std::find(tuned.begin(), tuned.end(), i) == tuned.end()) CHECK(best[i] == SearchParams().get(i));
  CHECK(run.spsa->summary().find("search.capture_futility_base 100 -> ") != std::string::npos);
}

TEST_CASE("SPSA's first step follows fishtest's schedules, within the bounds", "[tuner][spsa]") {
  SpsaOptions o;
  o.pairs = 100;
  // Always one win for the + side: theta moves by exactly a_1 / c_1 * flip.
  struct OneWin : Objective {
    std::vector<std::pair<std::vector<int>, std::vector<int>>> played;
    double loss(const std::vector<int>&) override { return 0; }
    std::optional<double> validation_loss(const std::vector<int>&) override { return std::nullopt; }
    Tally duel(const std::vector<int>& a, const std::vector<int>& b, int64_t) override {
      played.push_back({a, b});
      return {1, 1, 0};
    }
  } objective;
  SearchParams start;
  const int capture = *SearchParams::find("search.capture_futility_base");
  const int window = *SearchParams::find("search.aspiration_window");
  start.set(window, 5);  // at its minimum: the - side is clamped there
  auto spsa = make_spsa(make_search_space(start.values(), {capture, window}, &SearchParams::table()), o);
  Rng rng(3);
  spsa->initialize(objective, rng);
  spsa->step(objective, rng);
  REQUIRE(objective.played.size() == 1);
  const auto& [plus, minus] = objective.played[0];
  const double n = 100, a_big = 10, k = 1;
  for (int index : {capture, window}) {
    const ParamInfo& info = SearchParams::registry()[index];
    INFO(info.name);
    const double c = info.step * std::pow(n / k, 0.101);
    const double a = 0.002 * info.step * info.step * std::pow(a_big + n, 0.602);
    const double gain = a / std::pow(a_big + k, 0.602) / c;
    CHECK(plus[index] >= info.min);
    CHECK(minus[index] >= info.min);
    const int flip = plus[index] > minus[index] ? 1 : -1;
    // Each side within a unit of theta +- c (stochastic rounding), clamped to the bounds.
    const double up = std::clamp(start.get(index) + c * flip, double(info.min), double(info.max));
    const double down = std::clamp(start.get(index) - c * flip, double(info.min), double(info.max));
    CHECK(std::abs(plus[index] - up) < 1.0);
    CHECK(std::abs(minus[index] - down) < 1.0);
    const size_t at = index == capture ? 0 : 1;
    CHECK(theta(*spsa)[at] ==
          Approx(std::clamp(start.get(index) + gain * flip, double(info.min), double(info.max))).epsilon(1e-12));
  }
  CHECK(spsa->progress_value() == 1);  // one pair played
}

TEST_CASE("SPSA resumed from its state and random engine equals an uninterrupted run", "[tuner][spsa]") {
  NoisyQuadratic whole_objective(tuned_indices(), kOptimum, 2);
  SpsaRun whole(whole_objective, 300, 5);
  whole.to_end(whole_objective);

  NoisyQuadratic first_objective(tuned_indices(), kOptimum, 2);
  SpsaRun first(first_objective, 300, 5);
  for (int i = 0; i < 40; ++i) first.spsa->step(first_objective, first.rng);
  const json saved = json::parse(first.spsa->state().dump());  // through text, as a checkpoint goes
  const std::string saved_rng = rng_to_string(first.rng);

  NoisyQuadratic rest_objective(tuned_indices(), kOptimum, 2);
  SpsaRun rest(rest_objective, 300, 99);  // its own start, replaced by the saved state
  rest.spsa->load_state(saved);
  rest.rng = rng_from_string(saved_rng);
  rest.to_end(rest_objective);
  CHECK(theta(*rest.spsa) == theta(*whole.spsa));  // bit for bit
  CHECK(rest.spsa->best() == whole.spsa->best());
  CHECK(rest.spsa->progress_value() == 300);

  SpsaOptions o;
  o.pairs = 300;
  auto broken = make_spsa(search_space(), o);
  json bad = saved;
  bad["theta"] = {1.0, 2.0};
  CHECK_THROWS_AS(broken->load_state(bad), std::invalid_argument);
  bad = saved;
  bad["theta"][0] = 5000.0;
  CHECK_THROWS_AS(broken->load_state(bad), std::invalid_argument);
}

TEST_CASE("SPSA on the search's margins by real games: stopped and resumed equals uninterrupted",
          "[tuner][spsa][games]") {
  const std::filesystem::path dir = temp_dir("spsa");
  const CapturedLog log;
  TuneConfig c;
  c.algorithm = "spsa";
  c.objective = "games";
  c.games = 2;
  c.nodes = 150;
  c.params = {"search.capture_futility_base", "search.futility_base"};
  c.spsa.pairs = 4;
  const auto options = [&](const std::string& name) {
    RunOptions o;
    o.out = dir / (name + ".json");
    o.threads = 2;
    o.force = true;
    o.logger = log.logger;
    return o;
  };
  const TuneOutcome whole = run_tune(c, options("whole"));
  CHECK(whole.finished);
  CHECK(whole.iterations == 4);
  CHECK(whole.evaluations == 4);
  CHECK(whole.best == Params());  // the weights are not what is tuned
  CHECK(SearchParams::load(dir / "whole.json") == whole.best_search);
  CHECK(log.text().find("spsa over 2 parameters") != std::string::npos);
  CHECK(log.text().find("theta after 4 pairs:") != std::string::npos);
  // The CSV leaves the losses SPSA does not measure empty.
  std::ifstream csv(dir / "whole.csv");
  std::string header, row;
  std::getline(csv, header);
  std::getline(csv, row);
  CHECK(header == "iteration,elapsed_s,evaluations,current_loss,best_loss,validation_loss,pairs,l2_penalty");
  CHECK(row.find(",,,") != std::string::npos);

  RunOptions part = options("part");
  part.iterations = 2;
  const TuneOutcome first = run_tune(c, part);
  CHECK(first.iterations == 2);
  const json checkpoint = read_checkpoint(first.checkpoint);
  CHECK(checkpoint.at("config").at("spsa").at("pairs") == 4);
  RunOptions rest = options("part");
  const TuneOutcome resumed = run_tune(c, rest, &checkpoint);
  CHECK(resumed.finished);
  CHECK(resumed.best_search == whole.best_search);
  CHECK(read_checkpoint(resumed.checkpoint).at("state").at("theta") ==
        read_checkpoint(whole.checkpoint).at("state").at("theta"));
}

TEST_CASE("Settings SPSA and the search's parameters cannot run with are refused", "[tuner][spsa][errors]") {
  const std::filesystem::path dir = temp_dir("spsa-errors");
  const CapturedLog log;
  RunOptions o;
  o.out = dir / "out.json";
  o.force = true;
  o.logger = log.logger;
  TuneConfig c;
  c.algorithm = "spsa";
  c.objective = "games";
  c.params = {"search.capture_futility_base"};
  auto refused = [&](const TuneConfig& bad, const std::string& message) {
    INFO(message);
    CHECK_THROWS_WITH(run_tune(bad, o), Catch::Contains(message));
  };
  TuneConfig bad = c;
  bad.objective = "positions", bad.data = "x.txt";
  refused(bad, "spsa plays games: it needs --objective games");
  bad = c, bad.algorithm = "hc", bad.objective = "positions", bad.data = "x.txt";
  refused(bad, "the search's parameters are tuned by games");
  bad = c, bad.params = {"tempo", "search.capture_futility_base"};
  refused(bad, "not both");
  bad = c, bad.algorithm = "adam";
  refused(bad, "adam follows a loss's gradient");
  bad = c, bad.l2 = 1;
  refused(bad, "spsa measures no loss");
  bad = c, bad.spsa.pairs = 0;
  refused(bad, "spsa needs pairs >= 1");
  bad = c, bad.spsa.alpha = 0;
  refused(bad, "alpha > 0");
  bad = c, bad.spsa.r_end = -1;
  refused(bad, "r_end > 0");
  bad = c, bad.params = {"search.capture_futility_base", "time.moves_to_go"};
  refused(bad, "the time manager's parameters (time.*) act only at a time control");
  bad = c, bad.params = {"search.dragon"};
  refused(bad, "no parameter named 'search.dragon'");
  CHECK_FALSE(std::filesystem::exists(o.out));
}
