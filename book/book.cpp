#include "book/book.h"

#include <algorithm>
#include <string>

namespace jiang::book {
namespace {

bool before(const BookEntry& a, const BookEntry& b) {
  return a.key != b.key ? a.key < b.key : a.move.raw() < b.move.raw();
}

}  // namespace

Book::Book(std::vector<BookEntry> entries) : entries_(std::move(entries)) {
  for (size_t i = 1; i < entries_.size(); ++i)
    if (!before(entries_[i - 1], entries_[i]))
      throw BookError("entry " + std::to_string(i) + " is out of order or repeats the one before");
}

std::span<const BookEntry> Book::moves(uint64_t key) const {
  const auto first = std::lower_bound(entries_.begin(), entries_.end(), key,
                                      [](const BookEntry& e, uint64_t k) { return e.key < k; });
  auto last = first;
  while (last != entries_.end() && last->key == key) ++last;
  return {first, last};
}

size_t Book::positions() const {
  size_t count = 0;
  for (size_t i = 0; i < entries_.size(); ++i) count += i == 0 || entries_[i].key != entries_[i - 1].key;
  return count;
}

}  // namespace jiang::book
