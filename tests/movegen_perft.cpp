// Perft against the published counts (data/perft.epd), divide, and the suite-line parser.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/perft.h"
#include "movegen/position.h"

using namespace jiang;

namespace {

// Deepest depth checked in the normal run. Every published line has its D1-D4 counts checked (about a
// quarter of a second in a release build, seconds under the sanitizers); the deeper counts are for the
// opt-in CTest `perft_full_suite`.
constexpr int kMaxDepth = 4;

struct SuiteLine {
  std::string fen;
  std::vector<std::pair<int, uint64_t>> counts;
};

// Reads the suite with a parser of its own, so that a bug in parse_perft_case cannot hide a failure.
std::vector<SuiteLine> read_suite() {
  const std::string path = std::string(JIANG_DATA_DIR) + "/perft.epd";
  std::ifstream in(path);
  INFO("suite file " << path);
  REQUIRE(in.good());
  std::vector<SuiteLine> lines;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    SuiteLine s;
    std::getline(fields, s.fen, ';');
    while (!s.fen.empty() && s.fen.back() == ' ') s.fen.pop_back();
    std::string field;
    while (std::getline(fields, field, ';')) {
      std::istringstream f(field);
      char d = 0;
      int depth = 0;
      uint64_t count = 0;
      f >> d >> depth >> count;
      REQUIRE(d == 'D');
      s.counts.emplace_back(depth, count);
    }
    lines.push_back(s);
  }
  return lines;
}

}  // namespace

TEST_CASE("perft: the published suite, shallow depths", "[perft]") {
  const auto suite = read_suite();
  REQUIRE(suite.size() >= 10);
  REQUIRE(suite[0].fen == std::string(kStartFen));
  int checked = 0;
  for (const SuiteLine& line : suite) {
    Position pos = Position::from_fen(line.fen);
    const Position before = pos;
    for (auto [depth, expected] : line.counts) {
      if (depth > kMaxDepth) continue;
      INFO(line.fen << " depth " << depth);
      CHECK(perft(pos, depth) == expected);
      ++checked;
    }
    CHECK(pos == before);  // perft leaves the position as it found it
    CHECK(pos.plies_played() == 0);
  }
  CHECK(checked >= 40);
}

TEST_CASE("perft: depth 0 is one leaf, depth 1 is the legal move count", "[perft]") {
  Position pos = Position::startpos();
  CHECK(perft(pos, 0) == 1);
  CHECK(perft(pos, 1) == 44);
  MoveList moves;
  generate_legal(pos, moves);
  CHECK(moves.size() == 44);
  CHECK(count_legal(pos) == 44);
}

TEST_CASE("divide: sorted, one entry per legal move, sums to perft", "[perft]") {
  const auto suite = read_suite();
  for (size_t i = 0; i < suite.size(); i += 3) {  // a spread of the suite, depths 1 to 3
    Position pos = Position::from_fen(suite[i].fen);
    for (int depth = 1; depth <= 3; ++depth) {
      INFO(suite[i].fen << " depth " << depth);
      const auto entries = divide(pos, depth);
      std::vector<std::string> names;
      uint64_t sum = 0;
      for (const DivideEntry& e : entries) {
        names.push_back(e.move);
        sum += e.nodes;
      }
      CHECK(std::is_sorted(names.begin(), names.end()));
      CHECK(std::adjacent_find(names.begin(), names.end()) == names.end());

      MoveList moves;
      generate_legal(pos, moves);
      std::vector<std::string> legal;
      for (Move m : moves) legal.push_back(to_string(m));
      std::sort(legal.begin(), legal.end());
      CHECK(names == legal);

      CHECK(sum == perft(pos, depth));
      for (auto [d, expected] : suite[i].counts)
        if (d == depth) CHECK(sum == expected);

      // Each entry is the count below that move.
      for (const DivideEntry& e : entries) {
        const auto m = parse_move(e.move);
        REQUIRE(m);
        pos.make_move(*m);
        CHECK(perft(pos, depth - 1) == e.nodes);
        pos.unmake_move();
      }
    }
  }
}

TEST_CASE("divide: the start position at depth 3 sums to the published 79666", "[perft]") {
  Position pos = Position::startpos();
  const auto entries = divide(pos, 3);
  CHECK(entries.size() == 44);
  uint64_t sum = 0;
  for (const DivideEntry& e : entries) sum += e.nodes;
  CHECK(sum == 79666);
  CHECK(entries.front().move == "a0a1");  // the smallest ICCS string of the 44 opening moves
  CHECK(entries.back().move == "i3i4");
}

TEST_CASE("parse_perft_case: reads FEN and counts, rejects malformed lines", "[perft]") {
  const PerftCase c = parse_perft_case(std::string(kStartFen) + " ;D1 44 ;D2 1920 ;D3 79666");
  CHECK(c.fen == std::string(kStartFen));
  REQUIRE(c.expected.size() == 3);
  CHECK(c.expected[0] == std::pair<int, uint64_t>{1, 44});
  CHECK(c.expected[2] == std::pair<int, uint64_t>{3, 79666});

  const PerftCase big = parse_perft_case(std::string(kStartFen) + ";D6 5392831844");
  REQUIRE(big.expected.size() == 1);
  CHECK(big.expected[0].second == 5392831844ULL);  // wider than 32 bits

  CHECK(parse_perft_case(std::string(kStartFen)).expected.empty());
  CHECK_THROWS_AS(parse_perft_case(";D1 44"), std::invalid_argument);
  CHECK_THROWS_AS(parse_perft_case(std::string(kStartFen) + " ;X1 44"), std::invalid_argument);
  CHECK_THROWS_AS(parse_perft_case(std::string(kStartFen) + " ;D1"), std::invalid_argument);
  CHECK_THROWS_AS(parse_perft_case(std::string(kStartFen) + " ;D1 forty"), std::invalid_argument);
  CHECK_THROWS_AS(parse_perft_case(std::string(kStartFen) + " ;D0 1"), std::invalid_argument);
  CHECK_THROWS_AS(parse_perft_case(std::string(kStartFen) + " ;Dx 1"), std::invalid_argument);
}
