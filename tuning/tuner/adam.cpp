#include "tuning/tuner/adam.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "tuning/tuner/algorithm_state.h"

namespace jiang::tuner {
namespace {

using nlohmann::json;

class Adam final : public Algorithm {
 public:
  Adam(const SearchSpace& space, const AdamOptions& o) : space_(space), o_(o) {}
  std::unique_ptr<Algorithm> clone() const override { return std::make_unique<Adam>(*this); }

  bool initialized() const override { return initialized_; }
  void initialize(Objective& objective, Rng&) override {
    x_.clear();
    for (int index : space_.tuned) x_.push_back(space_.start[index]);
    m_.assign(x_.size(), 0.0);
    v_.assign(x_.size(), 0.0);
    t_ = 0;
    current_ = best_ = space_.start;
    current_loss_ = best_loss_ = start_loss_ = objective.loss(current_);
    initialized_ = true;
  }

  // One epoch: the gradient at the current (rounded) weights, the bias-corrected moment update of the
  // real-valued weights (clamped to the bounds, so that no moment pushes a weight far past one), then
  // the loss of the rounded weights.
  void step(Objective& objective, Rng&) override {
    if (finished()) return;
    const std::vector<double> g = objective.gradient(current_, space_.tuned);
    ++t_;
    const double correct1 = 1.0 - std::pow(kAdamBeta1, double(t_));
    const double correct2 = 1.0 - std::pow(kAdamBeta2, double(t_));
    for (size_t i = 0; i < x_.size(); ++i) {
      m_[i] = kAdamBeta1 * m_[i] + (1.0 - kAdamBeta1) * g[i];
      v_[i] = kAdamBeta2 * v_[i] + (1.0 - kAdamBeta2) * g[i] * g[i];
      const double m_hat = m_[i] / correct1, v_hat = v_[i] / correct2;
      const int index = space_.tuned[i];
      x_[i] = std::clamp(x_[i] - o_.rate * m_hat / (std::sqrt(v_hat) + kAdamEpsilon), double(space_.min[index]),
                         double(space_.max[index]));
      current_[index] = space_.clamp(index, int(std::lround(x_[i])));
    }
    current_loss_ = objective.loss(current_);
    if (current_loss_ < best_loss_) {
      best_ = current_;
      best_loss_ = current_loss_;
    }
  }
  // The end: the last epoch is done.
  bool finished() const override { return space_.tuned.empty() || t_ >= o_.epochs; }
  double start_loss() const override { return start_loss_; }

  const std::vector<int>& current() const override { return current_; }
  double current_loss() const override { return current_loss_; }
  const std::vector<int>& best() const override { return best_; }
  double best_loss() const override { return best_loss_; }

  std::string progress_name() const override { return "epoch"; }
  double progress_value() const override { return double(t_); }
  std::string progress_text() const override {
    return "epoch " + std::to_string(t_) + "/" + std::to_string(o_.epochs);
  }

  // The real-valued weights and moments as JSON doubles, which nlohmann writes with enough digits to read
  // back the same bits: a resumed run takes exactly the steps an uninterrupted one would.
  json state() const override {
    if (!initialized_) return {{"initialized", false}};
    return {{"initialized", initialized_}, {"step", t_},           {"x", x_},
            {"m", m_},                     {"v", v_},              {"current", tuned_json(space_, current_)},
            {"current_loss", current_loss_}, {"best", tuned_json(space_, best_)}, {"best_loss", best_loss_},
            {"done", finished()}};
  }
  void load_state(const json& s) override {
    initialized_ = get<bool>(s, "initialized");
    if (!initialized_) return;
    t_ = get<int>(s, "step");
    x_ = get<std::vector<double>>(s, "x");
    m_ = get<std::vector<double>>(s, "m");
    v_ = get<std::vector<double>>(s, "v");
    if (t_ < 0 || x_.size() != space_.tuned.size() || m_.size() != x_.size() || v_.size() != x_.size())
      throw std::invalid_argument("adam state: the step or the sizes of x, m and v do not fit the tuned parameters");
    current_ = full_from_json(space_, field(s, "current"), "adam current point");
    best_ = full_from_json(space_, field(s, "best"), "adam best point");
    current_loss_ = get<double>(s, "current_loss");
    best_loss_ = get<double>(s, "best_loss");
  }

 private:
  SearchSpace space_;
  AdamOptions o_;
  bool initialized_ = false;
  int t_ = 0;                    // updates done
  std::vector<double> x_, m_, v_;  // per tuned parameter: the real weights, the first and second moments
  std::vector<int> current_, best_;
  double current_loss_ = 0.0, best_loss_ = 0.0, start_loss_ = 0.0;
};

}  // namespace

std::unique_ptr<Algorithm> make_adam(const SearchSpace& space, const AdamOptions& options) {
  return std::make_unique<Adam>(space, options);
}

}  // namespace jiang::tuner
