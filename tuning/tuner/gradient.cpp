#include "tuning/tuner/gradient.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "eval/params.h"
#include "tuning/tuner/parallel.h"

namespace jiang::tuner {
namespace {

// d sigmoid(K e) / d e = s (1 - s) K ln10 / 400 (texel.h's sigmoid in base 10 of K e / 400).
constexpr double kLn10Over400 = std::numbers::ln10 / 400.0;

// One block's share of the gradient: the sum over its positions of d (s - r)^2 / d w_p.
void add_block(const TraceBlock& block, const FeatureTable& features, const TraceWeights& w, double k,
               std::vector<double>& sum) {
  const size_t n = block.records.size();
  std::vector<int64_t> mg(n, 0), eg(n, 0);
  const std::vector<Feature>& all = features.features();
  for (int f = 0; f < int(all.size()); ++f) {
    const int fmg = all[f].mg >= 0 ? w.values[all[f].mg] : 0, feg = all[f].eg >= 0 ? w.values[all[f].eg] : 0;
    if (fmg || feg) walk(block, f, [&](uint16_t i, int coef) { mg[i] += coef * fmg, eg[i] += coef * feg; });
  }
  for (uint16_t i : block.nonlinear) {
    const PhaseValue nl = nonlinear_of(block, i, w);
    mg[i] += nl.mg, eg[i] += nl.eg;
  }
  // d loss_i / d total.mg and d total.eg, through blend_red's phase blend and draw scale.
  std::vector<double> d_mg(n), d_eg(n);
  for (size_t i = 0; i < n; ++i) {
    const TraceShape& shape = block.records[i].shape;
    const PhaseValue total{int(mg[i]), int(eg[i])};
    const int eval = blend_red(total, shape);
    const double s = win_probability(k, eval);
    const double d_eval = 2.0 * (s - block.results[i]) * s * (1.0 - s) * k * kLn10Over400;
    const int blended = (total.mg * shape.phase + total.eg * (Evaluator::kMaxPhase - shape.phase)) / Evaluator::kMaxPhase;
    const double scale = double(shape.scale[blended > 0 ? Red : Black]) / Evaluator::kScaleNormal;
    d_mg[i] = d_eval * scale * shape.phase / Evaluator::kMaxPhase;
    d_eg[i] = d_eval * scale * (Evaluator::kMaxPhase - shape.phase) / Evaluator::kMaxPhase;
  }
  for (int f = 0; f < int(all.size()); ++f) {
    double by_mg = 0, by_eg = 0;
    walk(block, f, [&](uint16_t i, int coef) { by_mg += coef * d_mg[i], by_eg += coef * d_eg[i]; });
    if (all[f].mg >= 0) sum[all[f].mg] += by_mg;
    if (all[f].eg >= 0) sum[all[f].eg] += by_eg;
  }
}

}  // namespace

std::vector<double> Objective::gradient(const std::vector<int>& values, const std::vector<int>& params) {
  return finite_difference_gradient(*this, values, params);
}

std::vector<double> finite_difference_gradient(Objective& objective, const std::vector<int>& values,
                                               const std::vector<int>& params, int step) {
  std::vector<double> gradient;
  std::vector<int> moved = values;
  for (int p : params) {
    const ParamInfo& info = Params::registry()[p];
    const int up = std::min(info.max, values[p] + step), down = std::max(info.min, values[p] - step);
    if (up == down) {
      gradient.push_back(0.0);
      continue;
    }
    moved[p] = up;
    const double loss_up = objective.loss(moved);
    moved[p] = down;
    const double loss_down = objective.loss(moved);
    moved[p] = values[p];
    gradient.push_back((loss_up - loss_down) / double(up - down));
  }
  return gradient;
}

std::vector<double> traced_linear_gradient(const TraceSet& set, const std::vector<int>& values, double k,
                                           int threads, const std::atomic<bool>* stop, Cluster& cluster) {
  const TraceWeights w(values);
  const size_t n = values.size();
  std::vector<double> by_block(set.blocks().size() * n, 0.0);  // block b's sums at [b * n, (b + 1) * n)
  const bool complete = parallel_chunks(set.blocks().size(), 1, threads, stop, [&](size_t b, size_t, size_t) {
    std::vector<double> sum(n, 0.0);
    add_block(set.blocks()[b], set.features(), w, k, sum);
    std::copy(sum.begin(), sum.end(), by_block.begin() + std::ptrdiff_t(b * n));
  });
  if (any(cluster, !complete)) throw Interrupted();
  // Every rank's blocks in rank order are the blocks of the whole set in order: the same sums as one
  // process makes, for any number of ranks and threads.
  const std::vector<double> all = cluster.size() > 1 ? all_gather_values(cluster, by_block) : std::move(by_block);
  std::vector<double> gradient(n, 0.0);
  for (size_t at = 0; at < all.size(); at += n)
    for (size_t p = 0; p < n; ++p) gradient[p] += all[at + p];
  for (double& g : gradient) g /= double(set.total_size());
  return gradient;
}

}  // namespace jiang::tuner
