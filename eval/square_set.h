// A set of board squares as one 90-bit number (bit s is square s): what the evaluation's attack maps
// are made of, so that questions over the whole board ("which squares does Red attack more often than
// Black?") are a few bit operations instead of a loop over 90 squares.
#pragma once

#include <cstdint>

#include "movegen/types.h"

namespace jiang {

__extension__ typedef unsigned __int128 uint128;  // GCC and Clang; __extension__ keeps -Wpedantic quiet

class SquareSet {
 public:
  constexpr SquareSet() = default;

  static constexpr SquareSet of(Square s) { return SquareSet(uint128(1) << s); }
  static constexpr SquareSet all() { return SquareSet(kBoard); }
  // The files set in a 9-bit rank occupancy vector (movegen/tables.h), placed on that rank.
  static constexpr SquareSet rank_row(int rank, uint16_t files) { return SquareSet(uint128(files) << (rank * kFiles)); }
  // The ranks set in a 10-bit file occupancy vector, placed on that file.
  static constexpr SquareSet file_column(int file, uint16_t ranks) {
    const uint128 low = spread_five(ranks & 31u), high = spread_five(ranks >> 5);
    return SquareSet((low | high << (5 * kFiles)) << file);
  }

  constexpr bool contains(Square s) const { return (bits_ >> s) & 1; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int count() const {
    return __builtin_popcountll(uint64_t(bits_)) + __builtin_popcountll(uint64_t(bits_ >> 64));
  }
  // The lowest square of a non-empty set, removed from it: for iterating.
  Square pop_first() {
    const uint64_t low = uint64_t(bits_);
    const Square s = Square(low ? __builtin_ctzll(low) : 64 + __builtin_ctzll(uint64_t(bits_ >> 64)));
    bits_ &= bits_ - 1;
    return s;
  }

  constexpr SquareSet operator&(SquareSet o) const { return SquareSet(bits_ & o.bits_); }
  constexpr SquareSet operator|(SquareSet o) const { return SquareSet(bits_ | o.bits_); }
  constexpr SquareSet operator^(SquareSet o) const { return SquareSet(bits_ ^ o.bits_); }
  constexpr SquareSet operator~() const { return SquareSet(~bits_ & kBoard); }  // the complement on the board
  constexpr SquareSet& operator&=(SquareSet o) { return *this = *this & o; }
  constexpr SquareSet& operator|=(SquareSet o) { return *this = *this | o; }
  constexpr SquareSet& operator^=(SquareSet o) { return *this = *this ^ o; }
  constexpr bool operator==(const SquareSet&) const = default;

 private:
  static constexpr uint128 kBoard = (uint128(1) << kSquares) - 1;
  constexpr explicit SquareSet(uint128 bits) : bits_(bits) {}

  // Bits 0..4 of x moved to bits 0, 9, 18, 27, 36 (one file apart, a rank apart each): multiplying by
  // five copies of x shifted 8 apart puts bit i at i + 8k, and only k = i lands on a multiple of 9. No
  // two products share a bit, so nothing carries.
  static constexpr uint64_t spread_five(uint64_t x) { return (x * 0x0101010101ull) & 0x1008040201ull; }

  uint128 bits_ = 0;
};

// The squares where pred(square) holds.
template <typename Pred>
constexpr SquareSet squares_where(Pred pred) {
  SquareSet set;
  for (int s = 0; s < kSquares; ++s)
    if (pred(Square(s))) set |= SquareSet::of(Square(s));
  return set;
}

// Regions of the board, by colour.
inline constexpr SquareSet kOwnHalf[kColors] = {squares_where([](Square s) { return on_own_half(Red, s); }),
                                                squares_where([](Square s) { return on_own_half(Black, s); })};
inline constexpr SquareSet kPalace[kColors] = {squares_where([](Square s) { return in_palace(Red, s); }),
                                               squares_where([](Square s) { return in_palace(Black, s); })};

}  // namespace jiang
