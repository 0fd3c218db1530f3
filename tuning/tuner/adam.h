// Adam (Kingma and Ba, 2015) on the tuner's loss, the fourth algorithm beside hc, sa and ga (issue 9).
//
// One iteration is one epoch: the full-batch gradient of the training loss at the current weights
// (Objective::gradient: analytic from the traces, gradient.h), one Adam update of the real-valued
// weights Adam keeps, then the loss at those weights rounded to whole units and clamped to the registry
// bounds (the weights the engine can load). The best rounded point seen is kept. Full batches and no
// random choices: a run is the same for any seed and any thread count.
#pragma once

#include <memory>

#include "tuning/tuner/algorithms.h"

namespace jiang::tuner {

struct AdamOptions {
  // The step size in parameter units (centipawns for most): Adam moves each weight by about this much an
  // epoch while its gradient keeps its sign, whatever the gradient's scale.
  double rate = 1.0;
  int epochs = 200;  // the end: this many updates
};

// The moment decays and the guard of the division, fixed: Kingma and Ba's betas work across problems
// and leave one knob (the rate); epsilon sits far below this loss's gradients (1e-7 to 1e-4 per unit
// on the tests' positions), so it only keeps a parameter no position uses from dividing by zero.
inline constexpr double kAdamBeta1 = 0.9;
inline constexpr double kAdamBeta2 = 0.999;
inline constexpr double kAdamEpsilon = 1e-15;

std::unique_ptr<Algorithm> make_adam(const SearchSpace& space, const AdamOptions& options);

}  // namespace jiang::tuner
