#include "tuning/tuner/traced_objective.h"

namespace jiang::tuner {

TracedData trace_texel_data(const TexelData& data, const Params& start, int threads, const std::atomic<bool>* stop) {
  const Tracer tracer(start);
  TracedData traced;
  traced.train = std::make_unique<TraceSet>(data.train, tracer, threads, stop);
  if (data.validation.size() > 0) traced.validation = std::make_unique<TraceSet>(data.validation, tracer, threads, stop);
  return traced;
}

TracedPositionsObjective::TracedPositionsObjective(const TracedData& data, double k, int threads)
    : train_(*data.train, k, threads) {
  if (data.validation) validation_.emplace(*data.validation, k, threads);
}

double TracedPositionsObjective::loss(const std::vector<int>& values) {
  const double l = train_.loss(values, stop_flag());
  count_evaluation();
  return l;
}

std::optional<double> TracedPositionsObjective::validation_loss(const std::vector<int>& values) {
  if (!validation_) return std::nullopt;
  return validation_->loss(values, stop_flag());
}

}  // namespace jiang::tuner
