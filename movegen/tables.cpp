// Built at compile time, so no code runs before main and no table can be read before it is filled.
#include "movegen/tables.h"

namespace jiang {
namespace {

struct Delta {
  int file, rank;
};

constexpr void add(Template& t, int file, int rank, Square block) {
  t.steps[t.count++] = Step{make_square(file, rank), block};
}

// The palace a square belongs to, if any: a king or advisor standing there never leaves it.
constexpr bool same_palace(Square a, Square b) {
  return (in_palace(Red, a) && in_palace(Red, b)) || (in_palace(Black, a) && in_palace(Black, b));
}

constexpr bool same_half(Square a, Square b) { return (rank_of(a) <= 4) == (rank_of(b) <= 4); }

constexpr Templates build_templates() {
  constexpr Delta kOrthogonal[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  constexpr Delta kDiagonal[4] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  Templates t{};
  for (auto& from : t.horse_leg)
    for (Square& leg : from) leg = NoSquare;
  for (int s = 0; s < kSquares; ++s) {
    const Square sq = Square(s);
    const int f = file_of(sq), r = rank_of(sq);
    for (Delta d : kOrthogonal) {
      int tf = f + d.file, tr = r + d.rank;
      if (on_board(tf, tr) && same_palace(sq, make_square(tf, tr))) add(t.king[s], tf, tr, NoSquare);
    }
    for (Delta d : kDiagonal) {
      int tf = f + d.file, tr = r + d.rank;
      if (on_board(tf, tr) && same_palace(sq, make_square(tf, tr))) add(t.advisor[s], tf, tr, NoSquare);
      tf = f + 2 * d.file, tr = r + 2 * d.rank;
      if (on_board(tf, tr) && same_half(sq, make_square(tf, tr)))
        add(t.elephant[s], tf, tr, make_square(f + d.file, r + d.rank));
    }
    // Horse: the leg is the orthogonal neighbour on the side of the longer leg of the L.
    for (Delta leg : kOrthogonal) {
      const int lf = f + leg.file, lr = r + leg.rank;
      for (int side : {-1, 1}) {
        const int tf = lf + leg.file + (leg.file == 0 ? side : 0);
        const int tr = lr + leg.rank + (leg.rank == 0 ? side : 0);
        if (!on_board(tf, tr)) continue;
        add(t.horse[s], tf, tr, make_square(lf, lr));
        t.horse_leg[s][make_square(tf, tr)] = make_square(lf, lr);
        // Reverse view: a horse on (tf, tr) reaches sq through the leg next to it, towards sq.
        const Square from = make_square(tf, tr);
        const int back_f = f - tf, back_r = r - tr;
        const int bleg_f = tf + (back_f == 2 || back_f == -2 ? back_f / 2 : 0);
        const int bleg_r = tr + (back_r == 2 || back_r == -2 ? back_r / 2 : 0);
        add(t.horse_attackers[s], file_of(from), rank_of(from), make_square(bleg_f, bleg_r));
      }
    }
    for (Color c : {Red, Black}) {
      const int tr = r + forward(c);
      if (on_board(f, tr)) add(t.pawn[c][s], f, tr, NoSquare);
      if (!on_own_half(c, sq)) {
        if (on_board(f - 1, r)) add(t.pawn[c][s], f - 1, r, NoSquare);
        if (on_board(f + 1, r)) add(t.pawn[c][s], f + 1, r, NoSquare);
      }
    }
  }
  for (int s = 0; s < kSquares; ++s)
    for (Color c : {Red, Black})
      for (const Step& step : t.pawn[c][s]) add(t.pawn_attackers[c][step.to], file_of(Square(s)), rank_of(Square(s)), NoSquare);
  return t;
}

// Walks one line from `pos` in both directions over the occupancy `occ` of `length` bits.
constexpr LineMoves line_moves(int pos, unsigned occ, int length) {
  LineMoves m{0, 0, 0, 0};
  for (int dir : {-1, 1}) {
    int i = pos + dir;
    while (i >= 0 && i < length && !(occ & (1u << i))) {
      m.quiet |= uint16_t(1u << i);
      i += dir;
    }
    if (i < 0 || i >= length) continue;
    m.first_blockers |= uint16_t(1u << i);
    for (i += dir; i >= 0 && i < length; i += dir) {
      m.beyond_screen |= uint16_t(1u << i);
      if (occ & (1u << i)) {
        m.second_blockers |= uint16_t(1u << i);
        break;
      }
    }
  }
  return m;
}

template <int Length>
constexpr std::array<std::array<LineMoves, (1 << Length)>, Length> build_line_table() {
  std::array<std::array<LineMoves, (1 << Length)>, Length> table{};
  for (int pos = 0; pos < Length; ++pos)
    for (unsigned occ = 0; occ < (1u << Length); ++occ) table[pos][occ] = line_moves(pos, occ, Length);
  return table;
}

}  // namespace

constexpr Templates kTemplates = build_templates();
constexpr std::array<std::array<LineMoves, kRankOccupancies>, kFiles> kRankMoves = build_line_table<kFiles>();
constexpr std::array<std::array<LineMoves, kFileOccupancies>, kRanks> kFileMoves = build_line_table<kRanks>();

}  // namespace jiang
