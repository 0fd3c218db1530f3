// The engine's own opening book, as the protocols' options set it (UCI OwnBook, BookFile, BookDepth,
// Book Variety; UCCI usebook, bookfiles, bookdepth, bookvariety), and the book move it gives for a `go`.
#pragma once

#include <memory>
#include <optional>
#include <random>
#include <string>

#include "book/book.h"
#include "book/choice.h"
#include "engine/limits.h"
#include "movegen/position.h"

namespace jiang::protocol {

class OwnBook {
 public:
  // Off: GUIs and match runners bring their own openings, and a test match between two builds must see
  // their searches, not the same book moves.
  static constexpr bool kDefaultEnabled = false;
  // Plies of the game the book is asked in: past the shipped book's 16, so that a deeper BookFile is used
  // as far as it goes without setting this too.
  static constexpr int kDefaultDepth = 32;
  static constexpr int kMaxDepth = 1000;
  static constexpr book::Variety kDefaultVariety = book::Variety::Best;

  OwnBook();  // the built-in book, off

  void set_enabled(bool on) { enabled_ = on; }
  void set_depth(int plies) { depth_ = plies; }
  void set_variety(book::Variety variety) { variety_ = variety; }
  // Loads a book file; an empty path means the built-in book. Throws book::BookError, keeping the
  // current book.
  void load(const std::string& path);

  // The book's move for `pos`, if the book is on, the game is within the depth and the position is in
  // the book. Only moves the search could play too: legal, not banned (UCCI banmoves), among
  // limits.only if given (UCI searchmoves), and not into a repetition that the rules (limits.rules) end
  // the game with: a book move never repeats, let alone loses by a perpetual check or chase.
  std::optional<book::BookEntry> choose(const Position& pos, const SearchLimits& limits);

 private:
  bool enabled_ = kDefaultEnabled;
  int depth_ = kDefaultDepth;
  book::Variety variety_ = kDefaultVariety;
  std::shared_ptr<const book::Book> book_;  // null only if the built-in book could not be read
  std::mt19937_64 random_;
};

}  // namespace jiang::protocol
