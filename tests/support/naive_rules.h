// A deliberately naive implementation of the Xiangqi rules (the "oracle"), sharing nothing with movegen
// but the FEN text: a plain 10x9 character array, each piece's moves written out by its rule, and a
// move legal when, played on a copy, it leaves the mover's general unattacked and the generals apart.
// Slow and obviously right; the legality tests and the FEN fuzz targets judge the move generator by it.
// Files 0..8 (a..i), ranks 0..9 (Red's back rank is 0). Upper case is Red, '.' is empty.
#pragma once

#include <string>
#include <vector>

namespace jiang::naive {

struct Board {
  char at[10][9];
  bool red_to_move = true;
};

struct Target {
  int f, r;
};

inline bool valid_coord(int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 10; }
inline bool is_red(char c) { return c >= 'A' && c <= 'Z'; }
inline bool belongs_to(char c, bool red) { return c != '.' && is_red(c) == red; }

// The board of a well-formed FEN (as Position::fen() writes it); the H and E aliases are read as N and B.
Board parse_board(const std::string& fen);
bool generals_face(const Board& b);
// How many pieces of the other side attack the general of `red` (one if it is missing).
int general_attackers(const Board& b, bool red);
bool general_attacked(const Board& b, bool red);
// All legal moves of the side to move in ICCS ("h2e2"), sorted.
std::vector<std::string> legal_moves(const Board& b);

}  // namespace jiang::naive
