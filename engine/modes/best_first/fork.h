// The fork of five estimates a best-first node carries (../shared/docs/seed-searches.md §2, Centaur):
// S2 (unlikely optimistic), S1 (optimistic), S0 (realistic), S-1 (pessimistic), S-2 (unlikely
// pessimistic), and the rule that backs them up from a position's replies.
//
// A node is a position reached by a move, and its fork is from the point of view of the side that made
// that move: the side to move in the parent, the one choosing among the node and its siblings. So a
// root move's fork is the root side's, and the backing-up rule reads exactly as in the document:
// S0(A) = -max S0(B), S1(A) = -max S-1(B), S-1(A) = -max S1(B), S2(A) = -max S-2(B), S-2(A) = -max S2(B).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "engine/score.h"

namespace jiang::best_first {

// Which pair of estimates guides the search: the likely threats (S1/S-1) or the unlikely ones too
// (S2/S-2), the width of the optimism the document widens to once the likely fork is narrow.
enum class Level : uint8_t { Likely = 1, Unlikely = 2 };

struct Fork {
  // [i] holds S(2 - i): S2, S1, S0, S-1, S-2. Scores fit 16 bits (|mate| = 30000), which keeps a node
  // small: the tree's size is its memory.
  std::array<int16_t, 5> s{};

  Score at(int k) const { return s[size_t(2 - k)]; }  // k in -2..2: at(1) is S1
  Score realistic() const { return at(0); }
  Score optimistic(Level level) const { return at(int(level)); }
  Score pessimistic(Level level) const { return at(-int(level)); }
  // Optimism less pessimism at `level`: how much the node's value is still in doubt. Zero when exact.
  Score width(Level level) const { return optimistic(level) - pessimistic(level); }

  // All five equal: a position whose value is known (mate, a rule's verdict).
  static Fork exact(Score v);
  // The fork seen from `plies` plies further down the line (fewer when negative): every mate that much
  // nearer. The mate scores count plies from the root, so a fork moved to another depth is shifted.
  Fork mates_nearer(int plies) const;
  // From a realistic score and the sizes (>= 0) of the two sides' threats, kept in order
  // S2 >= S1 >= S0 >= S-1 >= S-2 and clamped below the mate scores (a static guess never claims mate).
  static Fork from_threats(Score s0, Score gain, Score unlikely_gain, Score loss, Score unlikely_loss);
  bool operator==(const Fork&) const = default;
};

// The backing-up rule: the fork of a move A from the forks of all its replies B (not empty).
Fork back_up(std::span<const Fork> replies);

}  // namespace jiang::best_first
