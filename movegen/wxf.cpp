#include "movegen/wxf.h"

#include <cstdlib>

namespace jiang {
namespace {

// The mover's number for a file: 1 at its right hand (Red's file i, Black's file a).
int file_number(Color side, int file) { return side == Red ? kFiles - file : file + 1; }

// How far a square lies from the mover's back rank: a larger number is further forward.
int advance(Color side, Square s) { return side == Red ? rank_of(s) : kRanks - 1 - rank_of(s); }

// Generals, rooks, cannons and pawns move along lines: along their file, the notation counts points.
bool moves_along_lines(PieceType t) { return t == King || t == Rook || t == Cannon || t == Pawn; }

// How the moved piece is named: by its file, or by its place among the pieces of its kind on that file.
struct Naming {
  PieceType type = NoPieceType;
  Color side = Red;
  int file = 0;        // the mover's number of the piece's file
  int order = 0;       // its place on that file, 0 at the front
  int on_file = 1;     // pieces of its kind on that file (1: named by the file)
  bool by_file = false;  // pawns stand two or more on two files: the file replaces the piece's name
};

int pieces_on_file(const Position& pos, Piece p, int file) {
  int n = 0;
  for (int rank = 0; rank < kRanks; ++rank) n += pos.piece_on(make_square(file, rank)) == p;
  return n;
}

Naming naming(const Position& pos, Move m) {
  const Piece piece = pos.piece_on(m.from());
  Naming n{type_of(piece), color_of(piece), file_number(color_of(piece), file_of(m.from()))};
  // An advisor or elephant names the file: of two on one file only one can go each way.
  if (n.type == Advisor || n.type == Elephant) return n;
  const int file = file_of(m.from());
  n.on_file = pieces_on_file(pos, piece, file);
  if (n.on_file == 1) return n;
  for (int rank = 0; rank < kRanks; ++rank) {
    const Square s = make_square(file, rank);
    n.order += pos.piece_on(s) == piece && advance(n.side, s) > advance(n.side, m.from());
  }
  if (n.type == Pawn) {
    int tandem_files = 0;
    for (int f = 0; f < kFiles; ++f) tandem_files += pieces_on_file(pos, piece, f) >= 2;
    n.by_file = tandem_files >= 2;
  }
  return n;
}

constexpr char kLetters[kPieceTypes] = {'?', 'K', 'A', 'E', 'H', 'R', 'C', 'P'};

// The WXF mark of a piece among `on_file` of its kind: + front, - rear, the file for the middle one of
// three or five, and ++ / -- for the outermost of four or five (which then stand without a letter).
std::string wxf_mark(const Naming& n) {
  const int from_rear = n.on_file - 1 - n.order;
  const bool outermost_of_many = n.on_file >= 4 && (n.order == 0 || from_rear == 0);
  if (outermost_of_many) return n.order == 0 ? "++" : "--";
  if (n.order == 0 || (n.on_file >= 4 && n.order == 1)) return "+";
  if (from_rear == 0 || (n.on_file >= 4 && from_rear == 1)) return "-";
  return std::to_string(n.file);  // the middle one
}

std::string wxf_name(const Naming& n) {
  const std::string letter(1, kLetters[n.type]);
  if (n.on_file == 1) return letter + std::to_string(n.file);
  const std::string mark = wxf_mark(n);
  if (n.by_file) return std::to_string(n.file) + mark;
  return mark.size() == 2 ? mark : letter + mark;
}

constexpr std::string_view kRedNumbers[kFiles + 1] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
constexpr std::string_view kBlackNumbers[kFiles + 1] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};

std::string_view number(Color side, int n) { return side == Red ? kRedNumbers[n] : kBlackNumbers[n]; }

// 前 中 後 for two or three on a file; for four or five pawns, their places counted from the front.
std::string_view place_word(const Naming& n) {
  if (n.on_file >= 4) return kRedNumbers[n.order + 1];
  if (n.order == 0) return "前";
  return n.order == n.on_file - 1 ? "後" : "中";
}

std::string chinese_name(const Naming& n, Piece piece) {
  if (n.on_file == 1) return std::string(piece_glyph(piece)) + std::string(number(n.side, n.file));
  if (n.by_file) return std::string(place_word(n)) + std::string(number(n.side, n.file));
  return std::string(place_word(n)) + std::string(piece_glyph(piece));
}

// The direction (-1, 0, +1 from the mover's side) and the number after it: points along the file for a
// piece moving along lines, else the file reached.
std::pair<int, int> direction_and_target(const Naming& n, Move m) {
  const int steps = advance(n.side, m.to()) - advance(n.side, m.from());
  const bool along_file = file_of(m.from()) == file_of(m.to());
  const int target = moves_along_lines(n.type) && along_file ? std::abs(steps) : file_number(n.side, file_of(m.to()));
  return {steps > 0 ? 1 : steps < 0 ? -1 : 0, target};
}

}  // namespace

std::string_view piece_glyph(Piece p) {
  static constexpr std::string_view kRed[kPieceTypes] = {"", "帥", "仕", "相", "傌", "俥", "炮", "兵"};
  static constexpr std::string_view kBlack[kPieceTypes] = {"", "將", "士", "象", "馬", "車", "砲", "卒"};
  return color_of(p) == Red ? kRed[type_of(p)] : kBlack[type_of(p)];
}

std::string wxf(const Position& pos, Move m) {
  const Naming n = naming(pos, m);
  const auto [direction, target] = direction_and_target(n, m);
  return wxf_name(n) + (direction > 0 ? '+' : direction < 0 ? '-' : '.') + std::to_string(target);
}

std::string chinese_notation(const Position& pos, Move m) {
  const Naming n = naming(pos, m);
  const auto [direction, target] = direction_and_target(n, m);
  const std::string_view verb = direction > 0 ? "進" : direction < 0 ? "退" : "平";
  return chinese_name(n, pos.piece_on(m.from())) + std::string(verb) + std::string(number(n.side, target));
}

}  // namespace jiang
