// One game between two engine processes, refereed by jiang's own rules: the engines' clocks, a move
// that is not legal (a loss), a crash or a hang (a loss), mate, repetition and the 60-move rule
// (rules/referee.h), and the score adjudicator (rules/adjudicator.h).
#pragma once

#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "match/adjudication.h"
#include "match/engine_client_base.h"
#include "movegen/types.h"
#include "rules/referee.h"

namespace jiang::match {

// What every game of a match shares.
struct GameRules {
  MoveBudget budget;  // for engines without a limit of their own (tc=, nodes=, depth= in the spec)
  std::chrono::milliseconds time_margin{0};   // a clock may overrun by this much
  std::chrono::milliseconds hang_timeout{0};  // no bestmove this long under a node or depth limit: a hang
  AdjudicationRules adjudication;
};

// How a game ended, for the PGN's Termination tag and the match's counts.
// IllegalMove includes refusing a legal move (XBoard's "Illegal move"); DrawClaim is an XBoard engine's
// 50-move draw claim, which XBoard accepts (match/claims.h); FalseClaim is a result claimed that the
// referee does not find.
enum class Ending { Rules, Adjudication, Resignation, DrawClaim, TimeForfeit, IllegalMove, FalseClaim, Crash, Hang };
const char* termination_tag(Ending e);

struct MoveRecord {
  Move move;
  std::optional<EngineScore> score;  // the mover's, from its point of view
  int depth = 0;
  std::chrono::milliseconds used{0};
};

struct GameOutcome {
  std::string start_fen;
  std::vector<MoveRecord> moves;
  GameResult result = GameResult::Draw;
  Ending ending = Ending::Rules;
  std::string reason;            // "mate", "repetition", "time forfeit", ...
  std::optional<Color> culprit;  // the side whose engine forfeited, moved illegally, claimed falsely, crashed or hung
  std::string detail;            // what went wrong, with the position, for the log
  bool abandoned = false;        // the match was stopped during the game: no result
  int overruns[kColors] = {0, 0};  // moves past the clock but within the margin, by side
};

// Plays one game from `fen` (a legal position with a move to make): players[Red] has Red. Stops early
// (abandoned) when `interrupt_fd` becomes readable. An engine with ponder=on thinks on its opponent's
// time (EngineClient::ponder); at the end every engine is told the result (end_game) and none is left
// pondering.
GameOutcome play_game(const std::string& fen, const std::array<EngineClientBase*, kColors>& players,
                      const GameRules& rules, int interrupt_fd);

}  // namespace jiang::match
