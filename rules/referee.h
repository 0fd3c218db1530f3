// The referee of a whole game: who won and why, from the rules alone (rules.h) with mate and stalemate
// first. Self-play, the tuner's games, `jiang match` and `jiang judge` all ask it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "movegen/position.h"
#include "rules/rules.h"

namespace jiang {

enum class GameResult { RedWins, Draw, BlackWins };
GameResult win_for(Color c);
// 1, 0.5 or 0: the result from Red's point of view, as training labels use it.
double red_score(GameResult r);
// "1-0", "1/2-1/2" or "0-1" (PGN's words, Red as White).
const char* result_string(GameResult r);
// The result result_string writes; nothing for anything else ("*" included).
std::optional<GameResult> parse_game_result(std::string_view text);

// How a game ended: the result and the words for it ("mate", "perpetual check", "resign adjudication", ...).
struct Verdict {
  GameResult result;
  std::string reason;
};

// The rules' ruling on a position with its record, as a referee gives it: a side without a legal move
// has lost (EndReason::NoLegalMove, in check or not), even where the move before it completed a
// repetition or the 60th move; a draw when neither side has a rook, horse, cannon or pawn left
// (EndReason::NoAttackers); otherwise judge_position with `occurrences` (a referee counts to 3).
Ruling referee_ruling(const Position& pos, int occurrences, RuleSet rules = kDefaultRuleSet);

// "mate" for a side in check without a move, reason_text otherwise.
std::string ruling_words(const Position& pos, const Ruling& ruling);

// referee_ruling as a result: the side to move mated ("mate") or without a move ("no legal move"), a
// repetition ("perpetual check" or "perpetual chase" loses for the offender, "repetition" draws), the
// 60-move rule or "insufficient material". Nothing while the game goes on. Scores and ply counts are the Adjudicator's business.
std::optional<Verdict> referee(const Position& pos, int repetitions, RuleSet rules = kDefaultRuleSet);

}  // namespace jiang
