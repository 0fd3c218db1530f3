// Verdicts that depend on the path and the transposition table (docs/search.md, "Path-dependent
// verdicts"): a score resting on a repetition of a position before the node, or on a 60-move draw
// counted from before it, must not be imported where the path differs. The table does not keep such a
// repetition score, and near the 60-move limit its key holds the count, so a search at one count never
// takes another count's score.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/score.h"
#include "engine/tt.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/position.h"

using namespace jiang;

namespace {

SearchResult search_at(Engine& engine, const std::string& fen, const std::vector<std::string>& moves, int depth,
                       const std::vector<std::string>& only = {}) {
  engine.set_position(fen, moves);
  SearchLimits limits;
  limits.depth = depth;
  for (const std::string& m : only) limits.only.push_back(*parse_move(m));
  return engine.search(limits);
}

// Black's general on e9 steps to d9 (P0, Red to move); Red's rook checks from h9 and h8 in turn while the
// general steps d9-d8-d9. Black has two rooks to Red's one: Red is lost, and its perpetual check loses too.
constexpr const char* kRoot = "4k4/7R1/9/9/8r/9/9/9/1r7/5K3 b - - 0 1";
// P3: after e9d9 h8h9 d9d8 h9h8, Black to move in check on rank 8. From the root, Black's d8d9 here
// repeats P0 (ply 1) with every Red move a check: Red loses by the rules, a mate score for Black. That
// is true on this path only: P3 reached without P0 before it is an ordinary check.
const std::vector<std::string> kToP3 = {"e9d9", "h8h9", "d9d8", "h9h8"};

}  // namespace

TEST_CASE("path verdicts: a score resting on a repetition before the node stays out of the table", "[tt][rules]") {
  Engine engine;
  engine.set_hash_mb(16);
  for (const int depth : {6, 8, 10}) {
    INFO("depth " << depth);
    engine.new_game();
    search_at(engine, kRoot, {}, depth, {"e9d9"});  // the root's one move: the line is searched in full
    // The search went down the line (the table knows P0, where the cycle starts) ...
    engine.set_position(kRoot, {"e9d9"});
    REQUIRE(engine.probe());
    // ... and what it keeps of P3 is not the win that the repetition of P0 gave on that path.
    engine.set_position(kRoot, kToP3);
    const std::optional<TTEntry> p3 = engine.probe();
    if (p3) CHECK(from_tt(p3->score, 0) < kMateBound);
    // P3 as the start of a game is no forced mate for Black.
    engine.set_position(engine.position().fen(), {});
    const std::optional<TTEntry> fresh = engine.probe();
    if (fresh) CHECK(from_tt(fresh->score, 0) < kMateBound);
  }
}

TEST_CASE("path verdicts: the table key holds the 60-move count near the limit, and only there", "[tt][rules]") {
  const std::string board = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - ";
  const auto key_at = [&](int quiet_plies) {
    return table_key(Position::from_fen(board + std::to_string(quiet_plies) + " 80"));
  };
  CHECK(key_at(0) == Position::from_fen(board + "0 80").key());
  CHECK(key_at(kQuietPliesInKey - 1) == key_at(0));
  CHECK(key_at(kQuietPliesInKey) != key_at(0));
  CHECK(key_at(kQuietPliesInKey) != key_at(kQuietPliesInKey + 1));
  CHECK(key_at(119) != key_at(118));
}

TEST_CASE("path verdicts: a search at one 60-move count never takes another count's score", "[tt][rules]") {
  // A rook up with mate in 2 (a0a8 e9f9 d0e0): a mate with a fresh count, a draw with 118 quiet plies
  // behind (the mate would come after the 120th). The two searches share one table, in both orders.
  const std::string fresh = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 80";
  const std::string late = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 118 80";
  for (const int depth : {4, 7, 10}) {
    INFO("depth " << depth);
    Engine engine;
    engine.set_hash_mb(16);
    CHECK(search_at(engine, fresh, {}, depth).score == mate_in(3));
    CHECK(search_at(engine, late, {}, depth).score == kDraw);
    CHECK(search_at(engine, fresh, {}, depth).score == mate_in(3));
    // A GUI's probe reads what the search stored, at either count.
    engine.set_position(late, {});
    REQUIRE(engine.probe());
    CHECK(from_tt(engine.probe()->score, 0) == kDraw);
  }
}
