#include "tuning/tuner/packed_position.h"

#include <string>

namespace jiang::tuner {
namespace {

constexpr char kLetters[kPieceTypes] = {' ', 'K', 'A', 'B', 'N', 'R', 'C', 'P'};  // FEN, Red's (upper case)

// The slot of every (colour, type, copy): the types in enum order, each taking max_pieces slots.
constexpr int first_slot(Color c, PieceType t) {
  int slot = c == Red ? 0 : PackedPosition::kSlots / 2;
  for (int u = King; u < t; ++u) slot += max_pieces(PieceType(u));
  return slot;
}

}  // namespace

PackedPosition pack(const Position& pos) {
  PackedPosition packed;
  packed.squares.fill(PackedPosition::kEmpty);
  for (Color c : {Red, Black})
    for (int t = King; t <= Pawn; ++t) {
      const Piece p = make_piece(c, PieceType(t));
      for (int i = 0; i < pos.count(p); ++i) packed.squares[first_slot(c, PieceType(t)) + i] = pos.squares(p)[i];
    }
  packed.side_to_move = pos.side_to_move();
  return packed;
}

// Through a FEN: Position keeps its board consistent only through from_fen and moves, and unpacking is
// rare (the traced loss falls back to it only when the exchange order of the pieces changes).
Position unpack(const PackedPosition& packed) {
  std::array<char, kSquares> board;
  board.fill(0);
  for (Color c : {Red, Black})
    for (int t = King; t <= Pawn; ++t)
      for (int i = 0; i < max_pieces(PieceType(t)); ++i) {
        const uint8_t s = packed.squares[first_slot(c, PieceType(t)) + i];
        if (s != PackedPosition::kEmpty) board[s] = char(c == Red ? kLetters[t] : kLetters[t] + ('a' - 'A'));
      }
  std::string fen;  // every empty square as its own "1", which FEN allows
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    for (int file = 0; file < kFiles; ++file) fen += board[make_square(file, rank)] ? board[make_square(file, rank)] : '1';
    fen += rank ? "/" : "";
  }
  fen += packed.side_to_move == Red ? " w - - 0 1" : " b - - 0 1";
  return Position::from_fen(fen);
}

}  // namespace jiang::tuner
