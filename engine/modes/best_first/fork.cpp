#include "engine/modes/best_first/fork.h"

#include <algorithm>

namespace jiang::best_first {
namespace {

// A static estimate stays below this, so that only a proven mate reads as one.
constexpr Score kMaxGuess = kMateBound - 1;

int16_t clamp_guess(Score v) { return int16_t(std::clamp(v, -kMaxGuess, kMaxGuess)); }

}  // namespace

Fork Fork::exact(Score v) {
  Fork f;
  f.s.fill(int16_t(v));
  return f;
}

Fork Fork::mates_nearer(int plies) const {
  Fork f = *this;
  for (int16_t& v : f.s) {
    if (v >= kMateBound) v = int16_t(std::clamp<int>(v + plies, kMateBound, kMate));
    if (v <= -kMateBound) v = int16_t(std::clamp<int>(v - plies, -kMate, -kMateBound));
  }
  return f;
}

Fork Fork::from_threats(Score s0, Score gain, Score unlikely_gain, Score loss, Score unlikely_loss) {
  Fork f;
  f.s[2] = clamp_guess(s0);
  f.s[1] = clamp_guess(s0 + gain);
  f.s[0] = clamp_guess(s0 + std::max(gain, unlikely_gain));
  f.s[3] = clamp_guess(s0 - loss);
  f.s[4] = clamp_guess(s0 - std::max(loss, unlikely_loss));
  return f;
}

Fork back_up(std::span<const Fork> replies) {
  // Each estimate of A is the negation of the best reply by the mirrored estimate: A's optimism is
  // the opponent's pessimism about its best reply, and A's pessimism is the opponent's optimism.
  std::array<int16_t, 5> best;
  best.fill(int16_t(-kInfinite));
  for (const Fork& b : replies)
    for (size_t i = 0; i < 5; ++i) best[i] = std::max(best[i], b.s[i]);
  Fork a;
  for (size_t i = 0; i < 5; ++i) a.s[i] = int16_t(-best[4 - i]);
  return a;
}

}  // namespace jiang::best_first
