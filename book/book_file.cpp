#include "book/book_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <string_view>

#include "util/atomic_file.h"
#include "util/fingerprint.h"

namespace jiang::book {
namespace {

constexpr std::string_view kMagic("jiangbk\0", 8);
constexpr size_t kHeaderBytes = 24;
constexpr size_t kEntryBytes = 16;
constexpr uint32_t kMaxCount = 0xffff;  // what a u16 count holds
// No real book comes near this; a larger file is not a book, and reading it whole would take the memory.
constexpr uintmax_t kMaxFileBytes = uintmax_t(1) << 30;

void put(std::vector<uint8_t>& out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(uint8_t(value >> (8 * i)));
}

uint64_t get(std::span<const uint8_t> in, size_t at, int bytes) {
  uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value |= uint64_t(in[at + size_t(i)]) << (8 * i);
  return value;
}

bool valid_move(uint16_t raw) {
  const Move m = Move::from_raw(raw);
  return Move(m.from(), m.to()) == m && m.from() < kSquares && m.to() < kSquares && m.from() != m.to();
}

BookEntry entry_at(std::span<const uint8_t> bytes, size_t at, const std::string& source, size_t index) {
  BookEntry e;
  e.key = get(bytes, at, 8);
  const auto raw = uint16_t(get(bytes, at + 8, 2));
  if (!valid_move(raw)) throw BookError(source + ": corrupt: entry " + std::to_string(index) + " holds no move");
  e.move = Move::from_raw(raw);
  e.stats = {uint32_t(get(bytes, at + 10, 2)), uint32_t(get(bytes, at + 12, 2)), uint32_t(get(bytes, at + 14, 2))};
  return e;
}

void check_header(std::span<const uint8_t> bytes, const std::string& source) {
  if (bytes.size() < kHeaderBytes)
    throw BookError(source + ": not a book: " + std::to_string(bytes.size()) + " bytes, shorter than the header");
  if (!std::equal(kMagic.begin(), kMagic.end(), bytes.begin())) throw BookError(source + ": not a jiang book (no magic)");
  const auto version = uint32_t(get(bytes, 8, 4));
  if (version != kBookVersion)
    throw BookError(source + ": book version " + std::to_string(version) + ", this build reads version " +
                    std::to_string(kBookVersion));
  const uint64_t count = get(bytes, 12, 4);
  const uint64_t expected = kHeaderBytes + count * kEntryBytes;
  if (bytes.size() != expected)
    throw BookError(source + ": " + (bytes.size() < expected ? "truncated" : "trailing bytes") + ": the header says " +
                    std::to_string(count) + " entries (" + std::to_string(expected) + " bytes), the file has " +
                    std::to_string(bytes.size()) + " bytes");
  if (fnv1a(bytes.subspan(kHeaderBytes)) != get(bytes, 16, 8)) throw BookError(source + ": corrupt: checksum mismatch");
}

}  // namespace

std::vector<uint8_t> encode(const Book& book) {
  std::vector<uint8_t> body;
  for (const BookEntry& e : book.entries()) {
    put(body, e.key, 8);
    put(body, e.move.raw(), 2);
    for (uint32_t count : {e.stats.wins, e.stats.draws, e.stats.losses}) put(body, std::min(count, kMaxCount), 2);
  }
  std::vector<uint8_t> out(kMagic.begin(), kMagic.end());
  put(out, kBookVersion, 4);
  put(out, book.entries().size(), 4);
  put(out, fnv1a(body), 8);
  out.insert(out.end(), body.begin(), body.end());
  return out;
}

Book decode(std::span<const uint8_t> bytes, const std::string& source) {
  check_header(bytes, source);
  std::vector<BookEntry> entries;
  const size_t count = (bytes.size() - kHeaderBytes) / kEntryBytes;
  entries.reserve(count);
  for (size_t i = 0; i < count; ++i) entries.push_back(entry_at(bytes, kHeaderBytes + i * kEntryBytes, source, i));
  try {
    return Book(std::move(entries));
  } catch (const BookError& e) {
    throw BookError(source + ": corrupt: " + e.what());
  }
}

Book load_book(const std::filesystem::path& path) {
  std::error_code ec;
  const std::string name = path.string();
  if (std::filesystem::is_directory(path, ec)) throw BookError("cannot read book " + name + ": it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw BookError("cannot read book " + name + ": " + std::strerror(errno));
  const uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxFileBytes) throw BookError(name + ": not a book: " + std::to_string(size) + " bytes");
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw BookError("cannot read book " + name + ": read error");
  return decode(bytes, name);
}

void save_book(const Book& book, const std::filesystem::path& path) {
  const std::vector<uint8_t> bytes = encode(book);
  write_file_atomically(path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

}  // namespace jiang::book
