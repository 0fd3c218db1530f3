#include "engine/cli/board_picture.h"

#include <cctype>

namespace jiang {
namespace {

// Fullwidth plus and fullwidth letters keep each cell two columns wide beside the CJK characters.
constexpr std::string_view kEmptyUnicode = "＋";
constexpr std::string_view kEmptyAscii = ".";
constexpr std::string_view kFileLetters = "abcdefghi";

char fen_letter(Piece p) {
  static constexpr std::string_view kLetters = " kabnrcp";
  const char c = kLetters[type_of(p)];
  return color_of(p) == Red ? char(std::toupper(c)) : c;
}

std::string cell(const BoardPicture& picture, Square s, bool unicode) {
  const Piece p = picture.pos.piece_on(s);
  std::string body = p == NoPiece ? std::string(unicode ? kEmptyUnicode : kEmptyAscii)
                                  : unicode ? std::string(piece_glyph(p)) : std::string(1, fen_letter(p));
  const bool marked = picture.last_move && (s == picture.last_move.from() || s == picture.last_move.to());
  return marked ? "[" + body + "]" : " " + body + " ";
}

std::string file_labels(bool unicode, bool flip) {
  std::string line = "  ";
  for (int i = 0; i < kFiles; ++i) {
    const char letter = kFileLetters[size_t(flip ? kFiles - 1 - i : i)];
    line += unicode ? std::string(" ") + letter + "  " : std::string(" ") + letter + " ";
  }
  line.erase(line.find_last_not_of(' ') + 1);
  return line + "\n";
}

// The river between ranks 4 and 5, as wide as the ranks.
std::string river(bool unicode) {
  const int board_columns = kFiles * (unicode ? 4 : 3);
  const std::string label = unicode ? " 楚河  漢界 " : " river ";
  const int label_columns = unicode ? 12 : 7;  // each CJK character takes two columns
  const int left = (board_columns - label_columns) / 2;
  return "  " + std::string(size_t(left), '~') + label + std::string(size_t(board_columns - label_columns - left), '~') + "\n";
}

}  // namespace

std::string board_text(const BoardPicture& picture, bool unicode) {
  std::string text = file_labels(unicode, picture.flip);
  for (int row = 0; row < kRanks; ++row) {
    const int rank = picture.flip ? row : kRanks - 1 - row;
    if (row == kRanks / 2) text += river(unicode);
    std::string line = std::to_string(rank) + " ";
    for (int i = 0; i < kFiles; ++i) line += cell(picture, make_square(picture.flip ? kFiles - 1 - i : i, rank), unicode);
    text += line + " " + std::to_string(rank) + "\n";
  }
  return text + file_labels(unicode, picture.flip);
}

}  // namespace jiang
