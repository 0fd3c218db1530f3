// L2 regularisation towards the start weights (issue 9): the training loss becomes
//
//   data loss + lambda * mean over the tuned parameters of ((w - w_start) / range_p)^2,
//
// range_p = the parameter's registry range (max - min). Dividing by the range makes lambda unitless and
// holds each parameter in proportion to the freedom the registry gives it: a 20 cp move costs a pawn
// value (range ~400) as much as a 2-unit move costs a small bonus of range 40, instead of the wide
// parameters being held hardest. The validation loss stays the data loss alone, and the driver reports
// the penalty beside the data loss so that losses stay comparable with and without it.
#pragma once

#include <memory>
#include <vector>

#include "tuning/tuner/objective.h"
#include "util/param_registry.h"

namespace jiang::tuner {

class L2Penalty {
 public:
  // `registry`: the tuned values' (its ranges); null: the evaluation's weights.
  L2Penalty(double lambda, std::vector<int> start, std::vector<int> tuned, const ParamRegistry* registry = nullptr);
  double lambda() const { return lambda_; }
  double penalty(const std::vector<int>& values) const;
  // d penalty / d w_p for each of `params` (registry indices; zero for an untuned one).
  std::vector<double> gradient(const std::vector<int>& values, const std::vector<int>& params) const;

 private:
  double lambda_;
  std::vector<int> start_, tuned_;
  std::vector<double> range_;  // [registry index]
};

// An objective with the penalty added to its training loss and gradient (the validation loss unchanged).
// Its evaluations are the inner objective's (the penalty costs none), counted as the inner calls return:
// give it the stop flag and the hook, and the inner objective the stop flag.
class RegularisedObjective : public Objective {
 public:
  RegularisedObjective(std::unique_ptr<Objective> inner, L2Penalty penalty)
      : inner_(std::move(inner)), penalty_(std::move(penalty)) {}
  double loss(const std::vector<int>& values) override;
  std::vector<double> gradient(const std::vector<int>& values, const std::vector<int>& params) override;
  std::optional<double> validation_loss(const std::vector<int>& values) override {
    return inner_->validation_loss(values);
  }

 private:
  void catch_up();  // counts (and reports to the hook) the inner evaluations not yet counted

  std::unique_ptr<Objective> inner_;
  L2Penalty penalty_;
  uint64_t counted_ = 0;  // of the inner objective's evaluations
};

}  // namespace jiang::tuner
