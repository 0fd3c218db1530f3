// Position::attacked against the move generator: a piece of the other colour on a square is attacked by
// `by` exactly when `by`, to move, has a pseudo-legal capture onto that square.
#include <catch2/catch.hpp>
#include <random>

#include "movegen/movegen.h"
#include "movegen/position.h"

using namespace jiang;

namespace {

// Every occupied square: attacked(s, mover's opponent's enemy) against the generator's captures.
void check_position(Position& pos) {
  for (int pass = 0; pass < 2; ++pass) {
    const Color by = pos.side_to_move();
    MoveList captures;
    generate<GenType::Captures>(pos, captures);
    for (int s = 0; s < kSquares; ++s) {
      const Piece p = pos.piece_on(Square(s));
      if (!p || color_of(p) == by) continue;
      bool captured = false;
      for (Move m : captures) captured |= m.to() == Square(s);
      INFO(pos.fen() << " square " << s);
      CHECK(pos.attacked(Square(s), by) == captured);
    }
    // The same question for the other colour: pass the move.
    if (pass == 0) pos.make_null();
    else pos.unmake_null();
  }
}

}  // namespace

TEST_CASE("attacked agrees with the generator's captures over random games", "[movegen][attacks]") {
  std::mt19937_64 rng(1234);
  int checked = 0;
  for (int game = 0; game < 100; ++game) {
    Position pos = Position::startpos();
    for (int ply = 0; ply < 150; ++ply) {
      check_position(pos);
      ++checked;
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      pos.make_move(moves[int(rng() % uint64_t(moves.size()))]);
    }
  }
  CHECK(checked > 5000);
}

TEST_CASE("attacked sees the defenders a general's attack test ignores", "[movegen][attacks]") {
  // Red: advisor d0, general f0, elephant g0; Black: a horse on e1.
  Position pos = Position::from_fen("3k5/9/9/9/9/9/9/9/4n4/3A1KB2 w - - 0 1");
  CHECK(pos.attacked(make_square(4, 1), Red));                // the advisor reaches e1
  CHECK_FALSE(pos.general_attacked(make_square(4, 1), Red));  // an advisor is no threat to a general
  CHECK(pos.attacked(make_square(4, 2), Red));    // the elephant on g0 reaches e2 over an empty eye
  CHECK_FALSE(pos.attacked(make_square(0, 2), Red));
  // A general on the same file does not attack a square far from it, though it would "fly" at a general.
  Position file = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
  CHECK_FALSE(file.attacked(make_square(4, 5), Black));
  CHECK(file.general_attacked(make_square(4, 5), Black));
}
