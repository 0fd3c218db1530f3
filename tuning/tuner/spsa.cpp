#include "tuning/tuner/spsa.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "tuning/tuner/algorithm_state.h"

namespace jiang::tuner {
namespace {

using nlohmann::json;

class Spsa final : public Algorithm {
 public:
  Spsa(const SearchSpace& space, const SpsaOptions& o) : space_(space), o_(o) {}
  std::unique_ptr<Algorithm> clone() const override { return std::make_unique<Spsa>(*this); }

  bool initialized() const override { return initialized_; }
  // Nothing to evaluate: SPSA's first games are its first iteration's.
  void initialize(Objective&, Rng&) override {
    theta_.clear();
    for (int index : space_.tuned) theta_.push_back(space_.start[index]);
    pairs_ = 0;
    rounds_ = 0;
    last_ = {};
    round_theta();
    initialized_ = true;
  }

  void step(Objective& objective, Rng& rng) override {
    if (finished()) return;
    const double n = double(o_.pairs), a_big = o_.a_ratio * n;
    const double k = double(pairs_ + 1);  // fishtest's iter_local: counted from 1
    const size_t count = theta_.size();
    std::vector<double> c(count), gain(count);
    std::vector<int> flip(count);
    std::vector<double> plus(count), minus(count);
    for (size_t i = 0; i < count; ++i) {
      const double c_end = default_step((*space_.registry)[space_.tuned[i]]);
      c[i] = c_end * std::pow(n, o_.gamma) / std::pow(k, o_.gamma);
      const double a = o_.r_end * c_end * c_end * std::pow(a_big + n, o_.alpha);
      gain[i] = a / std::pow(a_big + k, o_.alpha) / c[i];  // a_k / c_k: theta's move per game won
      flip[i] = uniform01(rng) < 0.5 ? -1 : 1;
      plus[i] = bounded(i, theta_[i] + c[i] * flip[i]);
      minus[i] = bounded(i, theta_[i] - c[i] * flip[i]);
    }
    const Tally t = objective.duel(stochastic_round(plus, rng), stochastic_round(minus, rng), rounds_);
    const double result = double(t.wins - t.losses);
    for (size_t i = 0; i < count; ++i) theta_[i] = bounded(i, theta_[i] + gain[i] * result * flip[i]);
    pairs_ += t.games() / 2;
    ++rounds_;
    last_ = t;
    last_c_ = count ? c[0] / default_step((*space_.registry)[space_.tuned[0]]) : 0.0;
    round_theta();
  }
  // The end: the run's game pairs are played.
  bool finished() const override { return space_.tuned.empty() || pairs_ >= o_.pairs; }
  bool measures_loss() const override { return false; }

  double start_loss() const override { return 0.0; }
  const std::vector<int>& current() const override { return rounded_; }
  double current_loss() const override { return 0.0; }
  const std::vector<int>& best() const override { return rounded_; }
  double best_loss() const override { return 0.0; }

  std::string progress_name() const override { return "pairs"; }
  double progress_value() const override { return double(pairs_); }
  std::string progress_text() const override {
    char text[160];
    std::snprintf(text, sizeof text, "pairs %lld/%lld, perturbation %.2f steps, last duel +%lld =%lld -%lld",
                  static_cast<long long>(pairs_), static_cast<long long>(o_.pairs), last_c_,
                  static_cast<long long>(last_.wins), static_cast<long long>(last_.draws),
                  static_cast<long long>(last_.losses));
    return text;
  }
  // Every tuned parameter: start -> theta (to one decimal).
  std::string summary() const override {
    std::string text = "theta after " + std::to_string(pairs_) + " pairs:";
    for (size_t i = 0; i < theta_.size(); ++i) {
      const int index = space_.tuned[i];
      char item[128];
      std::snprintf(item, sizeof item, "\n  %s %d -> %.1f", (*space_.registry)[index].name.c_str(),
                    space_.start[index], theta_[i]);
      text += item;
    }
    return text;
  }

  // Theta as JSON doubles, which nlohmann writes with enough digits to read back the same bits: a resumed
  // run takes exactly the steps an uninterrupted one would.
  json state() const override {
    if (!initialized_) return {{"initialized", false}};
    return {{"initialized", initialized_}, {"theta", theta_}, {"pairs", pairs_}, {"rounds", rounds_},
            {"last", {last_.wins, last_.draws, last_.losses}}, {"last_c", last_c_}, {"done", finished()}};
  }
  void load_state(const json& s) override {
    initialized_ = get<bool>(s, "initialized");
    if (!initialized_) return;
    theta_ = get<std::vector<double>>(s, "theta");
    pairs_ = get<int64_t>(s, "pairs");
    rounds_ = get<int64_t>(s, "rounds");
    const auto last = get<std::vector<int64_t>>(s, "last");
    last_c_ = get<double>(s, "last_c");
    if (theta_.size() != space_.tuned.size() || pairs_ < 0 || rounds_ < 0 || last.size() != 3)
      throw std::invalid_argument("spsa state: theta does not fit the tuned parameters, or bad counts");
    for (size_t i = 0; i < theta_.size(); ++i)
      if (!(theta_[i] >= space_.min[space_.tuned[i]] && theta_[i] <= space_.max[space_.tuned[i]]))
        throw std::invalid_argument("spsa state: theta is out of bounds");
    last_ = {last[0], last[1], last[2]};
    round_theta();
  }

 private:
  double bounded(size_t i, double x) const {
    const int index = space_.tuned[i];
    return std::clamp(x, double(space_.min[index]), double(space_.max[index]));
  }
  // Whole units for the games: floor(x + u), u uniform in [0, 1), so that a point between two integers
  // plays as either with the odds of its distance to them (fishtest's worker does the same).
  std::vector<int> stochastic_round(const std::vector<double>& x, Rng& rng) const {
    std::vector<int> full = space_.start;
    for (size_t i = 0; i < x.size(); ++i)
      full[space_.tuned[i]] = space_.clamp(space_.tuned[i], int(std::floor(x[i] + uniform01(rng))));
    return full;
  }
  void round_theta() {
    rounded_ = space_.start;
    for (size_t i = 0; i < theta_.size(); ++i)
      rounded_[space_.tuned[i]] = space_.clamp(space_.tuned[i], int(std::lround(theta_[i])));
  }

  SearchSpace space_;
  SpsaOptions o_;
  bool initialized_ = false;
  std::vector<double> theta_;  // per tuned parameter
  int64_t pairs_ = 0;          // game pairs played
  int64_t rounds_ = 0;         // iterations done: the next duel's round (its openings)
  Tally last_;                 // the last duel, + side first
  double last_c_ = 0.0;        // its perturbation, in steps (the same share for every parameter)
  std::vector<int> rounded_;   // theta rounded to the nearest whole units: current() and best()
};

}  // namespace

std::unique_ptr<Algorithm> make_spsa(const SearchSpace& space, const SpsaOptions& options) {
  return std::make_unique<Spsa>(space, options);
}

}  // namespace jiang::tuner
