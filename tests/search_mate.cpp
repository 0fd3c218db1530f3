// Mates: the search finds mates in 1, 2 and 3 (including ones whose first move neither captures nor
// checks, and "mates" that leave the defender without a legal move while not in check, which Xiangqi
// counts as a loss), scores them as the shortest mate, and plays a move that really mates. A side with no
// legal move at the root has lost.
//
// Every position below was built by hand and checked with Debian's fairy-stockfish
// (`setoption name UCI_Variant value xiangqi`, `position fen ...`, `go movetime 2500` with MultiPV): the
// comment next to each gives its verdict (moves in ICCS, ranks 0..9; fairy-stockfish itself prints
// ranks 1..10). The test does not trust either engine: a small exhaustive solver over the legal move
// generator proves that the engine's move mates in N and that no mate in N-1 exists.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/score.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/position.h"

using namespace jiang;

namespace {

bool defender_lost(Position& pos, int attacker_moves);

// Whether the side to move can force a win (the defender left without a legal move, in check or not)
// within `moves` of its own moves. Exhaustive over legal moves; ignores repetition and the 60-move rule,
// which cannot matter within a few moves of a position whose clock is zero.
bool forces_mate(Position& pos, int moves) {
  if (moves <= 0) return false;
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    pos.make_move(m);
    const bool mates = defender_lost(pos, moves - 1);
    pos.unmake_move();
    if (mates) return true;
  }
  return false;
}

// The defender is to move: whether it has lost, now or whatever it does, against `attacker_moves` more
// attacking moves.
bool defender_lost(Position& pos, int attacker_moves) {
  MoveList replies;
  generate_legal(pos, replies);
  if (replies.empty()) return true;
  if (attacker_moves == 0) return false;
  for (Move r : replies) {
    pos.make_move(r);
    const bool lost = forces_mate(pos, attacker_moves);
    pos.unmake_move();
    if (!lost) return false;
  }
  return true;
}

bool is_quiet(const Position& pos, Move m) {
  if (pos.piece_on(m.to()) != NoPiece) return false;
  Position after = pos;
  after.make_move(m);
  return !after.in_check();
}

struct MateCase {
  const char* fen;
  int moves;   // mate in this many moves of the winner, and no fewer
  bool quiet;  // every first move that mates in `moves` is quiet (no capture, no check)
  const char* verdict;  // fairy-stockfish's, for the record
  // The mating line fairy-stockfish gives ends with a quiet move after which the defender, not in
  // check, has no legal move: at the search horizon such a node is a quiescence node, which only
  // recognises a lost position when in check. These cases have a test case of their own.
  bool quiet_finish = false;
};

// clang-format off
const MateCase kMates[] = {
  // --- Mate in 1 ---
  // Two rooks: b0b9 checks along rank 9 with a8 holding rank 8; a8f8 is quiet and leaves the general
  // no square (d9 faces Red's general, e8 and f9 are covered) - no legal move is a loss.
  {"4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", 1, false, "fairy-stockfish: mate 1 (b0b9, a8f8)"},
  // Both mates are quiet: h5g7 (the horse covers f9) or a8f8, each leaving Black without a move.
  {"4k4/R8/9/9/7N1/9/9/9/9/3K5 w - - 0 1", 1, true, "fairy-stockfish: mate 1 (h5g7, a8f8), next best mate 2"},
  // The general's own move mates: d0e0 pins the e8 advisor against the flying-general rule and Black
  // has no other move. The rook's moves only mate in 6.
  {"3ak4/4a4/9/9/9/9/9/9/9/3K1R3 w - - 0 1", 1, true, "fairy-stockfish: mate 1 (d0e0 only), next best mate 6"},
  // Horse behind cannon: c6e7 mates at once; c6e5 mates in 2 and c6b8 in 3 - the shortest must win.
  {"4k4/9/9/2N6/9/9/9/4C4/9/3K5 w - - 0 1", 1, false, "fairy-stockfish: mate 1 (c6e7), also mate 2 (c6e5), mate 3 (c6b8)"},
  // i0i9 (or the quiet i0f0) mates at once; the rook lifts a0a1..a0a4 mate in 3.
  {"3ak4/4a4/9/9/9/9/9/9/9/R3K3R w - - 0 1", 1, false, "fairy-stockfish: mate 1 (i0i9, i0f0), also mate 3 (a0a1 ...)"},
  // Black to move, two rooks: b9b0 or the quiet a1f1.
  {"1r1k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1", 1, false, "fairy-stockfish: mate 1 (b9b0, a1f1)"},

  // --- Mate in 2 ---
  // f0f8 (quiet) leaves d9e9 as Black's only move; then e0d0 takes d9 and Black, not in check, has no
  // move.
  {"3k5/9/9/9/9/9/9/9/4C4/4KR3 w - - 0 1", 2, true, "fairy-stockfish: mate 2 (f0f8 only), next best mate 3", true},
  // g0g8 (quiet): e9f9 is forced, then g8e8 (the rook screens the cannon) leaves no move, not in check.
  {"4k4/9/9/9/9/9/9/9/4C4/3K2R2 w - - 0 1", 2, true, "fairy-stockfish: mate 2 (g0g8 only), next best mate 3", true},
  // A middlegame position: c9d7+ e9e8, a9a8#. Black's rook and horse are near but too slow.
  {"R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1", 2, false, "fairy-stockfish: mate 2 (c9d7 only), next best +105 cp"},
  // The same idea for Black: c0d2+ e0e1, a0a1#.
  {"4ka3/4a4/4b4/9/2b6/2NR5/9/3ABA3/9/r1n1K1B2 b - - 0 1", 2, false, "fairy-stockfish: mate 2 (c0d2 only), next best +90 cp"},
  // Two rooks against advisors: the quiet i0i8 (pinning the e8 advisor) or a0a9+.
  {"3k5/4a4/3a5/9/9/9/9/9/9/R3K3R w - - 0 1", 2, false, "fairy-stockfish: mate 2 (i0i8, a0a9)"},
  // Horse and cannon: g5f7+ then g0f0, or the quiet g0f0 first.
  {"3ak4/4a4/9/9/6N2/9/9/9/9/4K1C2 w - - 0 1", 2, false, "fairy-stockfish: mate 2 (g5f7, g0f0), next best mate 3"},

  // --- Mate in 3 ---
  // The rook goes up the d-file (any of d0d1..d0d8, all quiet), the general steps e0d0 behind it to
  // hold the d-file, and the rook mates on d9. Black's elephants and pawns can only pass.
  {"2b1ka3/4a4/4b4/p1p5p/9/6P2/P7P/9/4C4/3RK1B2 w - - 0 1", 3, true, "fairy-stockfish: mate 3 (d0d1..d0d8, eight moves), next best mate 5"},
  // Horse and cannon against a bare general: b4d5 (quiet) only; b4d5 e9f9 d5f6 f9e9 e2f2 and Black,
  // not in check, has no move.
  {"4k4/9/9/9/9/1N7/9/4C4/9/3K5 w - - 0 1", 3, true, "fairy-stockfish: mate 3 (b4d5 only), next best mate 4", true},
  // The same with colours swapped (the board turned round): Black mates with b5d4.
  {"3k5/9/4c4/9/1n7/9/9/9/9/4K4 b - - 0 1", 3, true, "fairy-stockfish: mate 3 (b5d4 only), next best mate 4", true},
  // The general moves first: d0e0 (quiet), e0f0, then f2f9 mates.
  {"2bak4/4a4/4b4/9/9/9/9/5R3/4C4/3K5 w - - 0 1", 3, true, "fairy-stockfish: mate 3 (d0e0 only), next best mate 4"},
  // Rook and cannon: several mates in 3, checks (h0h9) and quiet moves (h0h7, e2d2) alike.
  {"3k5/9/9/9/9/9/9/4C4/9/4K2R1 w - - 0 1", 3, false, "fairy-stockfish: mate 3 (h0h7, e2d2, h0h9, ...)"},
};
// clang-format on

}  // namespace

TEST_CASE("the mate positions are what their comments say", "[search][mate]") {
  // The solver, independent of the search: a mate in N exists, none in N-1, and where the position is
  // marked quiet every mating first move is quiet.
  for (const MateCase& c : kMates) {
    INFO(c.fen << "  (" << c.verdict << ")");
    Position pos = Position::from_fen(c.fen);
    CHECK(forces_mate(pos, c.moves));
    CHECK_FALSE(forces_mate(pos, c.moves - 1));
    if (!c.quiet) continue;
    MoveList moves;
    generate_legal(pos, moves);
    int mating = 0;
    for (Move m : moves) {
      pos.make_move(m);
      const bool mates = defender_lost(pos, c.moves - 1);
      pos.unmake_move();
      if (!mates) continue;
      ++mating;
      INFO("mating move " << to_string(m));
      CHECK(is_quiet(pos, m));
    }
    CHECK(mating >= 1);
  }
}

namespace {

// Searches each case at 2N+2 and 2N+4 plies: deeper than the mate itself, so that a longer mate found
// later cannot displace it, and a ply more than its length, because a selective search reduces the
// quiet moves of a mate at the first depth that could just see it. The score must be the shortest
// mate, and the move must really mate.
void check_mates(bool quiet_finish) {
  Engine engine;
  engine.set_hash_mb(16);
  int cases = 0;
  for (const MateCase& c : kMates) {
    if (c.quiet_finish != quiet_finish) continue;
    ++cases;
    for (const int depth : {2 * c.moves + 2, 2 * c.moves + 4}) {
      INFO(c.fen << "  (" << c.verdict << "), depth " << depth);
      engine.new_game();
      engine.set_position(c.fen, {});
      SearchLimits limits;
      limits.depth = depth;
      const SearchResult r = engine.search(limits);
      INFO("best " << to_string(r.best) << " score " << r.score << " (mate in " << c.moves << " is "
                   << mate_in(2 * c.moves - 1) << ")");
      CHECK(r.score == mate_in(2 * c.moves - 1));
      CHECK(mate_moves(r.score) == c.moves);
      Position pos = Position::from_fen(c.fen);
      REQUIRE(r.best);
      REQUIRE(is_legal(pos, r.best));
      if (c.quiet) CHECK(is_quiet(pos, r.best));
      // The move really mates: whatever the defender does, mate follows within the remaining moves.
      pos.make_move(r.best);
      CHECK(defender_lost(pos, c.moves - 1));
      if (c.moves == 1) {
        MoveList replies;
        generate_legal(pos, replies);
        CHECK(replies.empty());
      }
    }
  }
  CHECK(cases >= 4);
}

}  // namespace

TEST_CASE("the search finds the shortest mate and plays a mating move", "[search][mate]") { check_mates(false); }

// These mates end with a quiet move that leaves the defender without a move, not in check. They were
// once found only well beyond their length: quiescence stood pat without asking whether the side had a
// move, and futility and late-move pruning dropped exactly the quiet moves that mate. Now quiescence
// looks for a move when the side has no rook, horse or cannon, and quiet moves are not pruned with a
// mate score in the window or against such a side.
TEST_CASE("the shortest mate is found when the last move leaves the defender no move, not in check",
          "[search][mate]") {
  check_mates(true);
}

TEST_CASE("a side with no legal move has lost: no move and a mated score", "[search][mate]") {
  struct NoMove {
    const char* fen;
    bool in_check;
    const char* what;
  };
  // Fairy-stockfish answers `score mate 0` and `bestmove (none)` for each.
  const NoMove cases[] = {
      {"1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1", true, "checkmate by two rooks (the first case above after b0b9)"},
      {"4k4/5R3/9/9/9/9/9/9/9/1R1K5 b - - 0 1", false, "no move, not in check (the first case above after a8f8)"},
      {"3ak4/4a4/9/9/9/9/9/9/9/4KR3 b - - 1 1", false, "the advisor pinned by the generals' file"},
      {"1r1k5/9/9/9/9/9/9/9/5r3/4K4 w - - 0 1", false, "Red to move and without a move (the second case, colours swapped)"},
  };
  Engine engine;
  engine.set_hash_mb(16);
  for (const NoMove& c : cases) {
    INFO(c.fen << " - " << c.what);
    const Position pos = Position::from_fen(c.fen);
    REQUIRE(count_legal(pos) == 0);
    CHECK(pos.in_check() == c.in_check);
    for (const int depth : {1, 4}) {
      engine.new_game();
      engine.set_position(c.fen, {});
      SearchLimits limits;
      limits.depth = depth;
      const SearchResult r = engine.search(limits);
      CHECK(r.best == Move::none());
      CHECK(r.score == mated_in(0));
    }
  }
}
