// Move ordering: the hash move first, then captures by victim and attacker value, then the killer
// moves of this ply, then quiet moves by their history score.
#pragma once

#include <array>

#include "eval/evaluate.h"
#include "movegen/movegen.h"

namespace jiang {

inline constexpr int kMaxKillerPly = 130;

// Killers and history: what refuted positions at the same ply, and which quiet moves cut off often.
class OrderingHistory {
 public:
  void clear();
  void add_killer(int ply, Move m);
  const std::array<Move, 2>& killers(int ply) const { return killers_[ply]; }
  bool is_killer(int ply, Move m) const {
    return ply < kMaxKillerPly && (killers_[ply][0] == m || killers_[ply][1] == m);
  }
  int history(Piece p, Square to) const { return history_[p][to]; }
  // Rewards the quiet move that cut off and penalises the quiet moves tried before it.
  void update(const Position& pos, Move best, const Move* tried, int tried_count, int depth);

 private:
  static constexpr int kHistoryMax = 1 << 14;  // keeps scores below the killer band
  void adjust(Piece p, Square to, int bonus);

  std::array<std::array<Move, 2>, kMaxKillerPly> killers_{};
  std::array<std::array<int, kSquares>, kPieceCodes> history_{};
};

// Picks moves one at a time, best first, from a list scored once.
class MovePicker {
 public:
  // All pseudo-legal moves (or captures only for quiescence) of the position, ordered.
  MovePicker(const Position& pos, const Evaluator& eval, const OrderingHistory& history, Move hash_move, int ply,
             bool captures_only);
  Move next();  // Move::none() when exhausted

 private:
  MoveList moves_;
  std::array<int, kMaxMoves> scores_;
  int current_ = 0;
};

}  // namespace jiang
