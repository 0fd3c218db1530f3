#include "tuning/tuner/traced_objective.h"

#include <chrono>

#include <spdlog/spdlog.h>

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

TracedPositionsObjective::TracedPositionsObjective(TracedData& data, double k, int threads, Cluster& cluster,
                                                   spdlog::logger* logger)
    : data_(data),
      k_(k),
      threads_(threads),
      cluster_(cluster),
      logger_(logger),
      train_(*data.train, k, threads, cluster) {
  if (data.validation) validation_.emplace(*data.validation, k, threads, cluster);
}

void TracedPositionsObjective::follow_order(const TraceWeights& w, bool now) {
  const ExchangeOrder& order = w.tables.exchange_order;
  auto in_order = [&](const std::unique_ptr<TraceSet>& set) {
    return !set || same_exchange_order(order, set->order());
  };
  if (in_order(data_.train) && in_order(data_.validation)) {
    streak_order_.reset(), streak_ = 0;
    return;
  }
  if (streak_order_ && same_exchange_order(order, *streak_order_)) ++streak_;
  else streak_order_ = order, streak_ = 1;
  if (!now && streak_ < kRetraceStreak) return;
  const auto start = std::chrono::steady_clock::now();
  const Tracer tracer(w.params);
  if (!in_order(data_.train)) {
    data_.train->retrace(tracer, threads_, stop_flag(), cluster_);
    train_.forget();
  }
  if (!in_order(data_.validation)) {
    data_.validation->retrace(tracer, threads_, stop_flag(), cluster_);
    validation_->forget();
  }
  streak_order_.reset(), streak_ = 0;
  ++retraces_;
  if (logger_)
    logger_->info("the weights left the traces' exchange order: traced the positions again in {:.1f} s ({} so far)",
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), retraces_);
}

double TracedPositionsObjective::loss(const std::vector<int>& values) {
  TraceWeights w(values);
  follow_order(w, false);
  const double l = train_.loss(std::move(w), stop_flag());
  count_evaluation();
  return l;
}

std::vector<double> TracedPositionsObjective::gradient(const std::vector<int>& values, const std::vector<int>& params) {
  follow_order(TraceWeights(values), true);  // the analytic part holds only in the traces' order
  const std::vector<double> linear = traced_linear_gradient(*data_.train, values, k_, threads_, stop_flag(), cluster_);
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
