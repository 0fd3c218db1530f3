// A batch of scored moves that a move picker hands out one at a time: the highest first by selection
// (most nodes use only the first few moves), or in a stable order by score, selected one at a time for
// the first few and sorted once if more are asked for. Between clear()s a batch is read one way only.
#pragma once

#include <array>
#include <cstdint>
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
  void push(Move m, int score) {
    moves_[size_] = m;
    keys_[size_] = key(score, size_);
    ++size_;
  }

  // Removes and returns the highest-scored move left, the first of equals in the batch's current order
  // (which earlier picks have shuffled).
  std::optional<ScoredMove> pop_best() {
    if (current_ >= size_) return std::nullopt;
    // Written so that the compiler keeps the best in registers with conditional moves: the comparisons
    // are as good as random and mispredicted branches cost more than the scan.
    int best = current_;
    int32_t best_score = score_of(keys_[current_]);
    for (int i = current_ + 1; i < size_; ++i) {
      const int32_t s = score_of(keys_[i]);
      const bool better = s > best_score;
      best_score = better ? s : best_score;
      best = better ? i : best;
    }
    return take(best);
  }

  std::optional<ScoredMove> pop_front() {
    if (current_ >= size_) return std::nullopt;
    return take(current_);
  }

  // Removes and returns the moves in the order of a stable sort by descending score (equal scores in
  // the order pushed). Each key holds the score and the push order, so keys are distinct and the largest
  // left is the next move wherever the picks so far have put it. A node asks for about 5 of 27 quiet
  // moves on average (bench), so the first kSelectedFirst are found by selection and the rest sorted
  // once, which gives the same order as sorting at the start.
  std::optional<ScoredMove> pop_in_order() {
    if (current_ >= size_) return std::nullopt;
    if (current_ == kSelectedFirst) sort();  // current_ counts the moves returned: one way of reading
    if (current_ >= kSelectedFirst) return take(current_);
    int best = current_;
    int64_t best_key = keys_[current_];
    for (int i = current_ + 1; i < size_; ++i) {
      const bool better = keys_[i] > best_key;
      best_key = better ? keys_[i] : best_key;
      best = better ? i : best;
    }
    return take(best);
  }

 private:
  // Selections before pop_in_order sorts the rest: about where selection's cost per move (the moves
  // left) overtakes a sort's share (insertion sort: about a quarter of them each).
  static constexpr int kSelectedFirst = 8;

  // The score in the high half, the push order reversed in the low half: of equal scores the earlier
  // pushed has the larger key. (A multiplication, not a shift: a negative score shifts left only in C++20.)
  static int64_t key(int score, int pushed) { return int64_t(score) * (int64_t(1) << 32) + (kMaxMoves - pushed); }
  static int32_t score_of(int64_t key) { return int32_t(key >> 32); }
  static int pushed_of(int64_t key) { return kMaxMoves - int(key & 0xffffffff); }

  // Moves the key at i to the front of what is left and returns its move.
  ScoredMove take(int i) {
    const int64_t k = keys_[i];
    keys_[i] = keys_[current_];
    keys_[current_++] = k;
    return {moves_[pushed_of(k)], score_of(k)};
  }

  // Descending by key. Insertion sort: fast on the few dozen moves of a position; the keys are distinct,
  // so any correct sort gives this order.
  void sort() {
    for (int i = current_ + 1; i < size_; ++i) {
      const int64_t k = keys_[i];
      int j = i;
      for (; j > current_ && keys_[j - 1] < k; --j) keys_[j] = keys_[j - 1];
      keys_[j] = k;
    }
  }

  ScratchArray<Move, kMaxMoves> moves_;    // by push order: only the first size_ are ever read
  ScratchArray<int64_t, kMaxMoves> keys_;  // score and push order, picked ones before current_
  int size_ = 0, current_ = 0;
};

}  // namespace jiang
