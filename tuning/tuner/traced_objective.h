// The positions objective over traces (trace_set.h): the same loss as PositionsObjective, to the last
// bit, from traces of about 200 bytes a position instead of 364-byte positions, and a step of a few
// parameters (what hill climbing and annealing take) costs only the positions those parameters touch:
// the objective remembers the weights it last evaluated and updates by the difference.
//
// Traces hold for one exchange order (trace_set.h). When the weights the algorithm works at leave it (a
// middlegame material value passes another), the losses there are computed in full, about 50 times
// slower, until the objective traces the positions again in the new order: at once for a gradient (adam
// asks for it only at its current point), and for losses once kRetraceStreak in a row fall in the same new
// order (a hill-climbing step that crosses and is kept, not one tried and rejected).
#pragma once

#include <memory>

#include "tuning/tuner/trace_set.h"

namespace spdlog {
class logger;
}  // namespace spdlog

namespace jiang::tuner {

// Losses in a row in one new exchange order before the positions are traced again in it. Re-tracing
// costs a few full evaluations (3 s for 606,000 positions, where hill climbing evaluating in full made
// 1.6 iterations a second); a rejected crossing step is one or two losses, while a kept one is followed
// by a sweep of losses around it.
inline constexpr int kRetraceStreak = 3;

struct TracedData {
  std::unique_ptr<TraceSet> train, validation;  // validation: null when none is held out
};

// Traces the positions at `start` (the weights the run starts from). Throws Interrupted.
TracedData trace_texel_data(const TexelData& data, const Params& start, int threads,
                            const std::atomic<bool>* stop = nullptr);

// Over this rank's shard of the positions in a run of several: losses and gradients are over every shard.
class TracedPositionsObjective : public Objective {
 public:
  // `logger`, if any, hears of every re-tracing.
  TracedPositionsObjective(TracedData& data, double k, int threads, Cluster& cluster = single_process(),
                           spdlog::logger* logger = nullptr);
  double loss(const std::vector<int>& values) override;
  std::optional<double> validation_loss(const std::vector<int>& values) override;
  // Analytic for the linear parameters, a central difference for the non-linear ones (gradient.h).
  std::vector<double> gradient(const std::vector<int>& values, const std::vector<int>& params) override;
  int retraces() const { return retraces_; }  // how often the positions were traced again

 private:
  // Traces the positions again at `w` if they are in another order than the traces' and either `now` or
  // the streak of losses in that order is long enough.
  void follow_order(const TraceWeights& w, bool now);

  TracedData& data_;
  double k_;
  int threads_;
  Cluster& cluster_;
  spdlog::logger* logger_;
  TracedLoss train_;
  std::optional<TracedLoss> validation_;
  std::optional<ExchangeOrder> streak_order_;  // the order of the last losses outside the traced one
  int streak_ = 0;
  int retraces_ = 0;
};

}  // namespace jiang::tuner
