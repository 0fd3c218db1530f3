// Evaluations already made, by the position's Zobrist key. A search meets the same positions again
// (transpositions, re-searches after a failed aspiration window or null-window probe, the quiescence
// search revisiting captures) and the transposition table keeps only some of their evaluations.
//
// One cache per search thread: no locking. It belongs to one Evaluator (the caller passes the same one
// every time); a cache used with other weights would return the old weights' scores. A hit needs the
// whole 64-bit key to match, so a wrong hit needs two positions with one key.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "eval/eval_state.h"
#include "eval/evaluate.h"

namespace jiang {

class EvalCache {
 public:
  // 16384 entries of 16 bytes: 256 KB, which stays in the processor's second-level cache.
  static constexpr size_t kDefaultEntries = size_t(1) << 14;

  // Rounded down to a power of two, at least 2.
  explicit EvalCache(size_t entries = kDefaultEntries)
      : entries_(std::bit_floor(std::max<size_t>(entries, 2))), mask_(entries_.size() - 1) {
    clear();
  }

  // eval.evaluate(pos), from the cache when this position was evaluated before.
  Score evaluate(const Evaluator& eval, const Position& pos) {
    return cached(pos.key(), [&] { return eval.evaluate(pos); });
  }
  // The same for a position whose attack maps are built already (state.pos): a caller that needs the
  // maps anyway (best-first's threat estimates) evaluates once and leaves the score for the search.
  Score evaluate(const Evaluator& eval, EvalState& state) {
    return cached(state.pos.key(), [&] { return eval.evaluate(state); });
  }

  // Forgets every evaluation (the weights changed, or a new game begins) and the counters. An empty
  // entry must match no position: entry i holds a key that belongs in another entry.
  void clear() {
    for (size_t i = 0; i < entries_.size(); ++i) entries_[i] = {uint64_t(i + 1), 0};
    probes_ = hits_ = 0;
  }

  uint64_t probes() const { return probes_; }
  uint64_t hits() const { return hits_; }

 private:
  template <class Compute>
  Score cached(uint64_t key, Compute compute) {
    ++probes_;
    Entry& e = entries_[key & mask_];
    if (e.key == key) {
      ++hits_;
      return e.score;
    }
    e = {key, compute()};
    return e.score;
  }

  struct Entry {
    uint64_t key;
    Score score;
  };

  std::vector<Entry> entries_;
  uint64_t mask_;
  uint64_t probes_ = 0;
  uint64_t hits_ = 0;
};

}  // namespace jiang
