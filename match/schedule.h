// Who plays whom, with which opening and which colours: a match of two engines, a gauntlet (the first
// engine against each of the others) or a round robin (every two engines). Each pairing plays every
// opening twice, colours swapped, so `games` per pairing make games / 2 openings; the openings are taken
// in turn, the same ones for every pairing. Games are numbered opening by opening, pairing by pairing,
// so that a tournament stopped early has played every pairing about as often.
#pragma once

#include <utility>
#include <vector>

namespace jiang::match {

enum class TournamentKind { Gauntlet, RoundRobin };

struct ScheduledGame {
  int red = 0, black = 0;  // engine indices
  int pairing = 0;         // index into Schedule::pairings
  int opening = 0;         // index into the openings
  int pair = 0;            // the game pair of its pairing (the two games of one opening)
};

struct Schedule {
  std::vector<std::pair<int, int>> pairings;  // (first, second): the first has Red in a pair's first game
  std::vector<ScheduledGame> games;           // by game number
};

// `engines` at least 2, `games_per_pairing` even and above 0, `openings` above 0.
Schedule make_schedule(TournamentKind kind, int engines, int games_per_pairing, int openings);

}  // namespace jiang::match
