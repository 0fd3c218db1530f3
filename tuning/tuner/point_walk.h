// The part of an algorithm that walks one point and keeps the best point it has seen (annealing, adam):
// the two points, their losses, their accessors and their share of the state, written once.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "tuning/tuner/algorithms.h"

namespace jiang::tuner {

class PointWalk : public Algorithm {
 public:
  double start_loss() const override { return start_loss_; }
  const std::vector<int>& current() const override { return current_; }
  double current_loss() const override { return current_loss_; }
  const std::vector<int>& best() const override { return best_; }
  double best_loss() const override { return best_loss_; }

 protected:
  void start_at(const std::vector<int>& start, double loss);
  void move_to(std::vector<int> point, double loss);
  void offer_best(const std::vector<int>& point, double loss);  // kept if it beats the best
  // The points and losses into an algorithm's state, and back (`what` names the algorithm in errors).
  void add_points(const SearchSpace& space, nlohmann::json& state) const;
  void load_points(const SearchSpace& space, const nlohmann::json& state, const std::string& what);

 private:
  std::vector<int> current_, best_;
  double current_loss_ = 0.0, best_loss_ = 0.0, start_loss_ = 0.0;
};

}  // namespace jiang::tuner
