// A game record given on the command line (--fen and --moves), as judge and show read it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "movegen/position.h"

namespace jiang {

// The position after `moves` (ICCS words separated by blanks) from `fen`. On a bad FEN or an illegal
// move it says what is wrong on stderr ("jiang COMMAND: ...") and returns nothing: the command then
// exits with 2.
std::optional<Position> position_from_record(std::string_view command, const std::string& fen, const std::string& moves);

}  // namespace jiang
