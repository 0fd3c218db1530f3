// The invariants every accepted position must keep, shared by the FEN and the `position ... moves`
// targets.
#pragma once

#include "movegen/position.h"

namespace jiang::fuzz {

// Its FEN reads back as the same position and writes the same FEN again.
void check_fen_round_trip(const Position& pos);
// generate_legal finds exactly the moves the naive rules (tests/support/naive_rules.h) find.
void check_legal_moves(const Position& pos);

}  // namespace jiang::fuzz
