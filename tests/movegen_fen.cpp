// FEN in and out (round trips, aliases, every kind of malformed FEN rejected with its own message) and
// ICCS move strings.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/position.h"
#include "support/suite.h"

using namespace jiang;
using Catch::Matchers::Contains;

namespace {

// The message of the FenError that from_fen throws, or "<accepted>". Any other exception escapes and
// fails the test.
std::string fen_error(const std::string& fen) {
  try {
    (void)Position::from_fen(fen);
  } catch (const FenError& e) {
    return e.what();
  }
  return "<accepted>";
}

Square sq(const char* name) { return make_square(name[0] - 'a', name[1] - '0'); }

const std::string kStart{kStartFen};

}  // namespace

TEST_CASE("FEN: round trips of the suite positions", "[fen]") {
  for (const std::string& fen : suite_fens()) {
    INFO(fen);
    const Position pos = Position::from_fen(fen);
    CHECK(pos.fen() == fen);
    CHECK(Position::from_fen(pos.fen()) == pos);
  }
  CHECK(Position::startpos().fen() == kStart);
}

TEST_CASE("FEN: round trips of positions from random walks", "[fen]") {
  const auto starts = suite_fens();
  std::mt19937_64 rng(2718);
  int checked = 0, failures = 0;
  for (int game = 0; game < 40; ++game) {
    Position pos = Position::from_fen(game % 2 ? starts[size_t(game) % starts.size()] : kStart);
    for (int ply = 0; ply < 200; ++ply) {
      const std::string fen = pos.fen();
      const Position back = Position::from_fen(fen);
      if (back.fen() != fen || !(back == pos)) {
        if (++failures <= 5) FAIL_CHECK("round trip of " << fen << " gave " << back.fen());
      }
      ++checked;
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      pos.make_move(moves[int(rng() % moves.size())]);
    }
  }
  CHECK(failures == 0);
  CHECK(checked > 2000);
}

TEST_CASE("FEN: the fields read and written", "[fen]") {
  // H and E (either case) are aliases of N and B.
  const Position alias = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1");
  CHECK(alias == Position::startpos());
  CHECK(alias.fen() == kStart);
  CHECK(alias.piece_on(sq("b0")) == make_piece(Red, Horse));
  CHECK(alias.piece_on(sq("c9")) == make_piece(Black, Elephant));

  // Piece placement: a0 is Red's left corner, the first rank written is rank 9.
  const Position start = Position::startpos();
  CHECK(start.piece_on(sq("a0")) == make_piece(Red, Rook));
  CHECK(start.piece_on(sq("e0")) == make_piece(Red, King));
  CHECK(start.piece_on(sq("h2")) == make_piece(Red, Cannon));
  CHECK(start.piece_on(sq("e9")) == make_piece(Black, King));
  CHECK(start.piece_on(sq("g6")) == make_piece(Black, Pawn));
  CHECK(start.piece_on(sq("e4")) == NoPiece);
  CHECK(start.king_square(Red) == sq("e0"));
  CHECK(start.king_square(Black) == sq("e9"));
  CHECK(start.side_to_move() == Red);

  // Side to move, and the counters.
  const std::string board = kStart.substr(0, kStart.find(' '));
  CHECK(Position::from_fen(board + " b - - 0 1").side_to_move() == Black);
  CHECK(Position::from_fen(board + " r - - 0 1").side_to_move() == Red);  // some tools write r for Red
  CHECK(Position::from_fen(board).fen() == kStart);                       // missing fields: Red, 0 1
  CHECK(Position::from_fen(board + " b").fen() == board + " b - - 0 1");
  const Position counted = Position::from_fen(board + " w - - 12 34");
  CHECK(counted.quiet_plies() == 12);
  CHECK(counted.fen() == board + " w - - 12 34");
  CHECK(Position::from_fen("  " + kStart + "  ").fen() == kStart);  // surrounding blanks
}

TEST_CASE("FEN: each kind of malformed FEN is rejected with its own message", "[fen]") {
  const std::string tail = " w - - 0 1";
  const auto error = [&](const std::string& board) { return fen_error(board + tail); };

  // Shape of the board field.
  CHECK_THAT(error("3k5/9/9/9/9/9/9/9/4K4"), Contains("9 ranks, expected 10"));
  CHECK_THAT(error("3k5/9/9/9/9/9/9/9/9/9/4K4"), Contains("more than 10 ranks"));
  CHECK_THAT(error("rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"),
             Contains("rank 8 has 8 files, expected 9"));
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN"),
             Contains("rank 0 has 8 files, expected 9"));
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/91/P1P1P1P1P/1C5C1/9/RNBAKABNR"),
             Contains("rank 4 has more than 9 files"));
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1P/9/RNBAKABNR"),
             Contains("rank 2 has more than 9 files"));
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKXBNR"), Contains("unknown piece letter 'X'"));
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/0/RNBAKABNR"), Contains("unknown piece letter '0'"));

  // Material.
  CHECK_THAT(error("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"), Contains("Black has no general"));
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR"), Contains("Red has no general"));
  CHECK_THAT(error("rnbakabnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"), Contains("too many 'k'"));
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4R4/RNBAKABNR"), Contains("too many 'R'"));
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/p8/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"), Contains("too many 'p'"));

  // Squares a piece can never stand on, whatever was played before.
  const std::string never = " is on a square that piece can never reach";
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/3A5/RNB1KABNR"),
             Contains("A on d1" + never) && Contains("advisor stays on the palace diagonals"));  // advisor off the palace diagonals
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/4B4/P1P1P1P1P/1C5C1/9/RNBAKA1NR"),
             Contains("B on e4" + never) && Contains("seven points"));  // elephant off its seven points
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/2B6/9/P1P1P1P1P/1C5C1/9/RNBAKA1NR"),
             Contains("B on c5" + never) && Contains("seven points"));  // elephant across the river
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/2P1P1P1P/PC5C1/9/RNBAKABNR"),
             Contains("P on a2" + never) && Contains("behind its start rank"));  // pawn behind its start rank
  CHECK_THAT(error("rnbakabnr/9/1cp4c1/p3p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"),
             Contains("p on c7" + never) && Contains("behind its start rank"));  // the same for Black
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/1PP1P1P1P/1C5C1/9/RNBAKABNR"),
             Contains("P on b3" + never) && Contains("sideways only after crossing"));  // a pawn that has not moved sideways: odd file before the river
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/1P7/2P1P1P1P/1C5C1/9/RNBAKABNR"),
             Contains("P on b4" + never) && Contains("sideways only after crossing"));
  CHECK_THAT(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/2K6/RNBA1ABNR"),
             Contains("K on c1" + never) && Contains("never leaves its palace"));  // general outside the palace
  CHECK_THAT(error("rnba1abnr/9/1c5c1/p1p1p1p1p/4k4/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"), Contains("k on e5" + never) && Contains("never leaves its palace"));

  // Positions that cannot arise.
  CHECK_THAT(error("4k4/4R4/9/9/9/9/9/9/9/3K5"), Contains("side not to move (Black) is in check"));
  CHECK_THAT(fen_error("3k5/9/9/9/9/9/9/9/4r4/4K4 b - - 0 1"), Contains("side not to move (Red) is in check"));
  CHECK_THAT(error("4k4/9/9/9/9/9/9/9/9/4K4"), Contains("face each other"));
  CHECK(fen_error("4k4/9/9/9/4P4/9/9/9/9/4K4" + tail) == "<accepted>");  // one piece between them is enough

  // The other fields.
  const std::string board = kStart.substr(0, kStart.find(' '));
  CHECK_THAT(fen_error(board + " x - - 0 1"), Contains("side to move: 'x'"));
  CHECK_THAT(fen_error(board + " white - - 0 1"), Contains("side to move"));
  CHECK_THAT(fen_error(board + " w - - x 1"), Contains("halfmove clock: 'x'"));
  CHECK_THAT(fen_error(board + " w - - -1 1"), Contains("halfmove clock"));
  CHECK_THAT(fen_error(board + " w - - 3a 1"), Contains("halfmove clock"));
  CHECK_THAT(fen_error(board + " w - - 0 y"), Contains("fullmove number: 'y'"));
  CHECK_THAT(fen_error(board + " w - - 0 1 extra"), Contains("more than 6 fields"));
  CHECK_THAT(fen_error(""), Contains("empty"));
  CHECK_THAT(fen_error("   "), Contains("empty"));

  // And every one of them throws FenError in particular.
  CHECK_THROWS_AS(Position::from_fen(""), FenError);
  CHECK_THROWS_AS(Position::from_fen("3k5/9/9/9/9/9/9/9/4K4" + tail), FenError);
  CHECK_THROWS_AS(Position::from_fen(board + " w - - 0 y"), FenError);
  CHECK_THROWS_AS(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4" + tail), std::invalid_argument);
}

// Found by fuzz_moves: a clock clamped to 1000 on reading went on to 1001 with the next quiet move, and
// a fullmove number at its bound went on past it, so the FEN written no longer read back as the same
// position. The counters now have explicit bounds: above them a FEN is rejected, at them the counters
// stop, and unmaking a move restores the fullmove number it had.
TEST_CASE("FEN: the counters' bounds, kept through moves and restored by unmake", "[fen][fuzz]") {
  const std::string board = kStart.substr(0, kStart.find(' '));
  const std::string at_bounds =
      " - - " + std::to_string(kMaxQuietPlies) + " " + std::to_string(kMaxFullmove);
  CHECK(fen_error(board + " b" + at_bounds) == "<accepted>");
  CHECK_THAT(fen_error(board + " w - - " + std::to_string(kMaxQuietPlies + 1) + " 1"),
             Contains("halfmove clock: 1001 is above 1000"));
  CHECK_THAT(fen_error(board + " w - - 0 " + std::to_string(kMaxFullmove + 1)), Contains("fullmove number"));
  CHECK_THAT(fen_error(board + " w - - 99999999999999999999 1"), Contains("halfmove clock"));
  CHECK(Position::from_fen(board + " w - - 0 0").fen() == kStart);  // fullmove 0, as some tools write, is 1

  Position pos = Position::from_fen(board + " b" + at_bounds);
  const Position start = pos;
  pos.make_move(*parse_move("h7e7"));  // quiet, and Black's: both counters would pass their bounds
  CHECK(pos.quiet_plies() == kMaxQuietPlies);
  CHECK(pos.fen() == "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w" + at_bounds);
  CHECK(Position::from_fen(pos.fen()) == pos);
  pos.unmake_move();
  CHECK(pos == start);
  CHECK(pos.fen() == start.fen());
}

TEST_CASE("ICCS: to_string and parse_move", "[fen][iccs]") {
  CHECK(to_string(sq("a0")) == "a0");
  CHECK(to_string(sq("i9")) == "i9");
  CHECK(to_string(Move(sq("h2"), sq("e2"))) == "h2e2");
  CHECK(to_string(Move::none()) == "0000");
  CHECK(sq("h2") == Square(2 * 9 + 7));

  REQUIRE(parse_move("h2e2"));
  CHECK(*parse_move("h2e2") == Move(sq("h2"), sq("e2")));
  CHECK(*parse_move("H2E2") == Move(sq("h2"), sq("e2")));
  CHECK(*parse_move("a0i9") == Move(sq("a0"), sq("i9")));
  CHECK(*parse_move("i9a0") == Move(sq("i9"), sq("a0")));

  // Every (from, to) with from != to survives the round trip, both ways.
  int failures = 0;
  for (int from = 0; from < kSquares; ++from)
    for (int to = 0; to < kSquares; ++to) {
      if (from == to) continue;
      const Move m{Square(from), Square(to)};
      const std::string text = to_string(m);
      const auto back = parse_move(text);
      if (text.size() != 4 || !back || *back != m || to_string(*back) != text) ++failures;
    }
  CHECK(failures == 0);

  for (const char* bad : {"h2e", "j2e2", "h2h2", "h2e9x", "", "h2j2", "h2e:", "h-1e2", "0000", "h2 e2", "12e2"}) {
    INFO("'" << bad << "'");
    CHECK_FALSE(parse_move(bad));
  }
}
