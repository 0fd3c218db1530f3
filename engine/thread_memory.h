// What one search thread keeps from one search to the next within a game: the move statistics it has
// learnt, the static evaluations it has made, and the best-first search's last tree. The evaluations
// and the tree belong to one set of weights: whoever changes the weights forgets them.
#pragma once

#include <memory>

#include "engine/history.h"
#include "eval/eval_cache.h"

namespace jiang {

namespace best_first {
struct KeptTree;  // engine/modes/best_first/kept_tree.h
}

struct ThreadMemory {
  Histories histories;
  EvalCache eval_cache;
  std::shared_ptr<best_first::KeptTree> best_first;  // none until a best-first search has run

  ThreadMemory() { histories.clear(); }
  void clear() {
    histories.clear();
    forget_evaluations();
  }
  void forget_evaluations() {
    eval_cache.clear();
    best_first.reset();
  }
};

}  // namespace jiang
