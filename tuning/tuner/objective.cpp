#include "tuning/tuner/objective.h"

namespace jiang::tuner {

Tally Objective::duel(const std::vector<int>&, const std::vector<int>&, int64_t) {
  throw std::logic_error("this objective plays no games: SPSA needs the games objective");
}

}  // namespace jiang::tuner
