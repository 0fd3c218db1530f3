// The search algorithms over the tuned parameters (adam and SPSA have headers of their own). Each is a state machine: initialize() evaluates
// the starting point, step() does one iteration, and the whole state (with the driver's random engine)
// can be written to JSON and read back, so that a run stopped between two iterations resumes exactly.
//
// One iteration is
//   hc  one parameter tried: +step, then -step if that did not help (one or two evaluations);
//   sa  one random neighbour evaluated and accepted or not, then one cooling step;
//   ga  one generation: the elite kept, the rest of the population bred and evaluated.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "tuning/tuner/objective.h"
#include "tuning/tuner/rng.h"
#include "util/param_registry.h"

namespace jiang::tuner {

struct HillClimbingOptions {
  int step = 8;      // the first step, in the parameter's own units (centipawns for most)
  int min_step = 1;  // after a pass at this step improves nothing, the search ends
};

// Temperatures are in loss units: a worse neighbour, delta above the current loss, is accepted with
// probability exp(-delta / T). T starts at t_start and after every iteration becomes T * rate, until it
// falls below t_end: ceil(ln(t_end / t_start) / ln(rate)) iterations (2300 with the defaults). On
// self-play data one step of one weight typically changes the loss by 1e-6 to 1e-4: at the start
// temperature such a worse move is often accepted, at the end almost never.
struct AnnealingOptions {
  double t_start = 1e-5;
  double t_end = 1e-7;
  double rate = 0.998;
  int step = 8;   // each moved parameter moves by a uniform random amount in [-step, step], not 0
  int moves = 2;  // a neighbour moves between 1 and this many parameters (chosen uniformly)
};

struct GeneticOptions {
  int population = 24;
  int generations = 100;
  int tournament = 3;            // individuals drawn (with replacement) per selection; the best is a parent
  double crossover_rate = 0.7;   // probability that a child mixes two parents (else it copies one)
  bool one_point = false;        // crossover: false = uniform (each gene from either parent), true = one cut
  double mutation_rate = 0.0;    // per-gene probability; 0 = automatic: min(0.5, 2 / tuned parameters)
  int mutation_step = 8;         // gaussian: standard deviation; uniform: largest change
  bool gaussian = true;          // mutation: round(N(0, step^2)) or a uniform integer in [-step, step]
  int elitism = 2;               // the best this many pass unchanged into the next generation
};

// What an algorithm works on: the full values of one registry (the evaluation's weights or the search's
// parameters), of which only `tuned` (registry indices) move, each within its registry bounds.
struct SearchSpace {
  std::vector<int> start;   // full values
  std::vector<int> tuned;   // registry indices
  std::vector<int> min, max;  // per registry index
  const ParamRegistry* registry = nullptr;  // names and steps
  int clamp(int index, int value) const;
};
// Over the evaluation's weights unless another registry is given.
SearchSpace make_search_space(const std::vector<int>& start, const std::vector<int>& tuned,
                              const ParamRegistry* registry = nullptr);

class Algorithm {
 public:
  virtual ~Algorithm() = default;
  virtual std::unique_ptr<Algorithm> clone() const = 0;

  virtual bool initialized() const = 0;
  virtual void initialize(Objective& objective, Rng& rng) = 0;  // evaluates the starting point(s)
  virtual double start_loss() const = 0;  // the start weights' loss, once initialized
  virtual void step(Objective& objective, Rng& rng) = 0;
  virtual bool finished() const = 0;  // the algorithm's own end: step, temperature or generations

  virtual const std::vector<int>& current() const = 0;
  virtual double current_loss() const = 0;
  virtual const std::vector<int>& best() const = 0;
  virtual double best_loss() const = 0;

  // Whether the algorithm measures losses. SPSA plays its points against each other and measures none:
  // its losses read 0, and the log and the CSV leave them out.
  virtual bool measures_loss() const { return true; }
  // What the log's last line adds (SPSA: where each parameter went); empty for most.
  virtual std::string summary() const { return {}; }

  // The algorithm's own progress: its name for the CSV column, the value, and a phrase for the log.
  virtual std::string progress_name() const = 0;
  virtual double progress_value() const = 0;
  virtual std::string progress_text() const = 0;

  // The state, tuned values only (in `tuned` order); the search space comes from the caller again.
  virtual nlohmann::json state() const = 0;
  virtual void load_state(const nlohmann::json& state) = 0;  // throws std::invalid_argument
};

std::unique_ptr<Algorithm> make_hill_climbing(const SearchSpace& space, const HillClimbingOptions& options);
std::unique_ptr<Algorithm> make_annealing(const SearchSpace& space, const AnnealingOptions& options);
std::unique_ptr<Algorithm> make_genetic(const SearchSpace& space, const GeneticOptions& options);

}  // namespace jiang::tuner
