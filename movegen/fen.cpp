// FEN in and out, with validation that names the field and the reason for any rejection.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

#include "movegen/position.h"
#include "movegen/zobrist.h"

namespace jiang {
namespace {

constexpr std::string_view kPieceLetters = " KABNRCP";  // indexed by PieceType

PieceType type_from_letter(char upper) {
  switch (upper) {
    case 'K': return King;
    case 'A': return Advisor;
    case 'B': case 'E': return Elephant;  // E and H are the aliases some GUIs write
    case 'N': case 'H': return Horse;
    case 'R': return Rook;
    case 'C': return Cannon;
    case 'P': return Pawn;
    default: return NoPieceType;
  }
}

char letter_of(Piece p) {
  const char c = kPieceLetters[type_of(p)];
  return color_of(p) == Red ? c : char(c - 'A' + 'a');
}

std::string square_name(Square s) {
  return std::string{char('a' + file_of(s)), char('0' + rank_of(s))};
}

std::string color_name(Color c) { return c == Red ? "Red" : "Black"; }

// Why a piece can never stand on a square, whatever was played before; nullptr if it can.
const char* unreachable_reason(Piece p, Square s) {
  const Color c = color_of(p);
  const int f = file_of(s);
  const int r = c == Red ? rank_of(s) : kRanks - 1 - rank_of(s);  // rank counted from its own side
  switch (type_of(p)) {
    case King: return in_palace(c, s) ? nullptr : "a general never leaves its palace";
    case Advisor:  // d0 f0 e1 d2 f2
      return in_palace(c, s) && (f + r) % 2 == 1 ? nullptr : "an advisor stays on the palace diagonals";
    case Elephant:  // c0 g0 a2 e2 i2 c4 g4
      return r <= 4 && r % 2 == 0 && (f + r) % 4 == 2 ? nullptr : "an elephant has only seven points on its own side";
    case Pawn:
      if (r < 3) return "a pawn never stands behind its start rank";
      return r >= 5 || f % 2 == 0 ? nullptr : "a pawn moves sideways only after crossing the river";
    default: return nullptr;
  }
}

void parse_board(std::string_view field, std::array<Piece, kSquares>& board) {
  int rank = kRanks - 1, file = 0, ranks_seen = 1;
  std::array<int, kPieceCodes> counts{};
  for (char ch : field) {
    if (ch == '/') {
      if (file != kFiles)
        throw FenError("FEN board: rank " + std::to_string(rank) + " has " + std::to_string(file) +
                       " files, expected 9");
      if (++ranks_seen > kRanks) throw FenError("FEN board: more than 10 ranks");
      --rank;
      file = 0;
    } else if (ch >= '1' && ch <= '9') {
      file += ch - '0';
      if (file > kFiles) throw FenError("FEN board: rank " + std::to_string(rank) + " has more than 9 files");
    } else {
      const PieceType t = type_from_letter(char(std::toupper(static_cast<unsigned char>(ch))));
      if (t == NoPieceType) throw FenError(std::string("FEN board: unknown piece letter '") + ch + "'");
      if (file >= kFiles) throw FenError("FEN board: rank " + std::to_string(rank) + " has more than 9 files");
      const Piece p = make_piece(std::isupper(static_cast<unsigned char>(ch)) ? Red : Black, t);
      const Square s = make_square(file, rank);
      if (const char* reason = unreachable_reason(p, s))
        throw FenError("FEN board: " + std::string(1, ch) + " on " + square_name(s) +
                       " is on a square that piece can never reach (" + reason + ")");
      if (++counts[p] > max_pieces(t))
        throw FenError("FEN board: too many '" + std::string(1, ch) + "' (at most " +
                       std::to_string(max_pieces(t)) + ")");
      board[s] = p;
      ++file;
    }
  }
  if (ranks_seen != kRanks)
    throw FenError("FEN board: " + std::to_string(ranks_seen) + " ranks, expected 10");
  if (file != kFiles)
    throw FenError("FEN board: rank 0 has " + std::to_string(file) + " files, expected 9");
  for (Color c : {Red, Black})
    if (counts[make_piece(c, King)] == 0) throw FenError("FEN board: " + color_name(c) + " has no general");
}

int parse_counter(std::string_view field, const char* name, int max) {
  int value = 0;
  auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
  if ((ec != std::errc() && ec != std::errc::result_out_of_range) || end != field.data() + field.size() || value < 0)
    throw FenError(std::string("FEN ") + name + ": '" + std::string(field) + "' is not a non-negative number");
  if (ec == std::errc::result_out_of_range || value > max)
    throw FenError(std::string("FEN ") + name + ": " + std::string(field) + " is above " + std::to_string(max));
  return value;
}

}  // namespace

Position Position::from_fen(std::string_view fen) {
  std::vector<std::string_view> fields;
  for (size_t i = 0; i < fen.size();) {
    while (i < fen.size() && std::isspace(static_cast<unsigned char>(fen[i]))) ++i;
    size_t j = i;
    while (j < fen.size() && !std::isspace(static_cast<unsigned char>(fen[j]))) ++j;
    if (j > i) fields.push_back(fen.substr(i, j - i));
    i = j;
  }
  if (fields.empty()) throw FenError("FEN: empty");
  if (fields.size() > 6) throw FenError("FEN: more than 6 fields");

  std::array<Piece, kSquares> board{};
  Position pos;
  parse_board(fields[0], board);
  for (int s = 0; s < kSquares; ++s)
    if (board[s]) pos.put_piece(board[s], Square(s));

  // The side to move may be omitted (Red); "r" is accepted for Red as some tools write it.
  if (fields.size() > 1) {
    const std::string_view side = fields[1];
    if (side == "w" || side == "r") pos.side_ = Red;
    else if (side == "b") pos.side_ = Black;
    else throw FenError("FEN side to move: '" + std::string(side) + "', expected w or b");
  }
  if (pos.side_ == Black) pos.key_ ^= kZobrist.black_to_move;
  // Fields 3 and 4 (castling, en passant) mean nothing in Xiangqi; any value, usually "-", is allowed.
  if (fields.size() > 4) pos.quiet_plies_ = uint16_t(parse_counter(fields[4], "halfmove clock", kMaxQuietPlies));
  // Some tools write a fullmove number of 0 for the first move: read as 1.
  if (fields.size() > 5) pos.fullmove_ = uint16_t(std::max(parse_counter(fields[5], "fullmove number", kMaxFullmove), 1));
  pos.validate();
  return pos;
}

void Position::validate() const {
  const Square red = king_square(Red), black = king_square(Black);
  if (file_of(red) == file_of(black)) {
    const uint16_t between = file_occ_[file_of(red)] & uint16_t(((1u << rank_of(black)) - 1) & ~((2u << rank_of(red)) - 1));
    if (!between) throw FenError("FEN: the generals face each other on an open file");
  }
  if (general_attacked(king_square(~side_), side_))
    throw FenError("FEN: the side not to move (" + color_name(~side_) + ") is in check");
}

std::string Position::fen() const {
  std::ostringstream out;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFiles; ++file) {
      const Piece p = board_[make_square(file, rank)];
      if (!p) {
        ++empty;
        continue;
      }
      if (empty) out << empty;
      empty = 0;
      out << letter_of(p);
    }
    if (empty) out << empty;
    if (rank) out << '/';
  }
  out << (side_ == Red ? " w" : " b") << " - - " << quiet_plies_ << ' ' << fullmove_;
  return out.str();
}

}  // namespace jiang
