// Ending games early by the engines' own scores (`--resign`, `--draw`) or by length (`--maxplies`), as
// cutechess and fastchess do; the rules of the game (mate, repetition, the 60-move rule) come first and
// are the referee's (tuning/selfplay/game.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "match/dialect.h"
#include "movegen/types.h"
#include "tuning/selfplay/game.h"

namespace jiang::match {

// A side loses when its engine has reported a score of -score or worse for `movecount` moves in a row
// and the other engine +score or better for its last `movecount` moves.
struct ResignRule {
  int movecount = 0;
  int score = 0;
};
// The game is drawn when, from full move `movenumber` on, both engines have reported scores within
// +/-score for their last `movecount` moves each.
struct DrawRule {
  int movenumber = 0;
  int movecount = 0;
  int score = 0;
};
struct AdjudicationRules {
  std::optional<ResignRule> resign;
  std::optional<DrawRule> draw;
  int max_plies = 0;  // 0: no limit
};

// Parses the words of `--resign movecount=N score=S` or `--draw movenumber=N movecount=N score=S`
// (every key required, values whole numbers, counts above 0, scores 0 or more). Throws
// std::invalid_argument naming the bad word.
ResignRule parse_resign_rule(const std::vector<std::string>& words);
DrawRule parse_draw_rule(const std::vector<std::string>& words);

class Adjudicator {
 public:
  explicit Adjudicator(const AdjudicationRules& rules) : rules_(rules) {}

  // After each move: who moved, the score its engine reported (if any), and the plies played so far.
  void after_move(Color mover, const std::optional<EngineScore>& score, int plies);
  // The verdict the scores and the length call for, if any.
  std::optional<Verdict> verdict() const { return verdict_; }

 private:
  AdjudicationRules rules_;
  int losing_[kColors] = {0, 0};   // consecutive own moves with score <= -resign score
  int winning_[kColors] = {0, 0};  // ... >= +resign score
  int level_[kColors] = {0, 0};    // ... within +/- draw score
  std::optional<Verdict> verdict_;
};

}  // namespace jiang::match
