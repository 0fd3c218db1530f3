// What the algorithms minimise. An objective maps a full vector of registry values (the tuned registry's
// order: the evaluation's weights, or the search's parameters) to a loss; lower is better. Both
// objectives are deterministic: the same values give the same loss, whatever the number of threads, so
// a run is reproducible from its seed. The games objective also plays two points against each other
// (duel, for SPSA).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <vector>

namespace jiang::tuner {

// Thrown by an objective whose stop flag was raised during an evaluation. The evaluation is lost; the
// caller goes back to the state before it.
class Interrupted : public std::runtime_error {
 public:
  Interrupted() : std::runtime_error("interrupted") {}
};

// A match's outcome for its first side.
struct Tally {
  int64_t wins = 0, draws = 0, losses = 0;
  int64_t games() const { return wins + draws + losses; }
};

class Objective {
 public:
  virtual ~Objective() = default;

  // The loss the algorithms minimise (on the training positions, or over games).
  virtual double loss(const std::vector<int>& values) = 0;
  // The gradient of loss() at `values` with respect to `params` (registry indices), for adam. By default
  // a central finite difference of loss() (gradient.h): two evaluations a parameter.
  virtual std::vector<double> gradient(const std::vector<int>& values, const std::vector<int>& params);
  // The loss on held-out data, if the objective has any.
  virtual std::optional<double> validation_loss(const std::vector<int>& values) = 0;
  // `a` against `b` in the objective's games (the games objective): a's wins, draws and losses. Round r
  // plays from the openings after those of round r - 1, so that successive rounds see new positions.
  // Counts as one evaluation. An objective without games throws std::logic_error.
  virtual Tally duel(const std::vector<int>& a, const std::vector<int>& b, int64_t round);

  // Checked during evaluations; when it is set, the evaluation throws Interrupted.
  void set_stop_flag(const std::atomic<bool>* stop) { stop_ = stop; }
  const std::atomic<bool>* stop_flag() const { return stop_; }
  bool stop_requested() const { return stop_ && stop_->load(std::memory_order_relaxed); }
  uint64_t evaluations() const { return evaluations_; }
  void set_evaluations(uint64_t n) { evaluations_ = n; }
  // Called after every completed evaluation of loss() with the running count (tests use it to stop a
  // run in the middle of an iteration).
  void set_evaluation_hook(std::function<void(uint64_t)> hook) { hook_ = std::move(hook); }

 protected:
  void count_evaluation() {
    ++evaluations_;
    if (hook_) hook_(evaluations_);
  }

 private:
  const std::atomic<bool>* stop_ = nullptr;
  uint64_t evaluations_ = 0;
  std::function<void(uint64_t)> hook_;
};

}  // namespace jiang::tuner
