// Zobrist keys: one random 64-bit number per (piece, square) and one for the side to move.
#pragma once

#include <array>
#include <cstdint>

#include "movegen/types.h"

namespace jiang {

struct ZobristKeys {
  std::array<std::array<uint64_t, kSquares>, kPieceCodes> piece_square;
  uint64_t black_to_move;
};

extern const ZobristKeys kZobrist;

}  // namespace jiang
