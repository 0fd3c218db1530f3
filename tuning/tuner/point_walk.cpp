#include "tuning/tuner/point_walk.h"

#include <nlohmann/json.hpp>

#include "tuning/tuner/algorithm_state.h"

namespace jiang::tuner {

void PointWalk::start_at(const std::vector<int>& start, double loss) {
  current_ = best_ = start;
  current_loss_ = best_loss_ = start_loss_ = loss;
}

void PointWalk::move_to(std::vector<int> point, double loss) {
  current_ = std::move(point);
  current_loss_ = loss;
}

void PointWalk::offer_best(const std::vector<int>& point, double loss) {
  if (loss >= best_loss_) return;
  best_ = point;
  best_loss_ = loss;
}

void PointWalk::add_points(const SearchSpace& space, nlohmann::json& state) const {
  state["current"] = tuned_json(space, current_);
  state["current_loss"] = current_loss_;
  state["best"] = tuned_json(space, best_);
  state["best_loss"] = best_loss_;
}

void PointWalk::load_points(const SearchSpace& space, const nlohmann::json& state, const std::string& what) {
  current_ = full_from_json(space, field(state, "current"), (what + " current point").c_str());
  best_ = full_from_json(space, field(state, "best"), (what + " best point").c_str());
  current_loss_ = get<double>(state, "current_loss");
  best_loss_ = get<double>(state, "best_loss");
}

}  // namespace jiang::tuner
