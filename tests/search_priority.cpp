// The `priority` move order (Kaissa's list, engine/modes/priority_order.h): each kind of move lands in its
// kind on hand-built positions, the move picker returns the moves kind by kind, and the order changes
// how the search walks its tree but not what it may play.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/modes/priority_order.h"
#include "engine/modes/priority_picker.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"

using namespace jiang;

namespace {

Move move_of(const Position& pos, const std::string& text) {
  const std::optional<Move> m = parse_move(text);
  REQUIRE(m.has_value());
  REQUIRE(is_legal(pos, *m));
  return *m;
}

MoveKind kind_of(Position& pos, const std::string& move, const RememberedMoves& remembered = {}) {
  INFO(move << " in " << pos.fen());
  const uint64_t key = pos.key();
  const MoveKind kind = move_kind(pos, move_of(pos, move), remembered);
  CHECK(pos.key() == key);  // played and taken back
  return kind;
}

// White rooks on a0 and i0 and a cannon on c1 against a black horse on a4 (undefended), a rook on i5
// defended by the rook on i9, pawns on c4 (a screen) and c6 (defended by the horse on b8).
const std::string kCaptures = "3k4r/1n7/9/2p6/8r/n1p6/9/9/2C6/R3K3R w - - 0 1";
// A red rook on h8 near the black general on d9.
const std::string kChecks = "3k5/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1";
// Black to move: a red horse on c5, a red rook on g0; black rooks on i9 and g9, a pawn on g6.
const std::string kThreats = "3k2r1r/9/9/6p2/2N6/9/9/9/9/4K1R2 b - - 0 1";
// Red's horse on b3 can take the pawn on c5; the black rook on i9 can then attack it along rank 5.
const std::string kWinPawn = "3k4r/9/9/9/2p6/9/1N7/9/9/4K4 w - - 0 1";

}  // namespace

TEST_CASE("Priority order: captures by exchange, checks and moves by the safety of their square", "[priority]") {
  Position pos = Position::from_fen(kCaptures);
  CHECK(kind_of(pos, "a0a4") == MoveKind::GoodCapture);    // a horse for nothing
  CHECK(kind_of(pos, "i0i5") == MoveKind::EvenCapture);    // rook for rook
  CHECK(kind_of(pos, "c1c6") == MoveKind::LosingCapture);  // a cannon for a pawn
  CHECK(kind_of(pos, "a0d0") == MoveKind::SafeCheck);      // the rook checks along the open d-file
  CHECK(kind_of(pos, "a0a1") == MoveKind::SafeMove);
  CHECK(kind_of(pos, "c1c3") == MoveKind::UnsafeMove);     // the pawn on c4 and the horse on a4 take it

  Position checks = Position::from_fen(kChecks);
  CHECK(kind_of(checks, "h8h9") == MoveKind::SafeCheck);
  CHECK(kind_of(checks, "h8d8") == MoveKind::UnsafeCheck);  // next to the general, which takes it
  CHECK(kind_of(checks, "h8h7") == MoveKind::SafeMove);
}

TEST_CASE("Priority order: retreats from attack, and after material was won", "[priority]") {
  // The black rook attacks the horse: its retreat to a safe square comes before the other moves.
  Position attacked = play_moves(kThreats, {"i9i5"});
  CHECK(kind_of(attacked, "c5d3") == MoveKind::Retreat);
  CHECK(kind_of(attacked, "c5a4") == MoveKind::Retreat);
  CHECK(kind_of(attacked, "g0g1") == MoveKind::SafeMove);  // the rook was not attacked
  // The horse won a pawn and is attacked: securing the gain comes first of all.
  Position won = play_moves(kWinPawn, {"b3c5", "i9i5"});
  CHECK(kind_of(won, "c5b3") == MoveKind::SavingRetreat);
  CHECK(kind_of(won, "e0e1") == MoveKind::SafeMove);  // the general was not attacked
}

TEST_CASE("Priority order: a capture on the square just moved to, and remembered moves", "[priority]") {
  // The pawn steps to g5, defended by the rook on g9: taking it loses by exchange, but it is the
  // square the opponent just moved to.
  Position pos = play_moves(kThreats, {"g6g5"});
  CHECK(kind_of(pos, "g0g5") == MoveKind::GoodCapture);
  Position checks = Position::from_fen(kChecks);
  const Move quiet = move_of(checks, "h8h7"), check = move_of(checks, "h8d8");
  CHECK(kind_of(checks, "h8h7", {Move::none(), quiet, Move::none(), Move::none()}) == MoveKind::Remembered);
  CHECK(kind_of(checks, "h8d8", {check, Move::none(), Move::none(), Move::none()}) == MoveKind::Remembered);
  // A remembered move whose own kind comes earlier keeps it.
  Position captures = Position::from_fen(kCaptures);
  const Move good = move_of(captures, "a0a4");
  CHECK(kind_of(captures, "a0a4", {good, Move::none(), Move::none(), Move::none()}) == MoveKind::GoodCapture);
}

TEST_CASE("Priority order: the move picker returns every move, kind by kind", "[priority]") {
  for (const std::string& fen : {kCaptures, kChecks, std::string(kStartFen)}) {
    Position pos = Position::from_fen(fen);
    MoveList legal;
    generate_legal(pos, legal);
    // The last legal move as the hash move: it must come out with the remembered moves at the latest.
    const RememberedMoves remembered{legal[legal.size() - 1], Move::none(), Move::none(), Move::none()};
    PriorityPicker picker(pos, remembered);
    std::vector<Move> returned;
    while (const Move m = picker.next()) returned.push_back(m);
    MoveList all;
    generate<GenType::All>(pos, all);
    CHECK(returned.size() == size_t(all.size()));
    for (size_t i = 1; i < returned.size(); ++i) {
      INFO(fen << ": " << to_string(returned[i - 1]) << " then " << to_string(returned[i]));
      CHECK(move_kind(pos, returned[i - 1], remembered) <= move_kind(pos, returned[i], remembered));
    }
    CHECK(move_kind(pos, returned.front(), remembered) <= MoveKind::Remembered);
  }
}

TEST_CASE("Priority order: the search plays a legal move and walks another tree", "[priority]") {
  Engine engine(1);
  SearchLimits limits;
  limits.depth = 6;
  limits.design.order = MoveOrder::Priority;
  engine.set_position(kCaptures, {});
  const SearchResult r = engine.search(limits);
  CHECK(is_legal(engine.position(), r.best));
  SearchLimits history = limits;
  history.design.order = MoveOrder::History;
  engine.new_game();
  const SearchResult h = engine.search(history);
  CHECK(r.nodes != h.nodes);  // the order walks another tree
}
