// What a search is asked to do: how deep, how many nodes, how much time, which root moves.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/search_mode.h"
#include "engine/skill.h"
#include "movegen/types.h"
#include "rules/rules.h"

namespace jiang {

inline constexpr int64_t kDefaultMoveOverheadMs = 50;
inline constexpr int64_t kMaxMoveOverheadMs = 5000;
// More principal variations than a Xiangqi position has legal moves.
inline constexpr int kMaxMultiPv = 128;

struct SearchLimits {
  int depth = 0;           // 0: no depth limit
  uint64_t nodes = 0;      // 0: no node limit
  int mate = 0;            // moves: stop once a mate in at most this many is found; 0: no mate search
  int64_t movetime_ms = 0; // exact time for this move; 0: none
  // Clock: remaining time and increment per colour, moves to the next time control (0: sudden death).
  std::array<int64_t, 2> time_ms{-1, -1};  // -1: no clock for that side
  std::array<int64_t, 2> increment_ms{0, 0};
  int movestogo = 0;
  bool infinite = false;   // search until stopped
  bool ponder = false;     // pondering: no time limit until ponderhit
  std::vector<Move> banned;  // root moves the GUI forbids (UCCI banmoves)
  std::vector<Move> only;    // if not empty, search only these root moves (UCI searchmoves)
  int multipv = 1;           // principal variations to find and report, best first (UCI MultiPV)
  // Time lost between the GUI's clock and ours (process switches, adapters such as uci2wb): never
  // planned on. The protocols' `Move Overhead` option.
  int64_t move_overhead_ms = kDefaultMoveOverheadMs;
  // Which repetitions lose, for the search's verdicts: the protocols' `Repetition Rule` option.
  RuleSet rules = kDefaultRuleSet;
  // Weaker play (the protocols' Skill Level / UCI_Elo); full strength by default.
  Skill skill;
  // Which search design and move order answer, with the modes' settings (the protocols' `Search Mode`,
  // `Move Order`, TwoStage and BestFirst options).
  SearchDesign design;

  bool has_clock(int color) const { return time_ms[color] >= 0; }
};

// The limits a search at `limits.skill` obeys: its node cap and enough lines to choose among.
SearchLimits with_skill_limits(SearchLimits limits);

}  // namespace jiang
