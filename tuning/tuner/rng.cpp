#include "tuning/tuner/rng.h"

#include <cmath>
#include <limits>
#include <numbers>
#include <sstream>
#include <stdexcept>

namespace jiang::tuner {

double uniform01(Rng& rng) { return double(rng() >> 11) * 0x1.0p-53; }

int64_t uniform_int(Rng& rng, int64_t lo, int64_t hi) {
  if (hi < lo) throw std::invalid_argument("uniform_int: empty range");
  const uint64_t range = uint64_t(hi) - uint64_t(lo) + 1;  // 0 means all 2^64 values
  if (range == 0) return int64_t(rng());
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  const uint64_t rem = (kMax % range + 1) % range;  // 2^64 mod range: the draws above kMax - rem are biased
  for (;;) {
    const uint64_t x = rng();
    if (x <= kMax - rem) return int64_t(uint64_t(lo) + x % range);
  }
}

double gaussian(Rng& rng) {
  const double u1 = 1.0 - uniform01(rng);  // (0, 1]: log is finite
  const double u2 = uniform01(rng);
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

std::string rng_to_string(const Rng& rng) {
  std::ostringstream out;
  out << rng;
  return out.str();
}

Rng rng_from_string(const std::string& text) {
  std::istringstream in(text);
  Rng rng;
  in >> rng;
  if (in.fail()) throw std::invalid_argument("not a mt19937_64 state");
  in >> std::ws;
  if (!in.eof()) throw std::invalid_argument("trailing text after the mt19937_64 state");
  return rng;
}

}  // namespace jiang::tuner
