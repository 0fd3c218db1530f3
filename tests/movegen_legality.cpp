// Legality cross-checks over many positions:
//  - an independent, deliberately naive implementation of the Xiangqi rules (the "oracle") on a plain
//    10x9 character array parsed from the FEN, sharing nothing with movegen but the FEN text;
//  - is_legal / is_pseudo_legal over all 90x90 (from, to) pairs against the generated lists;
//  - every generated move leaves the mover's general safe and the generals apart;
//  - captures + quiets == all.
// Positions come from random walks (from the start and from the perft suite) and from random
// placements of pieces, which give far more checks, pins and double checks than games do.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/position.h"
#include "support/naive_rules.h"
#include "support/suite.h"

using namespace jiang;
using namespace jiang::naive;

namespace {

// ---------------------------------------------------------------------------------------------------
// Positions to test.

// FENs of every position on `games` random walks, alternately from the start and from suite positions.
// Half the moves are captures when one is available, to reach thin endgames too.
std::vector<std::string> walk_positions(int games, int max_plies, uint64_t seed) {
  const auto starts = suite_fens();
  std::mt19937_64 rng(seed);
  std::vector<std::string> out;
  for (int game = 0; game < games; ++game) {
    Position pos = Position::from_fen(game % 2 ? starts[size_t(game / 2) % starts.size()] : std::string(kStartFen));
    for (int ply = 0; ply < max_plies; ++ply) {
      out.push_back(pos.fen());
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      MoveList captures;
      for (Move m : moves)
        if (pos.piece_on(m.to())) captures.push(m);
      const MoveList& pick = (rng() % 2 && !captures.empty()) ? captures : moves;
      pos.make_move(pick[int(rng() % pick.size())]);
    }
  }
  return out;
}

// Random placements: both generals anywhere in their palaces, and a random number of each other piece
// on squares it can stand on (its own rules, written here from scratch). Many of these have the side
// to move in check, often twice, and pinned pieces everywhere. Some are not legal positions (the
// generals face, or the side not to move is in check): `valid` says which, by the oracle.
struct Placement {
  std::string fen;
  bool valid;
};

bool may_stand(char piece, int f, int r) {
  const bool red = is_red(piece);
  const int own_r = red ? r : 9 - r;  // rank counted from the piece's own side
  switch (std::toupper(piece)) {
    case 'K': return f >= 3 && f <= 5 && own_r <= 2;
    case 'A': return (f == 3 || f == 5) ? (own_r == 0 || own_r == 2) : (f == 4 && own_r == 1);
    case 'B': {
      static const int points[7][2] = {{2, 0}, {6, 0}, {0, 2}, {4, 2}, {8, 2}, {2, 4}, {6, 4}};
      for (auto& p : points)
        if (p[0] == f && p[1] == own_r) return true;
      return false;
    }
    case 'P': return own_r >= 5 || ((own_r == 3 || own_r == 4) && f % 2 == 0);
    default: return true;
  }
}

std::string to_fen(const Board& b) {
  std::string fen;
  for (int r = 9; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 9; ++f) {
      if (b.at[r][f] == '.') {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += b.at[r][f];
    }
    if (empty) fen += char('0' + empty);
    if (r) fen += '/';
  }
  return fen + (b.red_to_move ? " w - - 0 1" : " b - - 0 1");
}

// Squares from which a piece pins, screens, blocks or checks a general on (gf, gr): its rank and file,
// its diagonal neighbours (the legs of horses attacking it) and the squares such horses stand on.
std::vector<Target> around_general(int gf, int gr) {
  std::vector<Target> out;
  for (int f = 0; f < 9; ++f)
    if (f != gf) out.push_back({f, gr});
  for (int r = 0; r < 10; ++r)
    if (r != gr) out.push_back({gf, r});
  for (auto [df, dr] : {std::pair{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1},
                        {-2, 1}, {2, -1}, {-2, -1}})
    if (valid_coord(gf + df, gr + dr)) out.push_back({gf + df, gr + dr});
  return out;
}

// With `crowd_the_general`, the side to move's general is placed first and every other piece lands
// around it half of the time: pins, gaps, cannon screens and double checks become common.
std::vector<Placement> random_placements(int count, uint64_t seed, bool crowd_the_general = false) {
  std::mt19937_64 rng(seed);
  std::vector<Placement> out;
  while (int(out.size()) < count) {
    Board b;
    for (auto& row : b.at) std::fill(std::begin(row), std::end(row), '.');
    b.red_to_move = rng() % 2;
    const bool black_first = crowd_the_general && !b.red_to_move;
    std::vector<Target> hot;
    for (const char* kinds : {black_first ? "karcnbp" : "KARCNBP", black_first ? "KARCNBP" : "karcnbp"}) {
      for (const char* k = kinds; *k; ++k) {
        const int most = std::toupper(*k) == 'K' ? 1 : std::toupper(*k) == 'P' ? 5 : 2;
        const int n = std::toupper(*k) == 'K' ? 1 : int(rng() % (most + 1));
        for (int placed = 0, tries = 0; placed < n && tries < 1000; ++tries) {
          Target t{int(rng() % 9), int(rng() % 10)};
          if (!hot.empty() && rng() % 2) t = hot[rng() % hot.size()];
          const int f = t.f, r = t.r;
          if (b.at[r][f] != '.' || !may_stand(*k, f, r)) continue;
          b.at[r][f] = *k;
          ++placed;
          if (crowd_the_general && hot.empty()) hot = around_general(f, r);  // the first piece is the mover's general
        }
      }
    }
    const bool valid = !generals_face(b) && !general_attacked(b, !b.red_to_move);
    out.push_back({to_fen(b), valid});
  }
  return out;
}

std::vector<std::string> generated_legal(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  std::vector<std::string> out;
  for (Move m : list) out.push_back(to_string(m));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("oracle: sanity on positions whose moves are known", "[legality][oracle]") {
  // The oracle itself must be right before it can judge: the start position has 44 moves, and the
  // published depth-1 counts of the suite.
  CHECK(legal_moves(parse_board(std::string(kStartFen))).size() == 44);
  const auto fens = suite_fens();
  const size_t d1[] = {44, 38, 7, 25, 28, 21, 28, 23, 21, 30, 19};
  for (size_t i = 0; i < std::size(d1) && i < fens.size(); ++i) {
    INFO(fens[i]);
    CHECK(legal_moves(parse_board(fens[i])).size() == d1[i]);
  }
  // Depth 2 of the start position, 1920, by the oracle alone.
  const Board start = parse_board(std::string(kStartFen));
  size_t d2 = 0;
  for (const std::string& m : legal_moves(start)) {
    Board after = start;
    const int ff = m[0] - 'a', fr = m[1] - '0', tf = m[2] - 'a', tr = m[3] - '0';
    after.at[tr][tf] = after.at[fr][ff];
    after.at[fr][ff] = '.';
    after.red_to_move = false;
    d2 += legal_moves(after).size();
  }
  CHECK(d2 == 1920);
}

TEST_CASE("oracle: generate_legal agrees on positions from random walks", "[legality][oracle]") {
  const auto fens = walk_positions(100, 200, 12345);
  REQUIRE(fens.size() > 10000);
  int failures = 0, checks = 0;
  for (const std::string& fen : fens) {
    const Position pos = Position::from_fen(fen);
    const Board b = parse_board(fen);
    const auto expected = legal_moves(b);
    const auto got = generated_legal(pos);
    const bool oracle_check = general_attacked(b, b.red_to_move);
    checks += oracle_check;
    if (got != expected || pos.in_check() != oracle_check) {
      ++failures;
      if (failures <= 5) {
        INFO(fen);
        CHECK(got == expected);
        CHECK(pos.in_check() == oracle_check);
      }
    }
  }
  CHECK(failures == 0);
  CHECK(checks > 100);  // the walks must reach positions in check for this test to mean much
}

// What the oracle comparison over placements saw.
struct PlacementCounts {
  int failures = 0, valid = 0, in_check = 0, double_check = 0, mated = 0;
};

PlacementCounts compare_with_oracle(const std::vector<Placement>& placements) {
  PlacementCounts n;
  for (const Placement& p : placements) {
    INFO(p.fen);
    bool accepted = true;
    Position pos;
    try {
      pos = Position::from_fen(p.fen);
    } catch (const FenError&) {
      accepted = false;
    }
    if (accepted != p.valid) {
      if (++n.failures <= 5) CHECK(accepted == p.valid);  // from_fen must reject exactly the illegal ones
      continue;
    }
    if (!accepted) continue;
    ++n.valid;
    const Board b = parse_board(p.fen);
    const auto expected = legal_moves(b);
    const auto got = generated_legal(pos);
    const int attackers = general_attackers(b, b.red_to_move);
    n.in_check += attackers > 0;
    n.double_check += attackers > 1;
    n.mated += expected.empty();
    if (got != expected || pos.in_check() != (attackers > 0) || count_legal(pos) != int(expected.size())) {
      if (++n.failures <= 5) {
        CHECK(got == expected);
        CHECK(pos.in_check() == (attackers > 0));
      }
    }
  }
  return n;
}

TEST_CASE("oracle: generate_legal and FEN validation agree on random placements", "[legality][oracle]") {
  const PlacementCounts n = compare_with_oracle(random_placements(15000, 777));
  CHECK(n.failures == 0);
  CHECK(n.valid > 4000);
  CHECK(n.in_check > 800);
  CHECK(n.mated > 0);
}

TEST_CASE("oracle: generate_legal agrees on placements crowded around the general", "[legality][oracle]") {
  const PlacementCounts n = compare_with_oracle(random_placements(15000, 4242, true));
  CHECK(n.failures == 0);
  CHECK(n.valid > 3000);
  CHECK(n.in_check > 1000);
  CHECK(n.double_check > 100);  // double checks, some answerable by a piece other than the general
  CHECK(n.mated > 0);
}

TEST_CASE("is_legal and is_pseudo_legal over all 90x90 (from, to) pairs", "[legality]") {
  auto fens = walk_positions(12, 150, 555);
  for (const Placement& p : random_placements(600, 556))
    if (p.valid) fens.push_back(p.fen);
  int failures = 0;
  for (size_t i = 0; i < fens.size(); ++i) {
    const Position pos = Position::from_fen(fens[i]);
    std::array<bool, kSquares * kSquares> legal{}, pseudo{};
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) legal[m.from() * kSquares + m.to()] = true;
    MoveList all;
    generate<GenType::All>(pos, all);
    for (Move m : all) pseudo[m.from() * kSquares + m.to()] = true;
    for (int from = 0; from < kSquares; ++from)
      for (int to = 0; to < kSquares; ++to) {
        const Move m{Square(from), Square(to)};
        const bool l = is_legal(pos, m), p = is_pseudo_legal(pos, m);
        if (l != legal[from * kSquares + to] || p != pseudo[from * kSquares + to]) {
          if (++failures <= 5) {
            INFO(fens[i] << " move " << to_string(m));
            CHECK(l == legal[from * kSquares + to]);
            CHECK(p == pseudo[from * kSquares + to]);
          }
        }
      }
  }
  CHECK(failures == 0);
  // Moves from outside the generator may be garbage: squares off the board, the null move.
  const Position start = Position::startpos();
  CHECK_FALSE(is_legal(start, Move::none()));
  CHECK_FALSE(is_pseudo_legal(start, Move::from_raw(uint16_t(kSquares))));             // from off the board
  CHECK_FALSE(is_pseudo_legal(start, Move::from_raw(uint16_t(25 | (kSquares << 7)))));  // h2 to off the board
  CHECK_FALSE(is_legal(start, Move::from_raw(uint16_t(127 | (127 << 7)))));
  CHECK(is_legal(start, Move::from_raw(uint16_t(25 | (22 << 7)))));  // h2e2, spelled as raw bits
}

TEST_CASE("every generated move leaves the general safe and the generals apart", "[legality]") {
  auto fens = walk_positions(20, 150, 999);
  for (const Placement& p : random_placements(1500, 998))
    if (p.valid) fens.push_back(p.fen);
  int failures = 0, moves_checked = 0;
  for (const std::string& fen : fens) {
    Position pos = Position::from_fen(fen);
    const Color mover = pos.side_to_move();
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
      pos.make_move(m);
      const Square red = pos.king_square(Red), black = pos.king_square(Black);
      bool facing = file_of(red) == file_of(black);
      for (int r = rank_of(red) + 1; facing && r < rank_of(black); ++r)
        if (pos.piece_on(make_square(file_of(red), r))) facing = false;
      if (pos.general_attacked(pos.king_square(mover), ~mover) || facing ||
          pos.piece_on(pos.king_square(mover)) != make_piece(mover, King)) {
        if (++failures <= 5) FAIL_CHECK(fen << ": " << to_string(m) << " leaves the general exposed");
      }
      pos.unmake_move();
      ++moves_checked;
    }
  }
  CHECK(failures == 0);
  CHECK(moves_checked > 50000);
}

TEST_CASE("captures + quiets == all, captures take enemy pieces, quiets go to empty squares", "[legality]") {
  auto fens = walk_positions(20, 150, 31337);
  for (const Placement& p : random_placements(1000, 31338))
    if (p.valid) fens.push_back(p.fen);
  int failures = 0;
  for (const std::string& fen : fens) {
    const Position pos = Position::from_fen(fen);
    const Color us = pos.side_to_move();
    MoveList captures, quiets, all;
    generate<GenType::Captures>(pos, captures);
    generate<GenType::Quiets>(pos, quiets);
    generate<GenType::All>(pos, all);
    std::vector<uint16_t> split, whole;
    bool ok = true;
    for (Move m : captures) {
      split.push_back(m.raw());
      const Piece target = pos.piece_on(m.to());
      ok &= target != NoPiece && color_of(target) != us;
    }
    for (Move m : quiets) {
      split.push_back(m.raw());
      ok &= pos.piece_on(m.to()) == NoPiece;
    }
    for (Move m : all) {
      whole.push_back(m.raw());
      const Piece p = pos.piece_on(m.from());
      ok &= p != NoPiece && color_of(p) == us;
    }
    std::sort(split.begin(), split.end());
    std::sort(whole.begin(), whole.end());
    ok &= split == whole;
    ok &= std::adjacent_find(whole.begin(), whole.end()) == whole.end();  // no move twice
    if (!ok && ++failures <= 5) FAIL_CHECK(fen << ": captures/quiets/all disagree");
  }
  CHECK(failures == 0);
}

TEST_CASE("the search's legality filter matches the full test and the legal generator's order", "[legality]") {
  auto fens = walk_positions(20, 150, 2718);
  for (const Placement& p : random_placements(1500, 2719, true))
    if (p.valid) fens.push_back(p.fen);
  int failures = 0;
  for (const std::string& fen : fens) {
    const Position pos = Position::from_fen(fen);
    MoveList pseudo, legal, filtered;
    generate<GenType::All>(pos, pseudo);
    generate_legal(pos, legal);
    const LegalityFilter filter(pos);
    bool ok = true;
    for (Move m : pseudo) {
      ok &= filter.legal(m) == pos.leaves_general_safe(m);
      if (filter.legal(m)) filtered.push(m);
    }
    // The legal list is the pseudo-legal one with the illegal moves left out, in the same order.
    ok &= std::equal(filtered.begin(), filtered.end(), legal.begin(), legal.end());
    ok &= count_legal(pos) == legal.size() && has_legal_move(pos) == !legal.empty();
    if (!ok && ++failures <= 5) FAIL_CHECK(fen << ": the filter, the generator or the count disagree");
  }
  CHECK(failures == 0);
}
