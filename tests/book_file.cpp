// The book file: what is written is read back; a file cut short, lengthened, or with any byte changed
// is rejected with a message (never read out of bounds); lookup by key.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "book/book_file.h"
#include "book/builtin_book.h"
#include "movegen/notation.h"
#include "tests/support/files.h"

using namespace jiang;
using namespace jiang::book;

namespace {

Book sample_book() {
  return Book({{1, *parse_move("b2e2"), {70000, 0, 1}},  // more wins than a file holds: capped
               {1, *parse_move("h2e2"), {3, 1, 2}},
               {0xfedcba9876543210ULL, *parse_move("h9g7"), {0, 5, 0}}});
}

}  // namespace

TEST_CASE("Book files: written and read back, counts capped, looked up by key", "[book]") {
  const std::vector<BookEntry> sorted = [] {
    std::vector<BookEntry> e = sample_book().entries();
    return e;
  }();
  CHECK_THROWS_AS(Book({sorted[0], sorted[0]}), BookError);      // twice
  CHECK_THROWS_AS(Book({sorted[2], sorted[0]}), BookError);      // out of order
  const Book read = decode(encode(sample_book()), "test");
  REQUIRE(read.entries().size() == 3);
  CHECK(read.positions() == 2);
  CHECK(read.moves(1).size() == 2);
  CHECK(read.moves(2).empty());
  CHECK(read.moves(0xfedcba9876543210ULL)[0].stats.draws == 5);
  CHECK(read.entries()[1].move == *parse_move("h2e2"));
  CHECK(read.entries()[0].stats.wins == 65535);
  CHECK(encode(sample_book()).size() == 24 + 3 * 16);
}

TEST_CASE("Book files cut short, lengthened or with any byte changed are rejected", "[book]") {
  const std::vector<uint8_t> bytes = encode(sample_book());
  for (size_t size = 0; size < bytes.size(); ++size) {
    INFO("first " << size << " bytes");
    CHECK_THROWS_AS(decode(std::span(bytes).first(size), "test"), BookError);
  }
  std::vector<uint8_t> longer = bytes;
  longer.push_back(0);
  CHECK_THROWS_WITH(decode(longer, "test"), Catch::Contains("trailing bytes"));
  for (size_t i = 0; i < bytes.size(); ++i) {
    std::vector<uint8_t> changed = bytes;
    changed[i] ^= 0x10;
    INFO("byte " << i);
    CHECK_THROWS_AS(decode(changed, "test"), BookError);
  }
  CHECK_THROWS_WITH(decode(std::span(bytes).first(30), "test"), Catch::Contains("truncated"));
}

TEST_CASE("Book files on disk: saved, loaded, missing ones named", "[book]") {
  const auto dir = testing::scratch_dir("book", "files");
  save_book(sample_book(), dir / "b.bin");
  CHECK(load_book(dir / "b.bin").entries().size() == 3);
  CHECK_THROWS_WITH(load_book(dir / "missing.bin"), Catch::Contains("missing.bin"));
  CHECK_THROWS_WITH(load_book(dir), Catch::Contains("directory"));
  CHECK_NOTHROW(builtin_book());
}
