// The book file: little-endian, written and read field by field (never a struct in memory), so that it
// means the same on every machine.
//
//   header, 24 bytes:  magic "jiangbk\0" (8), version u32, entry count u32, checksum u64 (FNV-1a of
//                      every entry byte)
//   entries, 16 bytes each, sorted by key, then move:
//                      key u64 (Zobrist, movegen/zobrist.h), move u16 (Move::raw()),
//                      wins u16, draws u16, losses u16 (from the mover's side; capped at 65535)
//
// A file that is shorter or longer than its header says, of another version, with a wrong checksum,
// unsorted entries or impossible moves is rejected with a message; nothing is read out of bounds.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "book/book.h"

namespace jiang::book {

inline constexpr uint32_t kBookVersion = 1;

std::vector<uint8_t> encode(const Book& book);
// `source` names the bytes in messages. Throws BookError.
Book decode(std::span<const uint8_t> bytes, const std::string& source);

// Throws BookError naming the file.
Book load_book(const std::filesystem::path& path);
// Replaces the file whole (util/atomic_file.h). Throws FileWriteError.
void save_book(const Book& book, const std::filesystem::path& path);

}  // namespace jiang::book
