// The naive rules: see naive_rules.h.
#include "tests/support/naive_rules.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace jiang::naive {


Board parse_board(const std::string& fen) {
  Board b;
  for (auto& row : b.at) std::fill(std::begin(row), std::end(row), '.');
  std::istringstream in(fen);
  std::string placement, side;
  in >> placement >> side;
  int r = 9, f = 0;
  for (char c : placement) {
    if (c == '/') {
      --r;
      f = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      f += c - '0';
    } else {
      char p = c;  // the aliases: H is a horse, E an elephant
      if (std::toupper(p) == 'H') p = is_red(p) ? 'N' : 'n';
      if (std::toupper(p) == 'E') p = is_red(p) ? 'B' : 'b';
      b.at[r][f++] = p;
    }
  }
  b.red_to_move = side != "b";
  return b;
}

namespace {

bool in_own_palace(bool red, int f, int r) { return f >= 3 && f <= 5 && (red ? r >= 0 && r <= 2 : r >= 7 && r <= 9); }
bool on_own_side(bool red, int r) { return red ? r <= 4 : r >= 5; }

// Every square the piece on (f, r) could move to or capture on by how it moves, ignoring what stands
// on the target (the caller decides whether an own piece there forbids it).
std::vector<Target> reach(const Board& b, int f, int r) {
  std::vector<Target> out;
  const char piece = b.at[r][f];
  const bool red = is_red(piece);
  auto empty = [&](int ff, int rr) { return b.at[rr][ff] == '.'; };
  switch (std::toupper(piece)) {
    case 'K':
      for (auto [df, dr] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}})
        if (in_own_palace(red, f + df, r + dr)) out.push_back({f + df, r + dr});
      break;
    case 'A':
      for (auto [df, dr] : {std::pair{1, 1}, {1, -1}, {-1, 1}, {-1, -1}})
        if (in_own_palace(red, f + df, r + dr)) out.push_back({f + df, r + dr});
      break;
    case 'B':
      for (auto [df, dr] : {std::pair{2, 2}, {2, -2}, {-2, 2}, {-2, -2}}) {
        const int tf = f + df, tr = r + dr;
        if (valid_coord(tf, tr) && on_own_side(red, tr) && empty(f + df / 2, r + dr / 2)) out.push_back({tf, tr});
      }
      break;
    case 'N':
      for (auto [df, dr] : {std::pair{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}}) {
        const int tf = f + df, tr = r + dr;
        // The leg is the square one step along the long side of the L.
        const int lf = (df == 2 || df == -2) ? f + df / 2 : f;
        const int lr = (dr == 2 || dr == -2) ? r + dr / 2 : r;
        if (valid_coord(tf, tr) && empty(lf, lr)) out.push_back({tf, tr});
      }
      break;
    case 'R':
    case 'C': {
      const bool cannon = std::toupper(piece) == 'C';
      for (auto [df, dr] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
        int tf = f + df, tr = r + dr;
        while (valid_coord(tf, tr) && empty(tf, tr)) {
          out.push_back({tf, tr});
          tf += df, tr += dr;
        }
        if (!valid_coord(tf, tr)) continue;
        if (!cannon) {
          out.push_back({tf, tr});  // the first piece met
          continue;
        }
        // The first piece is the screen; the cannon takes the next piece beyond it.
        tf += df, tr += dr;
        while (valid_coord(tf, tr) && empty(tf, tr)) tf += df, tr += dr;
        if (valid_coord(tf, tr)) out.push_back({tf, tr});
      }
      break;
    }
    case 'P': {
      const int fwd = red ? 1 : -1;
      if (valid_coord(f, r + fwd)) out.push_back({f, r + fwd});
      if (!on_own_side(red, r)) {
        if (valid_coord(f - 1, r)) out.push_back({f - 1, r});
        if (valid_coord(f + 1, r)) out.push_back({f + 1, r});
      }
      break;
    }
    default: throw std::invalid_argument(std::string("naive rules: unknown piece ") + piece);
  }
  return out;
}

std::string square_name(int f, int r) { return {char('a' + f), char('0' + r)}; }

bool find_general(const Board& b, bool red, int& gf, int& gr) {
  for (int r = 0; r < 10; ++r)
    for (int f = 0; f < 9; ++f)
      if (b.at[r][f] == (red ? 'K' : 'k')) {
        gf = f, gr = r;
        return true;
      }
  return false;
}

}  // namespace

bool generals_face(const Board& b) {
  int rf, rr, bf, br;
  if (!find_general(b, true, rf, rr) || !find_general(b, false, bf, br)) return false;
  if (rf != bf) return false;
  for (int r = std::min(rr, br) + 1; r < std::max(rr, br); ++r)
    if (b.at[r][rf] != '.') return false;
  return true;
}

int general_attackers(const Board& b, bool red) {
  int gf, gr;
  if (!find_general(b, red, gf, gr)) return 1;  // captured: certainly not safe
  int attackers = 0;
  for (int r = 0; r < 10; ++r)
    for (int f = 0; f < 9; ++f)
      if (belongs_to(b.at[r][f], !red))
        for (Target t : reach(b, f, r))
          attackers += t.f == gf && t.r == gr;
  return attackers;
}

bool general_attacked(const Board& b, bool red) { return general_attackers(b, red) > 0; }

// All legal moves of the side to move: moves by the rules, then "is my general attacked or are the
// generals facing after the move".
std::vector<std::string> legal_moves(const Board& b) {
  std::vector<std::string> moves;
  const bool red = b.red_to_move;
  for (int r = 0; r < 10; ++r)
    for (int f = 0; f < 9; ++f) {
      if (!belongs_to(b.at[r][f], red)) continue;
      for (Target t : reach(b, f, r)) {
        if (belongs_to(b.at[t.r][t.f], red)) continue;
        Board after = b;
        after.at[t.r][t.f] = after.at[r][f];
        after.at[r][f] = '.';
        if (general_attacked(after, red) || generals_face(after)) continue;
        moves.push_back(square_name(f, r) + square_name(t.f, t.r));
      }
    }
  std::sort(moves.begin(), moves.end());
  return moves;
}

}  // namespace jiang::naive
