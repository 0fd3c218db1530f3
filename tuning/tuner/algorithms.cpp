#include "tuning/tuner/algorithms.h"

#include "tuning/tuner/algorithm_state.h"
#include "tuning/tuner/point_walk.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "eval/params.h"
#include "util/json_number.h"

namespace jiang::tuner {

using nlohmann::json;

int SearchSpace::clamp(int index, int value) const { return std::clamp(value, min[index], max[index]); }

SearchSpace make_search_space(const std::vector<int>& start, const std::vector<int>& tuned,
                              const ParamRegistry* registry) {
  SearchSpace space;
  space.start = start;
  space.tuned = tuned;
  space.registry = registry ? registry : &Params::table();
  for (const ParamInfo& info : *space.registry) {
    space.min.push_back(info.min);
    space.max.push_back(info.max);
  }
  return space;
}

namespace {

std::string format_double(double x) {
  std::ostringstream out;
  out.precision(3);
  out << x;
  return out.str();
}

// --- Hill climbing ---------------------------------------------------------------------------------------

class HillClimbing final : public Algorithm {
 public:
  HillClimbing(const SearchSpace& space, const HillClimbingOptions& o) : space_(space), o_(o), step_(o.step) {}
  std::unique_ptr<Algorithm> clone() const override { return std::make_unique<HillClimbing>(*this); }

  bool initialized() const override { return initialized_; }
  void initialize(Objective& objective, Rng&) override {
    values_ = space_.start;
    loss_ = start_loss_ = objective.loss(values_);
    step_ = o_.step;
    initialized_ = true;
  }

  // Texel's local search: the next parameter of the pass moves by +step, or else by -step, if that
  // lowers the loss. After a pass that improved nothing the step halves; below the minimum step, the end.
  void step(Objective& objective, Rng&) override {
    if (finished()) return;
    const int index = space_.tuned[position_];
    for (int direction : {+1, -1}) {
      std::vector<int> candidate = values_;
      candidate[index] = space_.clamp(index, values_[index] + direction * step_);
      if (candidate[index] == values_[index]) continue;  // at its bound
      const double l = objective.loss(candidate);
      if (l < loss_) {
        values_ = std::move(candidate);
        loss_ = l;
        improved_ = true;
        break;
      }
    }
    if (++position_ == int(space_.tuned.size())) {
      position_ = 0;
      if (!improved_) step_ /= 2;
      improved_ = false;
    }
  }
  // The end: a pass at the minimum step improved nothing (the step has halved below it).
  bool finished() const override { return space_.tuned.empty() || step_ < o_.min_step; }
  double start_loss() const override { return start_loss_; }

  const std::vector<int>& current() const override { return values_; }
  double current_loss() const override { return loss_; }
  const std::vector<int>& best() const override { return values_; }
  double best_loss() const override { return loss_; }

  std::string progress_name() const override { return "step"; }
  double progress_value() const override { return step_; }
  std::string progress_text() const override {
    return "step " + std::to_string(step_) + ", parameter " + std::to_string(position_) + "/" +
           std::to_string(space_.tuned.size()) + " of the pass";
  }

  json state() const override {
    if (!initialized_) return {{"initialized", false}};
    return {{"initialized", initialized_}, {"values", tuned_json(space_, values_)}, {"loss", loss_},
            {"step", step_}, {"position", position_}, {"improved", improved_}, {"done", finished()}};
  }
  void load_state(const json& s) override {
    initialized_ = get<bool>(s, "initialized");
    if (!initialized_) return;
    values_ = full_from_json(space_, field(s, "values"), "hill climbing values");
    loss_ = get<double>(s, "loss");
    step_ = get<int>(s, "step");
    position_ = get<int>(s, "position");
    improved_ = get<bool>(s, "improved");
    if (position_ < 0 || position_ >= std::max<int>(1, int(space_.tuned.size())) || step_ < 0)
      throw std::invalid_argument("hill climbing state: bad step or position");
  }

 private:
  SearchSpace space_;
  HillClimbingOptions o_;
  bool initialized_ = false;
  std::vector<int> values_;
  double loss_ = 0.0, start_loss_ = 0.0;
  int step_;
  int position_ = 0;      // index into space_.tuned of the next parameter to try
  bool improved_ = false; // whether this pass has improved anything yet
};

// --- Simulated annealing ---------------------------------------------------------------------------------

class Annealing final : public PointWalk {
 public:
  Annealing(const SearchSpace& space, const AnnealingOptions& o) : space_(space), o_(o), temperature_(o.t_start) {}
  std::unique_ptr<Algorithm> clone() const override { return std::make_unique<Annealing>(*this); }

  bool initialized() const override { return initialized_; }
  void initialize(Objective& objective, Rng&) override {
    start_at(space_.start, objective.loss(space_.start));
    temperature_ = o_.t_start;
    initialized_ = true;
  }

  // A neighbour moves 1..moves random parameters by a random non-zero amount in [-step, step]; the
  // Metropolis rule accepts it if it is better, or with probability exp(-delta / T) if worse; then
  // T <- T * rate.
  void step(Objective& objective, Rng& rng) override {
    if (finished()) return;
    std::vector<int> candidate = current();
    const int n = int(space_.tuned.size());
    const int moves = int(uniform_int(rng, 1, o_.moves));
    for (int m = 0; m < moves; ++m) {
      const int index = space_.tuned[size_t(uniform_int(rng, 0, n - 1))];
      int delta = int(uniform_int(rng, 1, o_.step));
      if (uniform_int(rng, 0, 1) == 1) delta = -delta;
      candidate[index] = space_.clamp(index, candidate[index] + delta);
    }
    const double l = candidate == current() ? current_loss() : objective.loss(candidate);
    const bool accept = l <= current_loss() || uniform01(rng) < std::exp(-(l - current_loss()) / temperature_);
    offer_best(candidate, l);
    if (accept) move_to(std::move(candidate), l);
    temperature_ *= o_.rate;
  }
  // The end: cooled below the end temperature.
  bool finished() const override { return space_.tuned.empty() || temperature_ < o_.t_end; }

  std::string progress_name() const override { return "temperature"; }
  double progress_value() const override { return temperature_; }
  std::string progress_text() const override {
    return "T " + format_double(temperature_) + ", current " + format_double(current_loss());
  }

  json state() const override {
    if (!initialized_) return {{"initialized", false}};
    json s = {{"initialized", initialized_}, {"temperature", temperature_}, {"done", finished()}};
    add_points(space_, s);
    return s;
  }
  void load_state(const json& s) override {
    initialized_ = get<bool>(s, "initialized");
    if (!initialized_) return;
    load_points(space_, s, "annealing");
    temperature_ = get<double>(s, "temperature");
    if (!(temperature_ > 0)) throw std::invalid_argument("annealing state: the temperature must be positive");
  }

 private:
  SearchSpace space_;
  AnnealingOptions o_;
  bool initialized_ = false;
  double temperature_;
};

// --- Genetic algorithm -----------------------------------------------------------------------------------

class Genetic final : public Algorithm {
 public:
  Genetic(const SearchSpace& space, const GeneticOptions& o) : space_(space), o_(o) {
    mutation_rate_ = o.mutation_rate > 0 ? o.mutation_rate
                                         : std::min(0.5, 2.0 / std::max<double>(1.0, double(space.tuned.size())));
  }
  std::unique_ptr<Algorithm> clone() const override { return std::make_unique<Genetic>(*this); }

  bool initialized() const override { return initialized_; }
  // The first population: the start weights and mutated copies of them (each differs in at least one
  // parameter unless the bounds forbid it).
  void initialize(Objective& objective, Rng& rng) override {
    population_.assign(1, space_.start);
    start_loss_ = objective.loss(space_.start);
    losses_.assign(1, start_loss_);
    while (int(population_.size()) < o_.population) {
      std::vector<int> child = space_.start;
      mutate(child, rng);
      if (child == space_.start && !space_.tuned.empty()) {
        const int index = space_.tuned[size_t(uniform_int(rng, 0, int64_t(space_.tuned.size()) - 1))];
        const int delta = int(uniform_int(rng, 1, std::max(1, o_.mutation_step)));
        child[index] = space_.clamp(index, child[index] + (uniform_int(rng, 0, 1) ? delta : -delta));
      }
      const std::optional<double> l = known_loss(child, population_, losses_);
      losses_.push_back(l ? *l : objective.loss(child));
      population_.push_back(std::move(child));
    }
    generation_ = 0;
    update_best();
    initialized_ = true;
  }

  // One generation: the elite survive; every other place goes to a child of two tournament winners
  // (crossover with probability crossover_rate, else a copy of the first), mutated gene by gene.
  void step(Objective& objective, Rng& rng) override {
    if (finished()) return;
    const int size = int(population_.size());
    std::vector<int> order(size);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return losses_[a] < losses_[b]; });

    std::vector<std::vector<int>> next;
    std::vector<double> next_losses;
    for (int e = 0; e < std::min(o_.elitism, size); ++e) {
      next.push_back(population_[order[e]]);
      next_losses.push_back(losses_[order[e]]);
    }
    while (int(next.size()) < o_.population) {
      const int a = tournament(rng), b = tournament(rng);
      std::vector<int> child = population_[a];
      if (uniform01(rng) < o_.crossover_rate) crossover(child, population_[b], rng);
      mutate(child, rng);
      // A child identical to an individual already evaluated needs no evaluation: the loss is a function.
      std::optional<double> l = known_loss(child, population_, losses_);
      if (!l) l = known_loss(child, next, next_losses);
      next_losses.push_back(l ? *l : objective.loss(child));
      next.push_back(std::move(child));
    }
    population_ = std::move(next);
    losses_ = std::move(next_losses);
    ++generation_;
    update_best();
  }
  // The end: the last generation is done.
  bool finished() const override { return space_.tuned.empty() || generation_ >= o_.generations; }
  double start_loss() const override { return start_loss_; }

  const std::vector<int>& current() const override { return population_[current_index()]; }
  double current_loss() const override { return losses_[current_index()]; }
  const std::vector<int>& best() const override { return best_; }
  double best_loss() const override { return best_loss_; }

  std::string progress_name() const override { return "population_mean_loss"; }
  double progress_value() const override {
    return losses_.empty() ? 0.0 : std::accumulate(losses_.begin(), losses_.end(), 0.0) / double(losses_.size());
  }
  std::string progress_text() const override {
    return "generation " + std::to_string(generation_) + "/" + std::to_string(o_.generations) +
           ", population mean " + format_double(progress_value());
  }

  json state() const override {
    if (!initialized_) return {{"initialized", false}};
    json population = json::array();
    for (const auto& individual : population_) population.push_back(tuned_json(space_, individual));
    return {{"initialized", initialized_}, {"generation", generation_},       {"mutation_rate", mutation_rate_},
            {"population", population},    {"losses", losses_},               {"best", tuned_json(space_, best_)},
            {"best_loss", best_loss_},     {"done", finished()}};
  }
  void load_state(const json& s) override {
    initialized_ = get<bool>(s, "initialized");
    if (!initialized_) return;
    generation_ = get<int>(s, "generation");
    mutation_rate_ = get<double>(s, "mutation_rate");
    losses_ = get<std::vector<double>>(s, "losses");
    const json& population = field(s, "population");
    if (!population.is_array() || population.size() != losses_.size() || int(losses_.size()) != o_.population)
      throw std::invalid_argument("genetic state: the population does not match its losses or its size");
    population_.clear();
    for (const json& individual : population) population_.push_back(full_from_json(space_, individual, "individual"));
    best_ = full_from_json(space_, field(s, "best"), "genetic best");
    best_loss_ = get<double>(s, "best_loss");
  }

 private:
  static std::optional<double> known_loss(const std::vector<int>& x, const std::vector<std::vector<int>>& pop,
                                          const std::vector<double>& losses) {
    for (size_t i = 0; i < pop.size(); ++i)
      if (pop[i] == x) return losses[i];
    return std::nullopt;
  }
  int current_index() const {
    return int(std::min_element(losses_.begin(), losses_.end()) - losses_.begin());  // the first best
  }
  void update_best() {
    const int i = current_index();
    if (best_.empty() || losses_[i] < best_loss_) {
      best_ = population_[i];
      best_loss_ = losses_[i];
    }
  }
  int tournament(Rng& rng) const {
    int winner = -1;
    for (int t = 0; t < o_.tournament; ++t) {
      const int i = int(uniform_int(rng, 0, int64_t(population_.size()) - 1));
      if (winner < 0 || losses_[i] < losses_[winner] || (losses_[i] == losses_[winner] && i < winner)) winner = i;
    }
    return winner;
  }
  void crossover(std::vector<int>& child, const std::vector<int>& other, Rng& rng) const {
    const int n = int(space_.tuned.size());
    if (o_.one_point) {
      if (n < 2) return;
      const int cut = int(uniform_int(rng, 1, n - 1));  // genes from `cut` on come from the other parent
      for (int g = cut; g < n; ++g) child[space_.tuned[g]] = other[space_.tuned[g]];
    } else {
      for (int g = 0; g < n; ++g)
        if (uniform_int(rng, 0, 1) == 1) child[space_.tuned[g]] = other[space_.tuned[g]];
    }
  }
  void mutate(std::vector<int>& child, Rng& rng) const {
    for (int index : space_.tuned) {
      if (uniform01(rng) >= mutation_rate_) continue;
      const int delta = o_.gaussian ? int(std::lround(gaussian(rng) * o_.mutation_step))
                                    : int(uniform_int(rng, -o_.mutation_step, o_.mutation_step));
      child[index] = space_.clamp(index, child[index] + delta);
    }
  }

  SearchSpace space_;
  GeneticOptions o_;
  double mutation_rate_;
  bool initialized_ = false;
  int generation_ = 0;
  std::vector<std::vector<int>> population_;
  std::vector<double> losses_;
  std::vector<int> best_;
  double best_loss_ = 0.0, start_loss_ = 0.0;
};

}  // namespace

std::unique_ptr<Algorithm> make_hill_climbing(const SearchSpace& space, const HillClimbingOptions& options) {
  return std::make_unique<HillClimbing>(space, options);
}
std::unique_ptr<Algorithm> make_annealing(const SearchSpace& space, const AnnealingOptions& options) {
  return std::make_unique<Annealing>(space, options);
}
std::unique_ptr<Algorithm> make_genetic(const SearchSpace& space, const GeneticOptions& options) {
  return std::make_unique<Genetic>(space, options);
}

}  // namespace jiang::tuner
