#include "tuning/tuner/regularisation.h"

#include <algorithm>

#include "eval/params.h"

namespace jiang::tuner {

L2Penalty::L2Penalty(double lambda, std::vector<int> start, std::vector<int> tuned, const ParamRegistry* registry)
    : lambda_(lambda), start_(std::move(start)), tuned_(std::move(tuned)) {
  for (const ParamInfo& info : registry ? *registry : Params::table()) range_.push_back(std::max(1, info.max - info.min));
}

double L2Penalty::penalty(const std::vector<int>& values) const {
  if (lambda_ == 0.0 || tuned_.empty()) return 0.0;
  double sum = 0;
  for (int p : tuned_) {
    const double d = double(values[p] - start_[p]) / range_[p];
    sum += d * d;
  }
  return lambda_ * sum / double(tuned_.size());
}

std::vector<double> L2Penalty::gradient(const std::vector<int>& values, const std::vector<int>& params) const {
  std::vector<double> result;
  for (int p : params) {
    const bool tuned = std::find(tuned_.begin(), tuned_.end(), p) != tuned_.end();
    result.push_back(tuned ? 2.0 * lambda_ * double(values[p] - start_[p]) / (range_[p] * range_[p]) /
                                 double(tuned_.size())
                           : 0.0);
  }
  return result;
}

double RegularisedObjective::loss(const std::vector<int>& values) {
  const double l = inner_->loss(values) + penalty_.penalty(values);
  catch_up();
  return l;
}

void RegularisedObjective::catch_up() {
  for (; counted_ < inner_->evaluations(); ++counted_) count_evaluation();
}

std::vector<double> RegularisedObjective::gradient(const std::vector<int>& values, const std::vector<int>& params) {
  std::vector<double> g = inner_->gradient(values, params);
  const std::vector<double> pull = penalty_.gradient(values, params);
  for (size_t i = 0; i < g.size(); ++i) g[i] += pull[i];
  catch_up();
  return g;
}

}  // namespace jiang::tuner
