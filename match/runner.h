// A match between two engine programs: game pairs from each opening with colours swapped, K games at a
// time (each game thread with its own two engine processes, kept between games and restarted after a
// crash or a hang), the PGN written game by game, a progress line after each finished pair, the SPRT
// checked after each pair, and a summary at the end, also after Ctrl-C.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "match/engine_spec.h"
#include "match/game.h"
#include "match/stats.h"

namespace jiang::match {

struct MatchSettings {
  std::array<EngineSpec, 2> engines;
  GameRules rules;
  int games = 200;                    // even: pairs
  int concurrency = 1;                // games at once
  std::vector<std::string> openings;  // FENs, one per pair, in turn
  std::string pgn_path;               // empty: no PGN
  std::string log_path;               // empty: no communication log
  std::optional<SprtSettings> sprt;
  int progress_every = 1;             // pairs between progress lines
};

// Exit codes of run_match.
inline constexpr int kMatchDone = 0;       // every game played, or the SPRT decided
inline constexpr int kMatchBroken = 1;     // an engine could not be restarted: the match stopped early
inline constexpr int kMatchBadInput = 2;   // an engine, the PGN or the log could not be set up
// ... or 128 + the signal (SIGINT, SIGTERM) that stopped it.

// Plays the match, printing progress and the summary on stdout and what went wrong on stderr.
int run_match(const MatchSettings& settings);

}  // namespace jiang::match
