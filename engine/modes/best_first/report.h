// What the best-first search tells the GUI: an ordinary info line (the realistic line, the best root
// move's realistic score, the tree's depth along that line) and notes (`info string`) on the root
// moves' forks, votes and subtree sizes.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/modes/best_first/tree.h"
#include "engine/search_types.h"

namespace jiang::best_first {

// How the root stands, for the notes.
struct RootView {
  std::span<const uint32_t> votes;  // by root move
  std::span<const uint64_t> nodes;  // nodes generated below each root move
  Level level;                      // the estimates in use
  uint64_t expansions;
  uint64_t transpositions;  // expansions whose replies came from the same position elsewhere in the tree
  bool reused;              // the tree began as the last search's subtree
};

// The info line: depth = plies of the realistic line, score = the most realistic root move's S0,
// hashfull = permille of the tree's node budget in use.
SearchInfo tree_info(const Tree& tree, int seldepth, uint64_t nodes, int64_t time_ms);
// The notes: a summary of the tree, then one line for each of the kNoteMoves most realistic root moves.
std::vector<SearchInfo> root_notes(const Tree& tree, const RootView& view);

// Root moves listed in the notes: enough to see the contenders without flooding the GUI.
inline constexpr size_t kNoteMoves = 6;

}  // namespace jiang::best_first
