// The opening book file (book/book_file.h): any bytes are either rejected with BookError or give a book
// whose entries are sorted and unique (the Book constructor's promise) and that writes back as exactly the
// bytes read: the format has one spelling for each book, so anything accepted was that spelling.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "book/book_file.h"
#include "fuzz/check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace jiang;
  const std::span<const uint8_t> bytes(data, size);
  book::Book book;
  try {
    book = book::decode(bytes, "input");
  } catch (const book::BookError&) {
    return 0;
  }
  const std::vector<uint8_t> written = book::encode(book);
  fuzz::require(std::equal(written.begin(), written.end(), bytes.begin(), bytes.end()),
                "an accepted book file writes back as the same bytes");
  return 0;
}
