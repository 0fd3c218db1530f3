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
                                           int threads, const std::atomic<bool>* stop) {
  const TraceWeights w(values);
  std::vector<std::vector<double>> by_block(set.blocks().size());
  const bool complete = parallel_chunks(set.blocks().size(), 1, threads, stop, [&](size_t b, size_t, size_t) {
    by_block[b].assign(values.size(), 0.0);
    add_block(set.blocks()[b], set.features(), w, k, by_block[b]);
  });
  if (!complete) throw Interrupted();
  std::vector<double> gradient(values.size(), 0.0);
  for (const std::vector<double>& block : by_block)  // in block order: the same sums for any thread count
    for (size_t p = 0; p < gradient.size(); ++p) gradient[p] += block[p];
  for (double& g : gradient) g /= double(set.size());
  return gradient;
}

}  // namespace jiang::tuner
