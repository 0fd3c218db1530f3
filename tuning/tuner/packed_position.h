// A position in 33 bytes instead of sizeof(Position) (364): the square of each of the 32 pieces a side
// can have, in a fixed order of types, and the side to move. Enough to evaluate it again; the game
// record, counters and move number are not kept (the evaluation reads none of them).
#pragma once

#include <array>
#include <cstdint>

#include "movegen/position.h"

namespace jiang::tuner {

struct PackedPosition {
  static constexpr int kSlots = 32;           // 16 a side: 1 general, 2 advisors, elephants, horses,
  static constexpr uint8_t kEmpty = 0xff;     // rooks and cannons, 5 pawns; kEmpty for a missing piece
  std::array<uint8_t, kSlots> squares{};
  uint8_t side_to_move = Red;
};

PackedPosition pack(const Position& pos);
Position unpack(const PackedPosition& packed);

}  // namespace jiang::tuner
