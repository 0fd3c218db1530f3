// Openings of a match: FEN/EPD lists, and PGN files read to the position after N plies (their moves
// kept, played before the engines think, and written into the match's PGN); sequential or shuffled by a
// seed, the same order on every machine.
#include <catch2/catch.hpp>

#include <algorithm>

#include "match/openings.h"
#include "movegen/notation.h"
#include "tests/match_support.h"

using namespace jiang;
using namespace jiang::match;
using namespace jiang::match_test;
using Catch::Matchers::Contains;

namespace {

// Three games from the initial position, in ICCS words and XBoard's SAN.
const std::string kOpeningsPgn = R"([Event "a"]
[Result "*"]

1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 1/2-1/2

[Event "b"]
[Variant "xiangqi"]

1. c3c4 b9c7 2. Hc2 *

1. b2e2 b9c7 1-0
)";

std::string error_of(const std::filesystem::path& path, int plies) {
  try {
    read_openings(path, plies);
  } catch (const OpeningsError& e) {
    return e.what();
  }
  return "read";
}

}  // namespace

TEST_CASE("PGN openings: the position after N plies of each game, its moves kept", "[match][openings]") {
  const auto dir = temp_dir("openings-pgn");
  write_text(dir / "o.pgn", kOpeningsPgn);
  const std::vector<Opening> two = read_openings(dir / "o.pgn", 2);
  REQUIRE(two.size() == 3);
  for (const Opening& o : two) CHECK(o.fen == std::string(kStartFen));
  CHECK(two[0].moves == std::vector<std::string>{"h2e2", "h9g7"});
  CHECK(two[1].moves == std::vector<std::string>{"c3c4", "b9c7"});
  const std::vector<Opening> all = read_openings(dir / "o.pgn", 0);
  CHECK(all[0].moves.size() == 5);
  CHECK(all[1].moves == std::vector<std::string>{"c3c4", "b9c7", "b0c2"});  // Hc2 in coordinates
  CHECK(read_openings(dir / "o.pgn", 4)[2].moves.size() == 2);  // a shorter game: all of it

  write_text(dir / "illegal.pgn", "[Event \"x\"]\n\n1. h2e2 h9g7 2. e0e2 *\n");
  CHECK_THAT(error_of(dir / "illegal.pgn", 0), Contains("illegal.pgn") && Contains("game 1"));
  // Red mates at once: no game to play from there.
  write_text(dir / "over.pgn", "[FEN \"3k5/9/9/9/9/9/9/9/4RR3/4K4 w - - 0 1\"]\n\n1. e1d1 1-0\n");
  CHECK_THAT(error_of(dir / "over.pgn", 0), Contains("over.pgn: game 1: the game is over after 1 plies"));
  write_text(dir / "empty.pgn", "\n");
  CHECK_THAT(error_of(dir / "empty.pgn", 0), Contains("holds no game"));
  // Anything else is a FEN list.
  write_text(dir / "o.fen", std::string(kStartFen) + "\n");
  const std::vector<Opening> fens = read_openings(dir / "o.fen", 0);
  REQUIRE(fens.size() == 1);
  CHECK(fens[0].moves.empty());
}

TEST_CASE("Openings shuffled by a seed: a permutation, the same for the same seed", "[match][openings]") {
  std::vector<Opening> ordered;
  for (int i = 0; i < 10; ++i) ordered.push_back({std::to_string(i), {}});
  const auto shuffled = [&](uint64_t seed) {
    std::vector<Opening> o = ordered;
    shuffle_openings(o, seed);
    std::vector<std::string> fens;
    for (const Opening& x : o) fens.push_back(x.fen);
    return fens;
  };
  CHECK(shuffled(7) == shuffled(7));
  CHECK(shuffled(7) != shuffled(8));
  std::vector<std::string> sorted = shuffled(7);
  std::sort(sorted.begin(), sorted.end());
  CHECK(sorted == std::vector<std::string>{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"});
}

TEST_CASE("A match from PGN openings plays each game from the opening's moves, written into its PGN",
          "[match][openings]") {
  const auto dir = temp_dir("openings-match");
  write_text(dir / "o.pgn", kOpeningsPgn);
  const auto pgn = dir / "games.pgn";
  const Run run = run_jiang({"match", "--engine", "name=a cmd=" JIANG_BINARY, "--engine", "name=b cmd=" JIANG_BINARY,
                             "--depth", "1", "--games", "6", "--openings", (dir / "o.pgn").string(), "--openings-plies",
                             "3", "--openings-order", "random", "--seed", "5", "--pgn", pgn.string()});
  INFO(joined(run.out) << run.err);
  REQUIRE(run.code == 0);
  std::vector<Opening> expected = read_openings(dir / "o.pgn", 3);
  shuffle_openings(expected, 5);
  const std::vector<PgnGame> games = read_pgn(pgn);
  REQUIRE(games.size() == 6);
  for (const PgnGame& g : games) {
    const int round = std::stoi(g.tags.at("Round"));
    const Opening& opening = expected[size_t((round - 1) / 2)];
    INFO("round " << round);
    CHECK(g.tags.at("FEN") == xboard_fen(opening.fen));
    // The opening's moves first, without comments (no engine thought about them).
    Position pos = Position::from_fen(opening.fen);
    size_t ply = 0;
    for (const std::string& t : g.tokens) {
      if (is_move_number(t) || is_result(t) || ply >= opening.moves.size()) continue;
      CHECK(t[0] != '{');
      CHECK(t == san(pos, *parse_move(opening.moves[ply])));
      pos.make_move(*parse_move(opening.moves[ply++]));
    }
    replay(g);
  }
  const Run fen_plies = run_jiang({"match", "--engine", "name=a cmd=" JIANG_BINARY, "--engine", "name=b cmd=" JIANG_BINARY,
                                   "--depth", "1", "--openings-plies", "3"});
  CHECK(fen_plies.code != 0);
  CHECK_THAT(fen_plies.err, Contains("--openings-plies") && Contains("PGN"));
}
