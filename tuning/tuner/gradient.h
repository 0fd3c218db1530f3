// The gradient of a loss with respect to the tuned parameters, for the gradient optimiser (adam.h).
//
// The loss is a function of integer weights; its gradient here is that of the smooth loss the integers
// sample: d loss / d w_p = mean over positions of 2 (s - result) s (1 - s) K ln10 / 400 * d e / d w_p,
// s = sigmoid(K e), where d e / d w_p is, for a linear parameter, its trace coefficients through the
// phase blend and the draw scale (the integer divisions taken as real ones). The non-linear parameters
// (general danger, threat shares, middlegame material, which also moves the exchange values) get a
// central finite difference of the exact loss instead: their derivative runs through max(), the danger
// curve and the exchange order, and a difference is exact where the analytic form would be a page.
// Weights whose exchange order differs from the traces' are evaluated in full by the loss, but this
// gradient still reads the traces' coefficients there: an approximation, as good as the order is close.
#pragma once

#include <atomic>
#include <vector>

#include "tuning/tuner/objective.h"
#include "tuning/tuner/trace_set.h"
#include "util/cluster.h"

namespace jiang::tuner {

// The step of a central difference, in parameter units: one unit moves an evaluation by less than the
// integer rounding of the blend (1 cp), four units move it by a few, so the difference is not rounding noise.
inline constexpr int kDifferenceStep = 4;

// (loss(w + h e_p) - loss(w - h e_p)) / 2h for each of `params`, h = `step` clamped to the registry's
// bounds (a one-sided difference at a bound). Two evaluations of `objective` a parameter.
std::vector<double> finite_difference_gradient(Objective& objective, const std::vector<int>& values,
                                               const std::vector<int>& params, int step = kDifferenceStep);

// The analytic gradient of the traced loss at `values` with respect to every registry parameter's linear
// coefficients (entries of non-linear parameters hold only their linear part: callers replace them).
// Summed per block in a fixed order, so it does not depend on `threads`, nor on the number of ranks when
// `set` is this rank's shard (the blocks' sums are gathered). Throws Interrupted (on every rank).
std::vector<double> traced_linear_gradient(const TraceSet& set, const std::vector<int>& values, double k,
                                           int threads, const std::atomic<bool>* stop,
                                           Cluster& cluster = single_process());

}  // namespace jiang::tuner
