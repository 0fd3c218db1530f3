// Perft: counts the leaves of the legal move tree, the standard proof that move generation is right.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "movegen/position.h"

namespace jiang {

uint64_t perft(Position& pos, int depth);

struct DivideEntry {
  std::string move;  // ICCS
  uint64_t nodes;
};
// The count under each legal root move, sorted by move string.
std::vector<DivideEntry> divide(Position& pos, int depth);

// One line of a perft suite: "FEN ;D1 44 ;D2 1920 ...".
struct PerftCase {
  std::string fen;
  std::vector<std::pair<int, uint64_t>> expected;  // (depth, leaves), in file order
};
// Throws std::invalid_argument naming what is wrong with the line. The FEN itself is checked later,
// when the position is built.
PerftCase parse_perft_case(std::string_view line);

}  // namespace jiang
