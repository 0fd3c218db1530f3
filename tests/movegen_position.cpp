// The board's incremental state: make/unmake restore everything, the Zobrist key kept up to date move by
// move equals the key computed from scratch, the counters, the history, and the null move.
#include <algorithm>
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <fstream>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/position.h"
#include "support/suite.h"

using namespace jiang;

namespace {

// A random legal move; half the time a capture when there is one, so that walks also reach thin
// endgames with many checks.
Move random_move(const Position& pos, std::mt19937_64& rng) {
  MoveList moves;
  generate_legal(pos, moves);
  if (moves.empty()) return Move::none();
  if (rng() % 2) {
    MoveList captures;
    for (Move m : moves)
      if (pos.piece_on(m.to())) captures.push(m);
    if (!captures.empty()) return captures[int(rng() % captures.size())];
  }
  return moves[int(rng() % moves.size())];
}

// The board part of a FEN and the side to move: what the key must depend on, and all it depends on.
std::string board_and_side(const std::string& fen) { return fen.substr(0, fen.find(' ', fen.find(' ') + 1)); }

// The two counters at the end of a FEN.
std::pair<int, int> counters(const std::string& fen) {
  const size_t last = fen.rfind(' '), before = fen.rfind(' ', last - 1);
  return {std::stoi(fen.substr(before + 1, last - before - 1)), std::stoi(fen.substr(last + 1))};
}

// A plain 10x9 copy of the board, moved independently of Position, to check where make_move puts pieces.
struct Grid {
  char cell[10][9];
  explicit Grid(const Position& pos) {
    for (int s = 0; s < kSquares; ++s) {
      const Piece p = pos.piece_on(Square(s));
      cell[rank_of(Square(s))][file_of(Square(s))] = p ? char(p) : 0;
    }
  }
  bool matches(const Position& pos) const {
    for (int s = 0; s < kSquares; ++s) {
      const Piece p = pos.piece_on(Square(s));
      if (cell[rank_of(Square(s))][file_of(Square(s))] != (p ? char(p) : 0)) return false;
    }
    return true;
  }
  void play(Move m) {
    char& from = cell[rank_of(m.from())][file_of(m.from())];
    cell[rank_of(m.to())][file_of(m.to())] = from;
    from = 0;
  }
};

Position without_history(Position pos) {
  pos.clear_history();
  return pos;
}

}  // namespace

TEST_CASE("make/unmake: long random walks restore every position exactly", "[position]") {
  const auto fens = suite_fens();
  std::mt19937_64 rng(20240601);
  int games = 0, plies = 0, failures = 0;
  for (int game = 0; game < 200 && failures == 0; ++game) {
    const std::string start_fen = game % 2 ? fens[size_t(game / 2) % fens.size()] : std::string(kStartFen);
    Position pos = Position::from_fen(start_fen);
    std::vector<Position> snapshots;
    std::vector<std::string> snapshot_fens;
    std::vector<uint64_t> snapshot_keys, snapshot_structure_keys;
    using PiecesKeys = std::array<uint64_t, kColors>;
    const auto pieces_keys = [](const Position& p) { return PiecesKeys{p.pieces_key(Red), p.pieces_key(Black)}; };
    std::vector<PiecesKeys> snapshot_pieces_keys;
    Grid grid(pos);
    auto [quiet, fullmove] = counters(start_fen);
    auto fail = [&](const std::string& what, Move m) {
      FAIL_CHECK(what << " (game " << game << ", ply " << snapshots.size() << ", after " << to_string(m)
                      << ", FEN " << pos.fen() << ")");
      ++failures;
    };
    for (int ply = 0; ply < 300; ++ply) {
      const Move m = random_move(pos, rng);
      if (!m) break;  // the side to move has lost
      snapshots.push_back(without_history(pos));
      snapshot_fens.push_back(pos.fen());
      snapshot_keys.push_back(pos.key());
      snapshot_structure_keys.push_back(pos.structure_key());
      snapshot_pieces_keys.push_back(pieces_keys(pos));
      const Piece captured = pos.piece_on(m.to());
      const Color mover = pos.side_to_move();
      pos.make_move(m);
      grid.play(m);
      ++plies;
      quiet = captured ? 0 : quiet + 1;
      if (mover == Black) ++fullmove;

      const std::string fen = pos.fen();
      const Position fresh = Position::from_fen(fen);
      if (pos.key() != fresh.key()) fail("incremental key differs from the key of from_fen(fen())", m);
      if (pos.structure_key() != fresh.structure_key()) fail("incremental structure key differs from from_fen(fen())'s", m);
      if (pieces_keys(pos) != pieces_keys(fresh))
        fail("incremental pieces keys differ from from_fen(fen())'s", m);
      if (!(pos == fresh)) fail("position differs from from_fen(fen())", m);
      if (!grid.matches(pos)) fail("the board is not where the move put the pieces", m);
      if (pos.side_to_move() != ~mover) fail("side to move did not change", m);
      if (pos.quiet_plies() != quiet || counters(fen) != std::make_pair(quiet, fullmove))
        fail("counters: expected " + std::to_string(quiet) + " " + std::to_string(fullmove), m);
      if (pos.plies_played() != ply + 1) fail("plies_played", m);
      const Position::Undo& u = pos.undo_at(1);
      if (u.move != m || u.captured != captured || u.key != snapshot_keys.back()) fail("undo record", m);
      if (pos.key() == snapshot_keys.back()) fail("the key did not change", m);
      if (failures) break;
    }
    // Unwind the whole game, checking each position on the way back.
    while (!snapshots.empty() && !failures) {
      const Move m = pos.undo_at(1).move;
      pos.unmake_move();
      if (!(pos == snapshots.back())) fail("unmake did not restore the position", m);
      if (pos.fen() != snapshot_fens.back()) fail("unmake did not restore fen(): " + snapshot_fens.back(), m);
      if (pos.key() != snapshot_keys.back()) fail("unmake did not restore the key", m);
      if (pos.structure_key() != snapshot_structure_keys.back()) fail("unmake did not restore the structure key", m);
      if (pieces_keys(pos) != snapshot_pieces_keys.back())
        fail("unmake did not restore the pieces keys", m);
      snapshot_structure_keys.pop_back();
      snapshot_pieces_keys.pop_back();
      snapshots.pop_back();
      snapshot_fens.pop_back();
      snapshot_keys.pop_back();
    }
    if (!failures) {
      CHECK(pos.plies_played() == 0);
      CHECK(pos.fen() == Position::from_fen(start_fen).fen());
    }
    ++games;
  }
  CHECK(failures == 0);
  CHECK(games == 200);
  CHECK(plies > 20000);
}

TEST_CASE("make/unmake: every legal move of many positions is undone exactly", "[position]") {
  const auto fens = suite_fens();
  std::mt19937_64 rng(7);
  int positions = 0, failures = 0;
  for (int game = 0; game < 30 && !failures; ++game) {
    Position pos = Position::from_fen(game % 2 ? fens[size_t(game) % fens.size()] : std::string(kStartFen));
    for (int ply = 0; ply < 120 && !failures; ++ply) {
      const Position before = without_history(pos);
      const uint64_t key = pos.key();
      const bool check = pos.in_check();
      MoveList moves;
      generate_legal(pos, moves);
      for (Move m : moves) {
        pos.make_move(m);
        if (pos.key() != Position::from_fen(pos.fen()).key()) {
          FAIL_CHECK("key after " << to_string(m) << " from " << before.fen());
          ++failures;
        }
        pos.unmake_move();
        if (!(pos == before) || pos.key() != key || pos.in_check() != check) {
          FAIL_CHECK("unmake of " << to_string(m) << " from " << before.fen() << " gave " << pos.fen());
          ++failures;
        }
      }
      ++positions;
      const Move m = random_move(pos, rng);
      if (!m) break;
      pos.make_move(m);
    }
  }
  CHECK(failures == 0);
  CHECK(positions > 1000);
}

TEST_CASE("structure key: the pawns and generals alone, whatever the side to move", "[position]") {
  const Position start = Position::startpos();
  // The same pawns and generals, other pieces gone or elsewhere, the other side to move.
  const Position bare = Position::from_fen("4k4/9/9/p1p1p1p1p/9/9/P1P1P1P1P/9/9/4K4 b - - 0 1");
  const Position moved = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 1 1");
  CHECK(start.structure_key() != 0);
  CHECK(bare.structure_key() == start.structure_key());
  CHECK(moved.structure_key() == start.structure_key());
  // A pawn or a general elsewhere is another structure.
  const Position pawn = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
  const Position general = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 0 1");
  CHECK(pawn.structure_key() != start.structure_key());
  CHECK(general.structure_key() != start.structure_key());
  CHECK(pawn.structure_key() != general.structure_key());
}

TEST_CASE("pieces keys: each side's pieces other than pawns and generals, whatever the side to move", "[position]") {
  const Position start = Position::startpos();
  // Black's pieces as at the start, Red's pawns and general moved and Red's other pieces rearranged.
  const Position red_moved = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C4/3K5/RNBA1ABNR b - - 0 1");
  CHECK(start.pieces_key(Red) != 0);
  CHECK(start.pieces_key(Black) != 0);
  CHECK(start.pieces_key(Red) != start.pieces_key(Black));
  CHECK(red_moved.pieces_key(Black) == start.pieces_key(Black));
  CHECK(red_moved.pieces_key(Red) != start.pieces_key(Red));
  // Pawns and generals alone: no pieces, whatever they are.
  const Position bare = Position::from_fen("4k4/9/9/p1p1p1p1p/9/9/P1P1P1P1P/9/9/4K4 w - - 0 1");
  CHECK(bare.pieces_key(Red) == 0);
  CHECK(bare.pieces_key(Black) == 0);
  // Red's pieces as at the start, the pawns elsewhere and Black to move: the same Red key.
  const Position pawns = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
  CHECK(pawns.pieces_key(Red) == start.pieces_key(Red));
}

TEST_CASE("key: depends on the board and the side to move only", "[position]") {
  const std::string board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
  const Position red = Position::from_fen(board + " w - - 0 1");
  const Position black = Position::from_fen(board + " b - - 0 1");
  const Position later = Position::from_fen(board + " w - - 37 52");
  CHECK(red.key() != black.key());
  CHECK(red.key() == later.key());
  CHECK_FALSE(red == later);  // operator== compares the counters too
  CHECK(red == Position::startpos());
  CHECK(red.key() != 0);

  // Over random walks, one key per (board, side) and a different key for each different one.
  const auto fens = suite_fens();
  std::mt19937_64 rng(99);
  std::unordered_map<std::string, uint64_t> key_of;
  std::unordered_map<uint64_t, std::string> position_of;
  int mismatches = 0;
  for (int game = 0; game < 60; ++game) {
    Position pos = Position::from_fen(game % 3 ? fens[size_t(game) % fens.size()] : std::string(kStartFen));
    for (int ply = 0; ply < 150; ++ply) {
      const std::string id = board_and_side(pos.fen());
      auto [it, fresh] = key_of.emplace(id, pos.key());
      if (!fresh && it->second != pos.key()) ++mismatches;  // same position reached twice, two keys
      auto [jt, fresh_key] = position_of.emplace(pos.key(), id);
      if (!fresh_key && jt->second != id) ++mismatches;  // two positions, one key
      const Move m = random_move(pos, rng);
      if (!m) break;
      pos.make_move(m);
    }
  }
  CHECK(mismatches == 0);
  CHECK(key_of.size() > 5000);
}

TEST_CASE("history: plies_played, undo_at and clear_history", "[position]") {
  Position pos = Position::startpos();
  const uint64_t k0 = pos.key();
  const Move h2e2 = *parse_move("h2e2"), h9g7 = *parse_move("h9g7"), e2e6 = *parse_move("e2e6");
  pos.make_move(h2e2);
  const uint64_t k1 = pos.key();
  pos.make_move(h9g7);
  pos.make_move(e2e6);  // the cannon takes the pawn on e6
  CHECK(pos.plies_played() == 3);
  CHECK(pos.undo_at(3).move == h2e2);
  CHECK(pos.undo_at(3).key == k0);
  CHECK(pos.undo_at(2).key == k1);
  CHECK(pos.undo_at(1).move == e2e6);
  CHECK(pos.undo_at(1).captured == make_piece(Black, Pawn));
  CHECK(pos.undo_at(2).captured == NoPiece);
  CHECK(pos.undo_at(1).quiet_plies == 2);
  CHECK(pos.quiet_plies() == 0);
  CHECK(pos.fen() == "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2");
  CHECK_FALSE(pos.in_check());  // no screen between the cannon on e6 and the general on e9
  pos.clear_history();
  CHECK(pos.plies_played() == 0);
  CHECK(pos.fen() == "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2");
}

TEST_CASE("null move: passes the turn and is undone exactly", "[position]") {
  const auto fens = suite_fens();
  std::mt19937_64 rng(4242);
  int tested = 0, failures = 0;
  for (int game = 0; game < 40 && !failures; ++game) {
    Position pos = Position::from_fen(game % 2 ? fens[size_t(game) % fens.size()] : std::string(kStartFen));
    for (int ply = 0; ply < 100 && !failures; ++ply) {
      if (!pos.in_check()) {
        const Position before = without_history(pos);
        const std::string fen = pos.fen();
        const int played = pos.plies_played();
        pos.make_null();
        const std::string passed = pos.fen();
        // Same board, other side to move; the key is the from-scratch key of that position.
        if (board_and_side(passed) == board_and_side(fen) || passed.substr(0, passed.find(' ')) != fen.substr(0, fen.find(' ')) ||
            pos.side_to_move() == before.side_to_move() || pos.key() != Position::from_fen(passed).key() ||
            pos.key() == before.key() || pos.in_check() || pos.plies_played() != played + 1) {
          FAIL_CHECK("make_null from " << fen << " gave " << passed);
          ++failures;
        }
        // A move and its undo inside the null move.
        const Move reply = random_move(pos, rng);
        if (reply) {
          const Position passed_pos = without_history(pos);
          pos.make_move(reply);
          pos.unmake_move();
          if (!(pos == passed_pos)) {
            FAIL_CHECK("unmake inside a null move, " << to_string(reply) << " from " << passed);
            ++failures;
          }
        }
        pos.unmake_null();
        if (!(pos == before) || pos.fen() != fen || pos.key() != before.key() || pos.plies_played() != played) {
          FAIL_CHECK("unmake_null from " << fen << " gave " << pos.fen());
          ++failures;
        }
        ++tested;
      }
      const Move m = random_move(pos, rng);
      if (!m) break;
      pos.make_move(m);
    }
  }
  CHECK(failures == 0);
  CHECK(tested > 1000);
}
