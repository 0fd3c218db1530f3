// Positions built by hand for tests, as lists of (FEN letter, square), and their legal moves as sorted
// ICCS strings, so that a reader can check each expectation against the rules without decoding a FEN.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/position.h"

using Strings = std::vector<std::string>;

// Upper case is Red. Squares are ICCS: file a..i, rank 0..9 from Red's side.
inline jiang::Position board(std::initializer_list<std::pair<char, const char*>> pieces, char side) {
  char cells[10][9] = {};
  for (auto [letter, square] : pieces) {
    const int file = square[0] - 'a', rank = square[1] - '0';
    REQUIRE((file >= 0 && file < 9 && rank >= 0 && rank < 10));
    REQUIRE(cells[rank][file] == 0);
    cells[rank][file] = letter;
  }
  std::string fen;
  for (int rank = 9; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 9; ++file) {
      if (!cells[rank][file]) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += cells[rank][file];
    }
    if (empty) fen += char('0' + empty);
    if (rank) fen += '/';
  }
  fen += side == 'w' ? " w - - 0 1" : " b - - 0 1";
  INFO(fen);
  return jiang::Position::from_fen(fen);
}

inline Strings sorted(Strings v) {
  std::sort(v.begin(), v.end());
  return v;
}

inline Strings legal_moves(const jiang::Position& pos) {
  jiang::MoveList list;
  jiang::generate_legal(pos, list);
  Strings out;
  for (jiang::Move m : list) out.push_back(jiang::to_string(m));
  return sorted(out);
}

// The legal moves of the piece on `square`.
inline Strings moves_of(const jiang::Position& pos, const char* square) {
  Strings out;
  for (const std::string& m : legal_moves(pos))
    if (m.compare(0, 2, square) == 0) out.push_back(m);
  return out;
}
