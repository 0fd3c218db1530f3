// A position given as a FEN and the ICCS moves played from it, as the protocols, `jiang show` and
// `jiang book probe` take one.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "movegen/position.h"

namespace jiang {

// A move that is malformed or illegal where it is played.
class MoveError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The position reached by playing `moves` (ICCS strings) from `fen`, its record carrying the check flags
// the repetition rules read. Throws FenError or MoveError (naming the first bad move).
Position play_moves(std::string_view fen, const std::vector<std::string>& moves);

}  // namespace jiang
