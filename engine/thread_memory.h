// What one search thread keeps from one search to the next within a game: the move statistics it has
// learnt and the static evaluations it has made. The evaluations belong to one set of weights: whoever
// changes the weights clears the memory.
#pragma once

#include "engine/history.h"
#include "eval/eval_cache.h"

namespace jiang {

struct ThreadMemory {
  Histories histories;
  EvalCache eval_cache;

  ThreadMemory() { histories.clear(); }
  void clear() {
    histories.clear();
    eval_cache.clear();
  }
};

}  // namespace jiang
