// What one search thread keeps from one search to the next within a game: the move statistics it has
// learnt, the static evaluations it has made, and the best-first search's last tree. The evaluations
// and the tree belong to one set of weights: whoever changes the weights forgets them.
#pragma once

#include <cstddef>
#include <memory>
#include <new>

#include "engine/history.h"
#include "engine/system_memory.h"
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

  // Megabytes of history tables read at every node: on 2 MiB pages, as the transposition table is.
  static void* operator new(size_t bytes) {
    if (void* memory = allocate_large_pages(bytes)) return memory;
    throw std::bad_alloc();
  }
  static void operator delete(void* memory) { free_large_pages(memory); }

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
