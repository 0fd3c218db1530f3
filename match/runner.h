// A match between two engine programs, or a tournament of several (a gauntlet or a round robin): game
// pairs from each opening with colours swapped, K games at a time (each game thread with its own engine
// processes, started when first needed, kept between games and restarted after a crash or a hang), the
// PGN written game by game with a state file beside it (`--resume` continues a killed run), progress
// lines, the SPRT checked after each pair of a two-engine match, and a summary at the end, also after
// Ctrl-C: the match's score and Elo, or the tournament's standings with ratings and a cross table.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "match/engine_spec.h"
#include "match/game.h"
#include "match/openings.h"
#include "match/schedule.h"
#include "match/standings.h"
#include "match/stats.h"

namespace jiang::match {

struct MatchSettings {
  std::vector<EngineSpec> engines = std::vector<EngineSpec>(2);  // two or more, names unique
  // A tournament reports standings (ratings, cross table) instead of a match's score and Elo; with two
  // engines either kind is the same schedule.
  bool tournament = false;
  TournamentKind kind = TournamentKind::RoundRobin;
  GameRules rules;
  int games = 200;                    // per pairing, even: pairs
  int concurrency = 1;                // games at once
  std::vector<Opening> openings;      // one per pair, in turn
  std::string pgn_path;               // empty: no PGN (and nothing to resume)
  std::string log_path;               // empty: no communication log
  bool resume = false;                // continue from the state file beside the PGN
  std::optional<SprtSettings> sprt;   // a two-engine match only
  Anchor anchor;                      // for the standings
  int progress_every = 1;             // game pairs between progress lines
};

// Exit codes of run_match.
inline constexpr int kMatchDone = 0;       // every game played, or the SPRT decided
inline constexpr int kMatchBroken = 1;     // an engine could not be restarted: the match stopped early
inline constexpr int kMatchBadInput = 2;   // an engine, the PGN, the state or the log could not be set up
// ... or 128 + the signal (SIGINT, SIGTERM) that stopped it.

// Plays the match or tournament, printing progress and the summary on stdout and what went wrong on
// stderr.
int run_match(const MatchSettings& settings);

// What a resumed run must share with the run it continues: the engines, the limits and rules, the
// games and the openings. A 16-digit hexadecimal fingerprint.
std::string settings_fingerprint(const MatchSettings& settings);

}  // namespace jiang::match
