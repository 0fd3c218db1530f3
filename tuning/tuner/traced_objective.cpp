#include "tuning/tuner/traced_objective.h"

#include "tuning/tuner/gradient.h"

namespace jiang::tuner {

TracedData trace_texel_data(const TexelData& data, const Params& start, int threads, const std::atomic<bool>* stop) {
  const Tracer tracer(start);
  TracedData traced;
  traced.train = std::make_unique<TraceSet>(data.train, tracer, threads, stop);
  if (data.validation.total_size() > 0)  // every rank, with positions of it or not: its loss is collective
    traced.validation = std::make_unique<TraceSet>(data.validation, tracer, threads, stop);
  return traced;
}

TracedPositionsObjective::TracedPositionsObjective(const TracedData& data, double k, int threads, Cluster& cluster)
    : train_set_(*data.train), k_(k), threads_(threads), cluster_(cluster), train_(*data.train, k, threads, cluster) {
  if (data.validation) validation_.emplace(*data.validation, k, threads, cluster);
}

double TracedPositionsObjective::loss(const std::vector<int>& values) {
  const double l = train_.loss(values, stop_flag());
  count_evaluation();
  return l;
}

std::vector<double> TracedPositionsObjective::gradient(const std::vector<int>& values, const std::vector<int>& params) {
  const std::vector<double> linear = traced_linear_gradient(train_set_, values, k_, threads_, stop_flag(), cluster_);
  count_evaluation();  // the analytic pass costs about one full loss
  std::vector<int> nonlinear;
  for (int p : params)
    if (Tracer::nonlinear(p)) nonlinear.push_back(p);
  const std::vector<double> differences = finite_difference_gradient(*this, values, nonlinear);
  std::vector<double> result;
  size_t next_difference = 0;
  for (int p : params) result.push_back(Tracer::nonlinear(p) ? differences[next_difference++] : linear[p]);
  return result;
}

std::optional<double> TracedPositionsObjective::validation_loss(const std::vector<int>& values) {
  if (!validation_) return std::nullopt;
  return validation_->loss(values, stop_flag());
}

}  // namespace jiang::tuner
