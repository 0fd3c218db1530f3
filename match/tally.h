// The running count of a match and its report: results from the first engine's point of view, pairs
// as a pentanomial, what went wrong per engine, how games ended; the progress line and the summary,
// whose last line scripts parse:
//   NAME1 vs NAME2: W-D-L score S% elo E +/- M[ sprt: H1 accepted|H0 accepted|inconclusive llr X (bounds A, B)]
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "match/stats.h"

namespace jiang::match {

struct EngineIncidents {
  int time_forfeits = 0;
  int illegal_moves = 0;
  int crashes = 0;
  int hangs = 0;     // no move, or no readyok, in time
  int restarts = 0;  // processes started again after a crash or a hang
  int false_claims = 0;  // results claimed (XBoard) that the referee did not find
  int overruns = 0;      // moves past the clock but within --timemargin (no forfeit)
};

struct Tally {
  int wins = 0, draws = 0, losses = 0;
  Pentanomial pairs;
  std::array<EngineIncidents, 2> incidents;  // by engine (the order of --engine)
  std::map<std::string, int> endings;        // game-end reason -> games

  int games() const { return wins + draws + losses; }
  void add_game(Outcome first, const std::string& reason);
};

struct ReportContext {
  std::array<std::string, 2> names;
  std::optional<SprtSettings> sprt;
};

// "games 10: 3-4-3 score 50.0% elo +0.0 +/- 120.3 llr 0.05 (-2.94, 2.94), 12.1 games/min"
std::string progress_line(const Tally& t, const ReportContext& c, double minutes);
// The last line (see above). The Elo comes from the finished pairs, or from single games before any pair
// is finished.
std::string result_line(const Tally& t, const ReportContext& c);
// Everything the match prints at its end, the result line last.
std::vector<std::string> summary_lines(const Tally& t, const ReportContext& c, double minutes, int abandoned);

}  // namespace jiang::match
