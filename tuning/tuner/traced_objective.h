// The positions objective over traces (trace_set.h): the same loss as PositionsObjective, to the last
// bit, from traces of about 200 bytes a position instead of 364-byte positions, and a step of a few
// parameters (what hill climbing and annealing take) costs only the positions those parameters touch:
// the objective remembers the weights it last evaluated and updates by the difference.
#pragma once

#include <memory>

#include "tuning/tuner/trace_set.h"

namespace jiang::tuner {

struct TracedData {
  std::unique_ptr<TraceSet> train, validation;  // validation: null when none is held out
};

// Traces the positions at `start` (the weights the run starts from). Throws Interrupted.
TracedData trace_texel_data(const TexelData& data, const Params& start, int threads,
                            const std::atomic<bool>* stop = nullptr);

// Over this rank's shard of the positions in a run of several: losses and gradients are over every shard.
class TracedPositionsObjective : public Objective {
 public:
  TracedPositionsObjective(const TracedData& data, double k, int threads, Cluster& cluster = single_process());
  double loss(const std::vector<int>& values) override;
  std::optional<double> validation_loss(const std::vector<int>& values) override;
  // Analytic for the linear parameters, a central difference for the non-linear ones (gradient.h).
  std::vector<double> gradient(const std::vector<int>& values, const std::vector<int>& params) override;

 private:
  const TraceSet& train_set_;
  double k_;
  int threads_;
  Cluster& cluster_;
  TracedLoss train_;
  std::optional<TracedLoss> validation_;
};

}  // namespace jiang::tuner
