// Weaker play for people. Below full strength the engine searches fewer nodes and, from the best few
// root lines, plays one chosen with a random error that grows as the level falls: it misses what a
// shallow look misses and sometimes prefers a slightly worse move, as a weaker player does, but never
// plays a move far worse than its best line when that line is clearly better.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/score.h"
#include "movegen/types.h"

namespace jiang {

// The levels of the protocols' `Skill Level`: 0 is the weakest, kMaxSkillLevel full strength.
inline constexpr int kMaxSkillLevel = 20;
// The UCI_Elo range: levels 0 and 19 as measured on fairy-stockfish's UCI_Elo scale (docs/strength.md,
// "Strength levels"); full strength is beyond it.
inline constexpr int kMinSkillElo = 1420;
inline constexpr int kMaxSkillElo = 2840;

struct Skill {
  // Fractional, so that UCI_Elo can fall between levels; kMaxSkillLevel or above is full strength.
  double level = kMaxSkillLevel;
  uint64_t seed = 0;  // for the random error; 0: the engine draws one

  bool enabled() const { return level < kMaxSkillLevel; }
  uint64_t node_cap() const;     // the most nodes a search at this level may spend
  Score max_error() const;       // the largest random bonus a line can get, in centipawns
  static constexpr int kLines = 4;  // how many of the best lines the choice is made among
};

// The level whose strength is `elo` on the calibrated scale (clamped to kMinSkillElo..kMaxSkillElo).
double skill_level_for_elo(int elo);

struct ScoredMove {
  Move move;
  Score score;
};

// The move a player at this level plays among `lines` (best first, as the search ranked them): each
// line's score gets a random bonus of up to max_error(), and the highest total wins. Lines with a mate
// score keep it unperturbed, so that a found mate is played and a mated line is never chosen over a
// line that is not mated.
Move choose_skill_move(const Skill& skill, const std::vector<ScoredMove>& lines);

}  // namespace jiang
