// Ending a game early by the players' own scores or by its length, as cutechess and fastchess do: the
// one adjudicator of self-play, the tuner's games and `jiang match`. The rules of the game (mate,
// repetition, the 60-move rule) come first and are the referee's (referee.h).
#pragma once

#include <optional>

#include "movegen/types.h"
#include "rules/referee.h"

namespace jiang {

// A side loses when it has reported a score of -score or worse for `movecount` moves in a row and the
// other +score or better for its last `movecount` moves.
struct ResignRule {
  int movecount = 0;
  int score = 0;
};
// The game is drawn when, from full move `movenumber` on, both sides have reported scores within
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

class Adjudicator {
 public:
  explicit Adjudicator(const AdjudicationRules& rules) : rules_(rules) {}

  // After each move: who moved, the score it reported in centipawns from its own point of view (a mate
  // beyond every threshold; nothing if it reported none), and the plies played so far.
  void after_move(Color mover, std::optional<int> centipawns, int plies);
  // The verdict the scores and the length call for, if any: "resign adjudication", "draw adjudication"
  // or "max plies".
  std::optional<Verdict> verdict() const { return verdict_; }

 private:
  AdjudicationRules rules_;
  int losing_[kColors] = {0, 0};   // consecutive own moves with score <= -resign score
  int winning_[kColors] = {0, 0};  // ... >= +resign score
  int level_[kColors] = {0, 0};    // ... within +/- draw score
  std::optional<Verdict> verdict_;
};

}  // namespace jiang
