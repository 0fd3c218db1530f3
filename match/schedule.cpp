#include "match/schedule.h"

#include <cstddef>

namespace jiang::match {

Schedule make_schedule(TournamentKind kind, int engines, int games_per_pairing, int openings) {
  Schedule s;
  for (int a = 0; a < engines; ++a)
    for (int b = a + 1; b < engines; ++b)
      if (kind == TournamentKind::RoundRobin || a == 0) s.pairings.emplace_back(a, b);
  for (int pair = 0; pair < games_per_pairing / 2; ++pair) {
    for (int p = 0; p < int(s.pairings.size()); ++p) {
      const auto [first, second] = s.pairings[std::size_t(p)];
      const int opening = pair % openings;
      s.games.push_back({first, second, p, opening, pair});
      s.games.push_back({second, first, p, opening, pair});
    }
  }
  return s;
}

}  // namespace jiang::match
