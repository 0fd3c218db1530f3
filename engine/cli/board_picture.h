// Pictures of a position for people: text for the terminal and SVG for documents. Red is at the bottom
// unless flipped; the last move's two squares are marked so that a reader sees what just happened.
#pragma once

#include <string>
#include <string_view>

#include "movegen/position.h"
#include "movegen/wxf.h"  // piece_glyph: the characters both pictures draw

namespace jiang {

struct BoardPicture {
  const Position& pos;
  Move last_move;     // Move::none(): nothing marked
  bool flip = false;  // Black at the bottom
};

// Unicode: the traditional characters on a grid of intersections, two columns each, as CJK fonts draw
// them; ASCII: the FEN letters (uppercase Red) for terminals without those fonts. The last move's squares
// are bracketed.
std::string board_text(const BoardPicture& picture, bool unicode);

// A standalone SVG document of the board (lines, palaces, river) and its pieces.
std::string board_svg(const BoardPicture& picture);

}  // namespace jiang
