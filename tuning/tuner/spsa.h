// SPSA (Spall's simultaneous perturbation stochastic approximation), the fifth algorithm, for the games
// objective: the way Stockfish's fishtest tunes an engine's parameters by games.
//
// The point theta is real-valued. One iteration draws a random sign flip_i for every tuned parameter,
// plays --games games (pairs with colours swapped, each pair from the next openings) between
// theta + c_k * flip and theta - c_k * flip, each clamped to the bounds and rounded to whole units
// stochastically (floor(x + u), u uniform in [0, 1): fishtest's rounding), and moves
//
//   theta_i += a_k / c_k,i * (wins - losses of the + side) * flip_i, clamped to the bounds,
//
// with fishtest's schedules over k = the game pairs played before this iteration + 1, N the run's pairs:
//   c_k,i = c_i / k^gamma,             c_i = c_end,i * N^gamma
//   a_k,i = a_i / (A + k)^alpha,       a_i = r_end * c_end,i^2 * (A + N)^alpha,   A = a_ratio * N,
// so that at the end each parameter is perturbed by c_end,i (the registry's step: a change that plays
// measurably differently) and a_N / c_N^2 = r_end. The run ends after N pairs; --out holds theta rounded.
// SPSA compares the two points directly and never measures a loss: its loss columns stay empty.
#pragma once

#include <cstdint>
#include <memory>

#include "tuning/tuner/algorithms.h"

namespace jiang::tuner {

struct SpsaOptions {
  int64_t pairs = 1000;   // N: the run's game pairs, the schedules' horizon and the end
  double a_ratio = 0.1;   // A = a_ratio * N: fishtest's default, a gentler start of the step sizes
  double alpha = 0.602;   // Spall's exponents, fishtest's defaults
  double gamma = 0.101;
  double r_end = 0.002;   // the learning rate a_N / c_N^2 at the end, fishtest's usual value
};

std::unique_ptr<Algorithm> make_spsa(const SearchSpace& space, const SpsaOptions& options);

}  // namespace jiang::tuner
