// The shared state of a running match or tournament: which game is next, what has finished (the
// standings, and for a two-engine match its pentanomial tally and SPRT), the PGN and the state file
// beside it, the progress lines and the summary. Game threads call it between games; everything is
// under one mutex.
#pragma once

#include <chrono>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "match/pgn.h"
#include "match/runner.h"
#include "match/tally.h"
#include "match/tournament_state.h"
#include "util/stop_signals.h"

namespace jiang::match {

class MatchState {
 public:
  // `pgn` may be null (then no state is kept either).
  MatchState(const MatchSettings& s, const Schedule& schedule, const StopPipe& stop, PgnFile* pgn,
             std::string fingerprint);

  // Before any game: the finished games of a resumed run count as played.
  void resume(const TournamentState& state);
  // The next game to play (its number in the schedule), or nothing once all are handed out, or the
  // match is stopping.
  std::optional<int> next_game();
  void finish_game(int number, const GameOutcome& g);
  void count_restart(int engine);
  void count_abandoned();
  // The match cannot go on: says why and stops it.
  void fail(const std::string& message);

  void print_summary() const;
  bool broken() const { return broken_; }

 private:
  // Counts a finished game; `live` for one just played (progress, the SPRT), not a resumed one.
  void record(const FinishedGame& f, bool live);
  void finish_pair(int pair, bool live);
  void save();
  double minutes() const;
  bool is_match() const { return !s_.tournament; }

  const MatchSettings& s_;
  const Schedule& schedule_;
  const StopPipe& stop_;
  PgnFile* pgn_;
  PgnTags tags_;
  std::mutex mutex_;
  size_t next_ = 0;
  std::vector<bool> finished_;                   // by game number
  std::vector<std::optional<Outcome>> outcomes_; // a match's first engine's, by game number
  Standings standings_;
  Tally tally_;  // a match's
  ReportContext context_;
  TournamentState state_;
  int abandoned_ = 0;
  bool broken_ = false;
  bool pgn_failed_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace jiang::match
