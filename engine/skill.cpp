#include "engine/skill.h"

#include "engine/limits.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <utility>

namespace jiang {
namespace {

// Level 0 looks about two plies ahead (a beginner who sees a capture and its recapture); each level
// multiplies the nodes by kNodeGrowth, so that level 19 spends a few seconds' worth.
constexpr double kWeakestNodes = 256;
constexpr double kNodeGrowth = 1.6;
// Level 0 may prefer a move up to 600 cp (more than a horse) worse than its best line; the error falls with the
// square of the distance to full strength, so the top levels almost always play their best line.
constexpr double kWeakestError = 600;

// The calibration (docs/strength.md, "Strength levels"): five levels' gauntlets at 4 s + 0.04 s against
// Debian's engines and fairy-stockfish at fixed UCI_Elo settings and at full strength, one rating fit over
// all the games with fairy-stockfish's 2200 held at 2200, rounded to tens; linear in between.
constexpr std::array<std::pair<double, int>, 5> kLevelElo{{
    {0, kMinSkillElo}, {5, 1790}, {10, 2420}, {15, 2750}, {kMaxSkillLevel - 1, kMaxSkillElo}}};

}  // namespace

uint64_t Skill::node_cap() const {
  return uint64_t(kWeakestNodes * std::pow(kNodeGrowth, std::clamp(level, 0.0, double(kMaxSkillLevel))));
}

Score Skill::max_error() const {
  const double distance = 1.0 - std::clamp(level, 0.0, double(kMaxSkillLevel)) / kMaxSkillLevel;
  return Score(std::lround(kWeakestError * distance * distance));
}

double skill_level_for_elo(int elo) {
  elo = std::clamp(elo, kMinSkillElo, kMaxSkillElo);
  for (size_t i = 1; i < kLevelElo.size(); ++i) {
    const auto [level_hi, elo_hi] = kLevelElo[i];
    const auto [level_lo, elo_lo] = kLevelElo[i - 1];
    if (elo <= elo_hi) return level_lo + (level_hi - level_lo) * double(elo - elo_lo) / double(elo_hi - elo_lo);
  }
  return kLevelElo.back().first;
}

SearchLimits with_skill_limits(SearchLimits limits) {
  if (!limits.skill.enabled()) return limits;
  const uint64_t cap = limits.skill.node_cap();
  limits.nodes = limits.nodes ? std::min(limits.nodes, cap) : cap;
  limits.multipv = std::max(limits.multipv, Skill::kLines);
  return limits;
}

Move choose_skill_move(const Skill& skill, const std::vector<ScoredMove>& lines) {
  if (lines.empty()) return Move::none();
  std::mt19937_64 rng(skill.seed);
  std::uniform_int_distribution<int> error(0, skill.max_error());
  Move chosen = lines.front().move;
  int best_total = INT32_MIN;
  for (size_t i = 0; i < lines.size() && i < size_t(Skill::kLines); ++i) {
    const Score score = lines[i].score;
    const int total = is_mate_score(score) ? score : score + error(rng);
    if (total > best_total) best_total = total, chosen = lines[i].move;
  }
  return chosen;
}

}  // namespace jiang
