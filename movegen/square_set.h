// A set of board squares, one bit a square: what the evaluation's attack maps are made of, so that
// questions over the whole board ("which squares does Red attack more often than Black?") are a few
// bit operations instead of a loop over 90 squares.
//
// Two 64-bit words split at a rank boundary: ranks 0-6 (63 squares) in the low word, ranks 7-9 in the
// high one, square s at bit s of the low word or bit s - 63 of the high one. No rank straddles the two,
// so placing a rank's or a file's bits and moving a set by a rank or a file never carries from one word
// into the other (a 128-bit integer would, and compilers handle those shifts poorly).
#pragma once

#include <array>
#include <cstdint>

#include "movegen/types.h"

namespace jiang {

// Like a built-in integer, a SquareSet declared without an initializer holds garbage (so that arrays of
// them cost nothing to declare); `SquareSet set{}` is the empty set.
class SquareSet {
 public:
  SquareSet() = default;

  static constexpr SquareSet of(Square s);  // a table look-up, defined below
  // The files set in a 9-bit rank occupancy vector (movegen/tables.h), placed on that rank.
  static constexpr SquareSet rank_row(int rank, uint16_t files) {
    const bool high = rank >= kLowRanks;
    return SquareSet(high ? 0 : uint64_t(files) << (rank * kFiles),
                     high ? uint64_t(files) << ((rank - kLowRanks) * kFiles) : 0);
  }
  // The ranks set in a 10-bit file occupancy vector, placed on that file.
  static constexpr SquareSet file_column(int file, uint16_t ranks) {
    return SquareSet(spread(ranks & ((1u << kLowRanks) - 1)) << file, spread(ranks >> kLowRanks) << file);
  }

  // The other way: the files of the set on one rank, the ranks of the set on one file, as occupancy
  // vectors.
  constexpr uint16_t rank_bits(int rank) const {
    const bool high = rank >= kLowRanks;
    return uint16_t(((high ? high_ : low_) >> ((high ? rank - kLowRanks : rank) * kFiles)) & kRankMask);
  }
  constexpr uint16_t file_bits(int file) const {
    return uint16_t(gather((low_ >> file) & kFileMask) | gather((high_ >> file) & kFileMask) << kLowRanks);
  }

  constexpr bool contains(Square s) const {
    return s < kLowSquares ? (low_ >> s) & 1 : (high_ >> (s - kLowSquares)) & 1;
  }
  constexpr bool empty() const { return (low_ | high_) == 0; }
  constexpr int count() const { return __builtin_popcountll(low_) + __builtin_popcountll(high_); }
  // The lowest square of a non-empty set, removed from it: for iterating.
  Square pop_first() {
    if (low_) {
      const Square s = Square(__builtin_ctzll(low_));
      low_ &= low_ - 1;
      return s;
    }
    const Square s = Square(kLowSquares + __builtin_ctzll(high_));
    high_ &= high_ - 1;
    return s;
  }

  // Every square moved one rank towards Black's side (up) or Red's (down); squares that leave go.
  constexpr SquareSet rank_up() const {
    return SquareSet((low_ << kFiles) & kLowMask, ((high_ << kFiles) | (low_ >> kLastLowRankBit)) & kHighMask);
  }
  constexpr SquareSet rank_down() const {
    return SquareSet((low_ >> kFiles) | ((high_ & kRankMask) << kLastLowRankBit), high_ >> kFiles);
  }
  // Every square moved one file towards file i (right) or a (left). The caller removes the edge file
  // first: its squares would wrap onto the next rank.
  constexpr SquareSet file_right() const { return SquareSet((low_ << 1) & kLowMask, (high_ << 1) & kHighMask); }
  constexpr SquareSet file_left() const { return SquareSet(low_ >> 1, high_ >> 1); }

  constexpr SquareSet operator&(SquareSet o) const { return SquareSet(low_ & o.low_, high_ & o.high_); }
  constexpr SquareSet operator|(SquareSet o) const { return SquareSet(low_ | o.low_, high_ | o.high_); }
  constexpr SquareSet operator^(SquareSet o) const { return SquareSet(low_ ^ o.low_, high_ ^ o.high_); }
  // The complement on the board.
  constexpr SquareSet operator~() const { return SquareSet(low_ ^ kLowMask, high_ ^ kHighMask); }
  constexpr SquareSet& operator&=(SquareSet o) { return *this = *this & o; }
  constexpr SquareSet& operator|=(SquareSet o) { return *this = *this | o; }
  constexpr SquareSet& operator^=(SquareSet o) { return *this = *this ^ o; }
  constexpr bool operator==(const SquareSet&) const = default;

 private:
  static constexpr int kLowRanks = 7;
  static constexpr int kLowSquares = kLowRanks * kFiles;                // 63
  static constexpr int kLastLowRankBit = kLowSquares - kFiles;          // 54: where rank 6 starts
  static constexpr uint64_t kLowMask = (uint64_t(1) << kLowSquares) - 1;
  static constexpr uint64_t kHighMask = (uint64_t(1) << (kSquares - kLowSquares)) - 1;
  static constexpr uint64_t kRankMask = (uint64_t(1) << kFiles) - 1;
  static constexpr uint64_t kFileMask = 0x40201008040201ull;  // file a's squares in the low word

  constexpr SquareSet(uint64_t low, uint64_t high) : low_(low), high_(high) {}
  friend constexpr std::array<SquareSet, kSquares> single_squares();

  // Bits 0..6 of x moved to bits 0, 9, 18, ..., 54 (one rank apart each): multiplying by seven copies of
  // x shifted 8 apart puts bit i at i + 8k, and only k = i lands on a multiple of 9. No two products
  // share a bit, so nothing carries.
  static constexpr uint64_t spread(uint64_t x) { return (x * 0x01010101010101ull) & kFileMask; }
  // The reverse: bits 0, 9, 18, ..., 54 of x moved to bits 0..6. Multiplying by eight copies of x shifted
  // 8 apart puts bit 9i at 9i + 8k, which is 56 + i for k = 7 - i; no other product lands on bits 56-63,
  // and no two share a bit.
  static constexpr uint64_t gather(uint64_t x) { return (x * 0x0101010101010101ull) >> 56; }

  uint64_t low_;
  uint64_t high_;
};

constexpr std::array<SquareSet, kSquares> single_squares() {
  std::array<SquareSet, kSquares> sets{};
  for (int s = 0; s < kSquares; ++s)
    sets[s] = s < SquareSet::kLowSquares ? SquareSet(uint64_t(1) << s, 0)
                                         : SquareSet(0, uint64_t(1) << (s - SquareSet::kLowSquares));
  return sets;
}

// One set a square: loading it is cheaper than computing which word the bit goes to.
inline constexpr std::array<SquareSet, kSquares> kSingleSquare = single_squares();

constexpr SquareSet SquareSet::of(Square s) { return kSingleSquare[s]; }

// The squares where pred(square) holds.
template <typename Pred>
constexpr SquareSet squares_where(Pred pred) {
  SquareSet set{};
  for (int s = 0; s < kSquares; ++s)
    if (pred(Square(s))) set |= SquareSet::of(Square(s));
  return set;
}

inline constexpr SquareSet kFileA = squares_where([](Square s) { return file_of(s) == 0; });
inline constexpr SquareSet kFileI = squares_where([](Square s) { return file_of(s) == kFiles - 1; });

// Regions of the board, by colour.
inline constexpr SquareSet kOwnHalf[kColors] = {squares_where([](Square s) { return on_own_half(Red, s); }),
                                                squares_where([](Square s) { return on_own_half(Black, s); })};
inline constexpr SquareSet kPalace[kColors] = {squares_where([](Square s) { return in_palace(Red, s); }),
                                               squares_where([](Square s) { return in_palace(Black, s); })};

}  // namespace jiang
