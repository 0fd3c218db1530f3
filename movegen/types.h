// The vocabulary of the board: colours, pieces, squares and moves.
#pragma once

#include <cstdint>

namespace jiang {

inline constexpr int kFiles = 9;
inline constexpr int kRanks = 10;
inline constexpr int kSquares = kFiles * kRanks;

enum Color : uint8_t { Red = 0, Black = 1 };
inline constexpr int kColors = 2;

constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Kinds of piece. Zero is kept for "no piece" so that a Piece can pack colour and type in one byte.
enum PieceType : uint8_t { NoPieceType = 0, King, Advisor, Elephant, Horse, Rook, Cannon, Pawn };
inline constexpr int kPieceTypes = 8;  // including NoPieceType, for table sizes

// A piece is colour * 8 + type: bit 3 is the colour, the low three bits the type, and 0 is empty.
enum Piece : uint8_t { NoPiece = 0 };
inline constexpr int kPieceCodes = 16;

constexpr Piece make_piece(Color c, PieceType t) { return Piece((c << 3) | t); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }

// Squares are numbered rank * 9 + file: a0 = 0 (Red's left corner), i9 = 89 (Black's far corner).
enum Square : uint8_t { NoSquare = kSquares };

constexpr Square make_square(int file, int rank) { return Square(rank * kFiles + file); }
constexpr int file_of(Square s) { return s % kFiles; }
constexpr int rank_of(Square s) { return s / kFiles; }
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}

// Red's half is ranks 0-4, Black's ranks 5-9; the river runs between.
constexpr bool on_own_half(Color c, Square s) { return c == Red ? rank_of(s) <= 4 : rank_of(s) >= 5; }
constexpr bool in_palace(Color c, Square s) {
  int f = file_of(s), r = rank_of(s);
  return f >= 3 && f <= 5 && (c == Red ? r <= 2 : r >= 7);
}
// The rank a pawn of colour c moves towards.
constexpr int forward(Color c) { return c == Red ? 1 : -1; }

// A move packs from and to in 7 bits each. Zero (a0 to a0) is never a real move, so it means "none".
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to) : raw_(uint16_t(from | (to << 7))) {}
  static constexpr Move none() { return Move(); }
  static constexpr Move from_raw(uint16_t raw) {
    Move m;
    m.raw_ = raw;
    return m;
  }

  constexpr Square from() const { return Square(raw_ & 0x7f); }
  constexpr Square to() const { return Square(raw_ >> 7); }
  constexpr uint16_t raw() const { return raw_; }
  constexpr explicit operator bool() const { return raw_ != 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  uint16_t raw_ = 0;
};

}  // namespace jiang
