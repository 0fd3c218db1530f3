// A batch of scored moves that a move picker hands out one at a time: the highest first by selection
// (most nodes use only the first few moves), or in a stable order by score, selected one at a time for
// the first few and sorted once if more are asked for. Between clear()s a batch is read one way only.
#pragma once

#include <array>
#include <optional>

#include "movegen/movegen.h"
#include "util/scratch_array.h"

namespace jiang {

class MoveBatch {
 public:
  // A move with its ordering score (a key for sorting, not a search score).
  struct ScoredMove {
    Move move;
    int score;
  };

  void clear() { size_ = current_ = 0; }
  void push(Move m, int score) { moves_[size_++] = {m, score}; }

  // Removes and returns the highest-scored move left.
  std::optional<ScoredMove> pop_best() {
    if (current_ >= size_) return std::nullopt;
    int best = current_;
    for (int i = current_ + 1; i < size_; ++i)
      if (moves_[i].score > moves_[best].score) best = i;
    std::swap(moves_[current_], moves_[best]);
    return moves_[current_++];
  }

  std::optional<ScoredMove> pop_front() {
    if (current_ >= size_) return std::nullopt;
    return moves_[current_++];
  }

  // Removes and returns the moves in the order of a stable sort by descending score (equal scores in
  // the order pushed). A node asks for about 5 of 27 quiet moves on average (bench), so the first
  // kSelectedFirst are found by selection, each taken out with the moves before it shifted up to keep
  // their order; past them the rest is sorted once, which gives the same order as sorting at the start.
  std::optional<ScoredMove> pop_in_order() {
    if (current_ >= size_) return std::nullopt;
    if (current_ == kSelectedFirst) sort();  // current_ counts the moves returned: one way of reading
    if (current_ >= kSelectedFirst) return moves_[current_++];
    int best = current_;
    for (int i = current_ + 1; i < size_; ++i)
      if (moves_[i].score > moves_[best].score) best = i;  // strictly: the earliest of equals
    const ScoredMove m = moves_[best];
    for (int i = best; i > current_; --i) moves_[i] = moves_[i - 1];
    moves_[current_++] = m;
    return m;
  }

 private:
  // Selections before pop_in_order sorts the rest: about where selection's cost per move (the moves
  // left) overtakes a sort's share (insertion sort: about a quarter of them each).
  static constexpr int kSelectedFirst = 8;

  // Descending by score, stable. Insertion sort: stable, and fast on the few dozen moves of a position.
  void sort() {
    for (int i = current_ + 1; i < size_; ++i) {
      const ScoredMove m = moves_[i];
      int j = i;
      for (; j > current_ && moves_[j - 1].score < m.score; --j) moves_[j] = moves_[j - 1];
      moves_[j] = m;
    }
  }

  ScratchArray<ScoredMove, kMaxMoves> moves_;  // only the first size_ are ever read
  int size_ = 0, current_ = 0;
};

}  // namespace jiang
