// The tuner's randomness: one std::mt19937_64, seeded by --seed, and the few distributions the
// algorithms draw from, written out here. The standard distributions are left alone on purpose: their
// output may differ between standard libraries, and std::normal_distribution keeps a cached value
// outside the engine, which a checkpoint of the engine alone would lose.
#pragma once

#include <cstdint>
#include <random>
#include <string>

namespace jiang::tuner {

using Rng = std::mt19937_64;

// Uniform in [0, 1), from the top 53 bits of one draw.
double uniform01(Rng& rng);
// Uniform in [lo, hi] (inclusive), without modulo bias.
int64_t uniform_int(Rng& rng, int64_t lo, int64_t hi);
// Standard normal (Box-Muller over two uniform draws; the second value is thrown away so that no
// state lives outside the engine).
double gaussian(Rng& rng);

// The engine's full state as text (operator<<) and back; rng_from_string throws std::invalid_argument.
std::string rng_to_string(const Rng& rng);
Rng rng_from_string(const std::string& text);

}  // namespace jiang::tuner
