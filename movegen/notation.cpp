#include "movegen/notation.h"

#include <cctype>

namespace jiang {

std::string to_string(Square s) { return {char('a' + file_of(s)), char('0' + rank_of(s))}; }

std::string to_string(Move m) { return m ? to_string(m.from()) + to_string(m.to()) : "0000"; }

std::optional<Move> parse_move(std::string_view text) {
  if (text.size() != 4) return std::nullopt;
  int coords[4];
  for (int i = 0; i < 4; ++i) {
    const char c = char(std::tolower(static_cast<unsigned char>(text[i])));
    coords[i] = i % 2 == 0 ? c - 'a' : c - '0';
    if (coords[i] < 0 || coords[i] >= (i % 2 == 0 ? kFiles : kRanks)) return std::nullopt;
  }
  const Square from = make_square(coords[0], coords[1]), to = make_square(coords[2], coords[3]);
  if (from == to) return std::nullopt;
  return Move(from, to);
}

}  // namespace jiang
