// Static exchange evaluation on hand-built exchanges: defended and undefended victims, line pieces lined
// up behind each other, cannon screens that a capture creates or takes away, hobbled horses, and a
// general that may only recapture where nothing takes it back. And see_ge, which stops the exchange
// early, against see() on the positions of real games.
#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "engine/see.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"

using namespace jiang;

namespace {

Score see_of(const std::string& fen, const std::string& move) {
  const Position pos = Position::from_fen(fen);
  const std::optional<Move> m = parse_move(move);
  REQUIRE(m.has_value());
  REQUIRE(is_legal(pos, *m));
  return see(pos, *m);
}

constexpr Score kPawn = kSeeValue[Pawn], kAdvisor = kSeeValue[Advisor], kHorse = kSeeValue[Horse];
constexpr Score kRook = kSeeValue[Rook];

}  // namespace

TEST_CASE("SEE: an undefended victim is won outright", "[see]") {
  CHECK(see_of("3k5/9/9/p8/9/9/9/9/9/R3K4 w - - 0 1", "a0a6") == kPawn);
  CHECK(see_of("3k5/9/9/p8/9/9/9/9/9/R3K4 w - - 0 1", "a0a1") == 0);  // a quiet move to a safe square
}

TEST_CASE("SEE: a defended victim costs the capturer", "[see]") {
  // The rook on a9 takes back: a rook for a pawn.
  CHECK(see_of("r2k5/9/9/p8/9/9/9/9/9/R3K4 w - - 0 1", "a0a6") == kPawn - kRook);
  // A quiet rook move onto a square the black rook covers loses the rook.
  CHECK(see_of("r2k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "a0a5") == -kRook);
}

TEST_CASE("SEE: a second rook behind the first joins the exchange", "[see]") {
  // Without the rook on a0 the exchange loses a rook for a pawn; with it, black's recapture would lose its
  // rook too, so black does not recapture.
  CHECK(see_of("r2k5/9/9/p8/9/9/9/9/R8/4K4 w - - 0 1", "a1a6") == kPawn - kRook);
  CHECK(see_of("r2k5/9/9/p8/9/9/9/9/R8/R3K4 w - - 0 1", "a1a6") == kPawn);
}

TEST_CASE("SEE: a capture that leaves one screen lets a cannon behind recapture", "[see]") {
  // Cannon a0, rook a3, horse a6 defended by the rook on a9. With an elephant on a2 as well, the rook's
  // departure leaves exactly one screen (a2) between cannon and target: the cannon takes back.
  CHECK(see_of("r2k5/9/9/n8/9/9/R8/9/9/C3K4 w - - 0 1", "a3a6") == kHorse - kRook);
  CHECK(see_of("r2k5/9/9/n8/9/9/R8/B8/9/C3K4 w - - 0 1", "a3a6") == kHorse);
}

TEST_CASE("SEE: a cannon defends over its screen, and not over two", "[see]") {
  // Black cannon a9 over the elephant on a7 covers a6.
  CHECK(see_of("c2k5/9/b8/n8/9/9/9/9/9/R3K4 w - - 0 1", "a0a6") == kHorse - kRook);
  // A second screen (a horse on a8 beside the elephant on a7) blinds it.
  CHECK(see_of("c2k5/n8/b8/n8/9/9/9/9/9/R3K4 w - - 0 1", "a0a6") == kHorse);
}

TEST_CASE("SEE: a hobbled horse does not defend", "[see]") {
  // The horse on b8 covers a6 through its leg b7; a piece on b7 (a red pawn) hobbles it.
  CHECK(see_of("3k5/1n7/9/p8/9/9/9/9/9/R3K4 w - - 0 1", "a0a6") == kPawn - kRook);
  CHECK(see_of("3k5/1n7/1P7/p8/9/9/9/9/9/R3K4 w - - 0 1", "a0a6") == kPawn);
}

TEST_CASE("SEE: the general recaptures only where nothing takes it back", "[see]") {
  // Black's general on e9 may take a rook on e8 ...
  CHECK(see_of("4k4/4a4/9/9/9/9/9/9/9/3KR4 w - - 0 1", "e0e8") == kAdvisor - kRook);
  // ... but not with a second red rook behind on the file.
  CHECK(see_of("4k4/4a4/9/9/9/9/9/4R4/9/3KR4 w - - 0 1", "e2e8") == kAdvisor);
}

TEST_CASE("SEE: see_ge gives see()'s verdict for every move and threshold of real positions", "[see]") {
  // Every move of the positions of data/selfplay-sample.txt and of random games from them, at thresholds
  // around each move's own exchange value (where an early stop could go wrong) and at the values the
  // search uses.
  std::ifstream in(std::string(JIANG_DATA_DIR) + "/selfplay-sample.txt");
  REQUIRE(in.good());
  std::vector<Position> positions;
  std::mt19937_64 rng(7);
  for (std::string line; std::getline(in, line) && positions.size() < 12000;) {
    if (line.empty() || line[0] == '#') continue;
    Position pos = Position::from_fen(line.substr(0, line.rfind(' ')));
    for (int ply = 0; ply < 8; ++ply) {
      positions.push_back(pos);
      MoveList legal;
      generate_legal(pos, legal);
      if (legal.size() == 0) break;
      pos.make_move(legal[rng() % legal.size()]);
    }
  }
  REQUIRE(positions.size() >= 12000);
  int checked = 0, captures = 0;
  for (const Position& pos : positions) {
    MoveList legal;
    generate_legal(pos, legal);
    for (Move m : legal) {
      const Score value = see(pos, m);
      captures += pos.piece_on(m.to()) != NoPiece;
      for (Score t : {value - 1, value, value + 1, Score(-1000), Score(-200), Score(-100), Score(-1), Score(0),
                      Score(1), Score(100), Score(450), Score(900)}) {
        if (see_ge(pos, m, t) != (value >= t)) {
          CAPTURE(pos.fen(), to_string(m), value, t);
          FAIL("see_ge disagrees with see()");
        }
        ++checked;
      }
    }
  }
  CAPTURE(captures, checked);
  CHECK(captures > 15000);
  CHECK(checked > 3000000);
}
