// An opening book in memory: for each position (by its Zobrist key) the moves played there and how the
// games went on for the side that played them.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include "movegen/types.h"

namespace jiang::book {

// A book file that cannot be read: missing, truncated, corrupt, or of another version.
class BookError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The results of the games in which a move was played, from the mover's side.
struct MoveStats {
  uint32_t wins = 0;
  uint32_t draws = 0;
  uint32_t losses = 0;
  uint32_t games() const { return wins + draws + losses; }
};

struct BookEntry {
  uint64_t key = 0;  // Position::key() before the move
  Move move;
  MoveStats stats;
};

class Book {
 public:
  Book() = default;
  // Throws BookError unless the entries are sorted by key, then move, with no pair twice.
  explicit Book(std::vector<BookEntry> entries);

  // The moves of the position with this key (empty if it is not in the book). Its moves may be illegal
  // there: two positions can share a key, so a caller checks them.
  std::span<const BookEntry> moves(uint64_t key) const;
  const std::vector<BookEntry>& entries() const { return entries_; }
  size_t positions() const;

 private:
  std::vector<BookEntry> entries_;
};

}  // namespace jiang::book
