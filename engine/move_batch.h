// A batch of scored moves that a move picker hands out one at a time: the highest first by selection
// (most nodes use only the first few moves), or all sorted once and then in order.
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

  // Descending by score, stable, so that pop_front gives them in order. Insertion sort: stable, and
  // fast on the few dozen moves of a position.
  void sort() {
    for (int i = current_ + 1; i < size_; ++i) {
      const ScoredMove m = moves_[i];
      int j = i;
      for (; j > current_ && moves_[j - 1].score < m.score; --j) moves_[j] = moves_[j - 1];
      moves_[j] = m;
    }
  }

 private:
  ScratchArray<ScoredMove, kMaxMoves> moves_;  // only the first size_ are ever read
  int size_ = 0, current_ = 0;
};

}  // namespace jiang
