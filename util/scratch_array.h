// A fixed array whose elements start uninitialised: for the move buffers a search node fills before it
// reads them. A std::array of moves is zeroed on construction (Move's default is the null move), which
// in the search's hot path cost about 5% of the time (perf, 2026-12-04): kilobytes a node, never read.
#pragma once

#include <cstddef>
#include <type_traits>

namespace jiang {

template <typename T, size_t N>
class ScratchArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "elements are written before they are read, and never destroyed");

 public:
  ScratchArray() {}  // leaves items_ uninitialised, unlike `= default` with a member initializer
  T& operator[](size_t i) { return items_[i]; }
  const T& operator[](size_t i) const { return items_[i]; }
  T* data() { return items_; }
  const T* data() const { return items_; }

 private:
  union {
    T items_[N];
  };
};

}  // namespace jiang
