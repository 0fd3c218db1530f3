#include "tuning/tuner/adam.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "tuning/tuner/algorithm_state.h"
#include "tuning/tuner/point_walk.h"

namespace jiang::tuner {
namespace {

using nlohmann::json;

class Adam final : public PointWalk {
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
    rounded_ = space_.start;
    start_at(space_.start, objective.loss(space_.start));
    initialized_ = true;
  }

  // One epoch: the gradient at the current (rounded) weights, the bias-corrected moment update of the
  // real-valued weights (clamped to the bounds, so that no moment pushes a weight far past one), then
  // the loss of the rounded weights.
  void step(Objective& objective, Rng&) override {
    if (finished()) return;
    const std::vector<double> g = objective.gradient(current(), space_.tuned);
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
      rounded_[index] = space_.clamp(index, int(std::lround(x_[i])));
    }
    const double loss = objective.loss(rounded_);
    offer_best(rounded_, loss);
    move_to(rounded_, loss);
  }
  // The end: the last epoch is done.
  bool finished() const override { return space_.tuned.empty() || t_ >= o_.epochs; }

  std::string progress_name() const override { return "epoch"; }
  double progress_value() const override { return double(t_); }
  std::string progress_text() const override {
    return "epoch " + std::to_string(t_) + "/" + std::to_string(o_.epochs);
  }

  // The real-valued weights and moments as JSON doubles, which nlohmann writes with enough digits to read
  // back the same bits: a resumed run takes exactly the steps an uninterrupted one would.
  json state() const override {
    if (!initialized_) return {{"initialized", false}};
    json s = {{"initialized", initialized_}, {"step", t_}, {"x", x_}, {"m", m_}, {"v", v_}, {"done", finished()}};
    add_points(space_, s);
    return s;
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
    load_points(space_, s, "adam");
    rounded_ = current();
  }

 private:
  SearchSpace space_;
  AdamOptions o_;
  bool initialized_ = false;
  int t_ = 0;                    // updates done
  std::vector<double> x_, m_, v_;  // per tuned parameter: the real weights, the first and second moments
  std::vector<int> rounded_;       // the full weights with x_ rounded and clamped: the next current point
};

}  // namespace

std::unique_ptr<Algorithm> make_adam(const SearchSpace& space, const AdamOptions& options) {
  return std::make_unique<Adam>(space, options);
}

}  // namespace jiang::tuner
