// ICCS move strings ("h2e2": from-file, from-rank, to-file, to-rank; files a..i, ranks 0..9 from Red's side).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "movegen/types.h"

namespace jiang {

std::string to_string(Square s);
std::string to_string(Move m);  // "0000" for Move::none(), as the protocols write "no move"
// The move the text spells, or nothing if it is not four characters of the form above. Upper case is
// accepted. Says nothing about legality.
std::optional<Move> parse_move(std::string_view text);

}  // namespace jiang
