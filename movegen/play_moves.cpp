#include "movegen/play_moves.h"

#include <optional>

#include "movegen/movegen.h"
#include "movegen/notation.h"

namespace jiang {

Position play_moves(std::string_view fen, const std::vector<std::string>& moves) {
  Position pos = Position::from_fen(fen);
  pos.in_check();  // recorded in the history: repetition rules need to know who was checking
  for (const std::string& text : moves) {
    const std::optional<Move> m = parse_move(text);
    if (!m) throw MoveError("malformed move '" + text + "'");
    if (!is_legal(pos, *m)) throw MoveError("illegal move '" + text + "' in " + pos.fen());
    pos.make_move(*m);
    pos.in_check();
  }
  return pos;
}

}  // namespace jiang
