#include "tuning/tuner/weights_match.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "games/openings.h"
#include "tuning/tuner/games.h"
#include "util/stop_signals.h"

namespace jiang {
namespace {

// Elo from a score share, and the 95% margin from the spread of the per-game scores.
double elo(double share) { return -400.0 * std::log10(1.0 / share - 1.0) + 0.0; }  // + 0.0: no "-0"

}  // namespace

int run_weights_match(const WeightsMatchOptions& o) {
  release_stop_signals();  // no clean stop here (nothing to resume): a signal ends it at once
  tuner::GamesSettings settings;
  try {
    if (!o.baseline.empty()) settings.baseline = Params::load(o.baseline);
    if (!o.openings.empty()) settings.openings = games::read_openings(o.openings);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "jiang match: %s\n", e.what());
    return 2;
  }
  Params candidate;
  try {
    candidate = Params::load(o.weights);
  } catch (const ParamError& e) {
    std::fprintf(stderr, "jiang match: %s\n", e.what());
    return 2;
  }
  // Games at a fixed depth or node count are deterministic: a repeated opening replays its games, and
  // their results count twice (an earlier 200-game measurement here was 40% repeats).
  const size_t openings = settings.openings.empty() ? games::builtin_openings().size() : settings.openings.size();
  if (size_t(o.games) > 2 * openings)
    std::fprintf(stderr,
                 "jiang match: warning: %d games from %zu openings: openings repeat, and so do their games; the "
                 "margin is too narrow (give --openings with at least %d positions)\n",
                 o.games, openings, (o.games + 1) / 2);
  settings.games = o.games;
  settings.limits = MoveLimits{o.depth, o.depth ? 0 : (o.nodes ? o.nodes : 2000)};
  settings.threads = o.threads;
  tuner::GamesObjective match(settings);
  match.loss(candidate.values());
  const auto t = match.last_tally();
  const int n = t.wins + t.draws + t.losses;
  const double share = (t.wins + 0.5 * t.draws) / n;
  const double variance = (t.wins * std::pow(1 - share, 2) + t.draws * std::pow(0.5 - share, 2) +
                           t.losses * std::pow(share, 2)) / n;
  const double se = std::sqrt(variance / n);
  // A share of 0 or 1 has no finite Elo: clamp half a game inside.
  const double lo_clamp = 0.5 / n, hi_clamp = 1 - 0.5 / n;
  const double s = std::clamp(share, lo_clamp, hi_clamp);
  const double margin =
      (elo(std::clamp(s + 1.96 * se, lo_clamp, hi_clamp)) - elo(std::clamp(s - 1.96 * se, lo_clamp, hi_clamp))) / 2;
  std::printf("%s vs %s: %d-%d-%d (wins-draws-losses) in %d games, score %.1f%%, Elo %+.0f +/- %.0f (95%%)\n",
              o.weights.c_str(), o.baseline.empty() ? "defaults" : o.baseline.c_str(), t.wins, t.draws, t.losses, n,
              100 * share, elo(s), margin);
  return 0;
}

}  // namespace jiang
