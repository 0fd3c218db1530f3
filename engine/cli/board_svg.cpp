#include "engine/cli/board_picture.h"

#include <sstream>

namespace jiang {
namespace {

// Points between lines and around the board; pieces nearly touch their neighbours, as on a real board.
constexpr int kStep = 50;
constexpr int kMargin = 56;  // room for the coordinates outside the edge pieces
constexpr int kPieceRadius = 22;
constexpr int kWidth = 2 * kMargin + (kFiles - 1) * kStep;
constexpr int kHeight = 2 * kMargin + (kRanks - 1) * kStep;
constexpr std::string_view kRedInk = "#b00000";
constexpr std::string_view kBlackInk = "#111111";
constexpr std::string_view kMoveInk = "#1f8a4c";

struct Point {
  int x, y;
};

Point point(const BoardPicture& picture, int file, int rank) {
  const int column = picture.flip ? kFiles - 1 - file : file;
  const int row = picture.flip ? rank : kRanks - 1 - rank;
  return {kMargin + column * kStep, kMargin + row * kStep};
}

void line(std::ostringstream& svg, Point a, Point b) {
  svg << "<line x1='" << a.x << "' y1='" << a.y << "' x2='" << b.x << "' y2='" << b.y << "'/>\n";
}

void draw_lines(std::ostringstream& svg, const BoardPicture& picture) {
  svg << "<g stroke='#5a3a1a' stroke-width='1.5'>\n";
  for (int rank = 0; rank < kRanks; ++rank) line(svg, point(picture, 0, rank), point(picture, kFiles - 1, rank));
  for (int file = 0; file < kFiles; ++file) {
    const bool edge = file == 0 || file == kFiles - 1;  // only the edge files cross the river
    line(svg, point(picture, file, 0), point(picture, file, edge ? kRanks - 1 : 4));
    if (!edge) line(svg, point(picture, file, 5), point(picture, file, kRanks - 1));
  }
  for (const int back : {0, kRanks - 3}) {  // the palaces' diagonals
    line(svg, point(picture, 3, back), point(picture, 5, back + 2));
    line(svg, point(picture, 5, back), point(picture, 3, back + 2));
  }
  svg << "</g>\n";
}

void draw_labels(std::ostringstream& svg, const BoardPicture& picture) {
  const int river_y = (point(picture, 0, 4).y + point(picture, 0, 5).y) / 2;
  svg << "<text x='" << kWidth / 2 << "' y='" << river_y
      << "' font-size='24' fill='#5a3a1a' text-anchor='middle' dominant-baseline='central'>楚 河　　　漢 界</text>\n";
  svg << "<g font-size='13' fill='#5a3a1a' text-anchor='middle' dominant-baseline='central'>\n";
  for (int file = 0; file < kFiles; ++file) {
    const Point p = point(picture, file, picture.flip ? kRanks - 1 : 0);
    svg << "<text x='" << p.x << "' y='" << kHeight - kMargin / 4 << "'>" << char('a' + file) << "</text>\n";
  }
  for (int rank = 0; rank < kRanks; ++rank)
    svg << "<text x='" << kMargin / 4 << "' y='" << point(picture, 0, rank).y << "'>" << rank << "</text>\n";
  svg << "</g>\n";
}

void draw_last_move(std::ostringstream& svg, const BoardPicture& picture) {
  if (!picture.last_move) return;
  for (const Square s : {picture.last_move.from(), picture.last_move.to()}) {
    const Point p = point(picture, file_of(s), rank_of(s));
    svg << "<circle cx='" << p.x << "' cy='" << p.y << "' r='" << kPieceRadius + 3 << "' fill='none' stroke='"
        << kMoveInk << "' stroke-width='3'" << (s == picture.last_move.from() ? " stroke-dasharray='5,4'" : "")
        << "/>\n";
  }
}

void draw_pieces(std::ostringstream& svg, const BoardPicture& picture) {
  for (int s = 0; s < kSquares; ++s) {
    const Piece piece = picture.pos.piece_on(Square(s));
    if (piece == NoPiece) continue;
    const Point p = point(picture, file_of(Square(s)), rank_of(Square(s)));
    const std::string_view ink = color_of(piece) == Red ? kRedInk : kBlackInk;
    svg << "<circle cx='" << p.x << "' cy='" << p.y << "' r='" << kPieceRadius << "' fill='#f3dfb6' stroke='" << ink
        << "' stroke-width='2'/>\n"
        << "<text x='" << p.x << "' y='" << p.y << "' font-size='26' fill='" << ink
        << "' text-anchor='middle' dominant-baseline='central'>" << piece_glyph(piece) << "</text>\n";
  }
}

}  // namespace

std::string board_svg(const BoardPicture& picture) {
  std::ostringstream svg;
  svg << "<svg xmlns='http://www.w3.org/2000/svg' width='" << kWidth << "' height='" << kHeight << "' viewBox='0 0 "
      << kWidth << " " << kHeight << "' font-family='Noto Serif CJK SC, Noto Sans CJK SC, serif'>\n"
      << "<rect width='100%' height='100%' fill='#e8c98f'/>\n";
  draw_lines(svg, picture);
  draw_labels(svg, picture);
  draw_last_move(svg, picture);
  draw_pieces(svg, picture);
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace jiang
