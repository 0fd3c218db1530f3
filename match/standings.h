// The standings of a tournament (or a match): each engine's games, score, draws and rating with its 95%
// interval (match/rating), the pairwise cross table, what went wrong per engine (time forfeits, illegal
// moves, false claims, crashes, hangs, restarts, overruns within the margin) and how the games ended.
// Built from the finished games, so that the same table comes at the end of a run, from its state file
// or from its PGN (`jiang match --table`).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "match/rating.h"
#include "match/tally.h"
#include "match/tournament_state.h"

namespace jiang::match {

// The rating held fixed: an engine's name and its Elo (default: the first engine at 0).
struct Anchor {
  std::string name;
  double elo = 0;
};

class Standings {
 public:
  explicit Standings(std::vector<std::string> names);
  void add(const FinishedGame& game);
  void add_restart(int engine) { ++incidents_[size_t(engine)].restarts; }
  int games() const { return games_; }
  const std::vector<std::string>& names() const { return names_; }
  const ResultMatrix& results() const { return results_; }
  const std::vector<EngineIncidents>& incidents() const { return incidents_; }
  // The table, the cross table, the incidents and the endings. Throws std::invalid_argument for an
  // anchor that names no engine.
  std::vector<std::string> table(const Anchor& anchor) const;

 private:
  std::vector<std::string> names_;
  ResultMatrix results_;
  std::vector<EngineIncidents> incidents_;
  std::map<std::string, int> endings_;
  int games_ = 0;
};

// The standings of the games of one or more PGN files, read as one (White, Black and Result tags; the
// Termination tag's "time forfeit", "rules infraction" and "abandoned" counted against the loser, as
// time forfeits, illegal moves and crashes, or as false claims and hangs when the comment before the
// result, as jiang match writes it, says so: another program's PGN does not tell them apart).
// Throws std::runtime_error naming the file and the game.
Standings standings_from_pgn(const std::vector<std::string>& paths);
// The standings of a state file (exact incidents and restarts).
Standings standings_from_state(const TournamentState& state);

}  // namespace jiang::match
