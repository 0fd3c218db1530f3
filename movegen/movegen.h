// Move generation from the templates and pre-set tables: pseudo-legal and legal moves, and the
// legality filter.
#pragma once

#include <array>

#include "movegen/general_safety.h"
#include "movegen/position.h"
#include "util/scratch_array.h"

namespace jiang {

// No Xiangqi position has more than 2*17 rook + 2*17 cannon + 2*8 horse + 5*3 pawn + 4 + 4 + 8 = 115
// pseudo-legal moves, so a fixed array never overflows.
inline constexpr int kMaxMoves = 128;

class MoveList {
 public:
  void push(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  bool contains(Move m) const;
  void truncate(int size) { size_ = size; }

 private:
  ScratchArray<Move, kMaxMoves> moves_;  // only the first size_ are ever read
  int size_ = 0;
};

enum class GenType { Captures, Quiets, All };

// Pseudo-legal moves of the side to move: they obey how each piece moves but may leave the general
// attacked or facing the other general. Appends to `list`.
template <GenType Type>
void generate(const Position& pos, MoveList& list);

// Decides legality of the side to move's pseudo-legal moves, one at a time, for a search that generates
// pseudo-legal moves and tries them in its own order. Built once per position from the general's
// pins, checks and gaps (GeneralSafety): out of check only a step of the general needs an attack test.
class LegalityFilter {
 public:
  explicit LegalityFilter(const Position& pos) : pos_(pos), safety_(pos) {}
  bool legal(Move m) const { return safety_.legal(pos_, m); }

 private:
  const Position& pos_;
  GeneralSafety safety_;
};

// All legal moves of the side to move. An empty list means the side to move has lost: Xiangqi has no
// stalemate draw.
void generate_legal(const Position& pos, MoveList& list);
// The number of legal moves, for perft's last ply.
int count_legal(const Position& pos);
// Whether the side to move has any legal move: stops at the first.
bool has_legal_move(const Position& pos);

// For moves from outside the generator (a GUI, a book, the transposition table): whether m is a move
// the side to move's piece could make on this board, and whether it is also legal.
bool is_pseudo_legal(const Position& pos, Move m);
bool is_legal(const Position& pos, Move m);

}  // namespace jiang
