#include "engine/wdl.h"

#include <cmath>

namespace jiang {
namespace {

// Fitted by maximum likelihood to the positions of 240 games of jiang against itself at 20,000 nodes a
// move (README, "Playing"): at kWdlCenter centipawns the side ahead wins half its games, and kWdlScale
// is how many centipawns more multiply its odds by e.
constexpr double kWdlCenter = 200;
constexpr double kWdlScale = 80;

int per_mille(double chance) { return int(std::lround(1000 * chance)); }

}  // namespace

Wdl wdl_from_score(Score score) {
  if (is_mate_score(score)) return score > 0 ? Wdl{1000, 0, 0} : Wdl{0, 0, 1000};
  const double win = 1 / (1 + std::exp((kWdlCenter - score) / kWdlScale));
  const double loss = 1 / (1 + std::exp((kWdlCenter + score) / kWdlScale));
  Wdl wdl{per_mille(win), 0, per_mille(loss)};
  wdl.draw = 1000 - wdl.win - wdl.loss;
  return wdl;
}

}  // namespace jiang
