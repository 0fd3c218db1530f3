// Two-stage search (engine/modes/two_stage.h): what stage 1 keeps on positions with a winning capture, with
// only losing moves and with a mate; that variant 2 changes the search only when k > 0; and the
// evaluation's material part that stage 1 searches with.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/search.h"
#include "engine/modes/two_stage.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"

using namespace jiang;

namespace {

struct TwoStageRun {
  SearchResult result;
  std::vector<std::string> kept;  // ICCS, from stage 1's note
  std::vector<std::string> notes;
};

TwoStageRun run_two_stage(const std::string& fen, int depth, int margin_cp = 50) {
  Engine engine(1);
  engine.set_position(fen, {});
  SearchLimits limits;
  limits.depth = depth;
  limits.design.mode = SearchMode::TwoStage;
  limits.design.two_stage.margin_cp = margin_cp;
  TwoStageRun run;
  SearchCallbacks callbacks;
  callbacks.on_info = [&run](const SearchInfo& info) {
    if (info.note.empty()) return;
    run.notes.push_back(info.note);
    const size_t at = info.note.find(" kept ");
    if (at == std::string::npos) return;
    std::istringstream words(info.note.substr(info.note.find(':', at) + 1));
    for (std::string w; words >> w;) run.kept.push_back(w);
  };
  run.result = engine.search(limits, callbacks);
  INFO(fen);
  REQUIRE(run.notes.size() == 3);  // stage 1 starts, stage 1 keeps, stage 2 starts
  REQUIRE(is_legal(engine.position(), run.result.best));
  return run;
}

bool all_from(const std::vector<std::string>& moves, const std::string& square) {
  return std::all_of(moves.begin(), moves.end(), [&](const std::string& m) { return m.substr(0, 2) == square; });
}

}  // namespace

TEST_CASE("Two-stage keeps only the winning capture", "[two-stage]") {
  // The red rook takes the undefended black rook; anything else gives up a rook's worth of material.
  const TwoStageRun run = run_two_stage("5k3/9/9/9/r8/9/9/9/9/R3K4 w - - 0 1", 4);
  CHECK(run.kept == std::vector<std::string>{"a0a5"});
  CHECK(to_string(run.result.best) == "a0a5");
}

TEST_CASE("Two-stage keeps the least-losing moves when every move loses", "[two-stage]") {
  // The black horse on e3 forks the rook on c2 and the cannon on g2: saving the rook loses the cannon,
  // the smaller loss. Only rook moves are kept.
  const TwoStageRun run = run_two_stage("3aka3/9/9/9/9/9/4n4/2R3C2/9/3K5 w - - 0 1", 4);
  REQUIRE_FALSE(run.kept.empty());
  CHECK(all_from(run.kept, "c2"));
  CHECK(to_string(run.result.best).substr(0, 2) == "c2");
  // A margin wider than the difference keeps the cannon's moves too.
  const TwoStageRun wide = run_two_stage("3aka3/9/9/9/9/9/4n4/2R3C2/9/3K5 w - - 0 1", 4, 2000);
  CHECK_FALSE(all_from(wide.kept, "c2"));
}

TEST_CASE("Two-stage keeps and plays the mate", "[two-stage]") {
  // Mate in one, by the general alone (d0e0: the black general may not face it); nothing else mates.
  const TwoStageRun run = run_two_stage("3ak4/4a4/9/9/9/9/9/9/9/3K1R3 w - - 0 1", 4);
  CHECK(run.kept == std::vector<std::string>{"d0e0"});
  CHECK(to_string(run.result.best) == "d0e0");
  CHECK(run.result.score == mate_in(1));
}

TEST_CASE("Variant 2 changes the search only when k > 0", "[two-stage]") {
  const std::vector<std::string> fens = {
      std::string(kStartFen), "r1bakabr1/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1",
      "3aka3/9/9/9/9/9/4n4/2R3C2/9/3K5 w - - 0 1"};
  bool some_differ = false;
  for (const std::string& fen : fens) {
    INFO(fen);
    Engine engine(1);
    engine.set_position(fen, {});
    SearchLimits plain;
    plain.depth = 6;
    SearchLimits frozen = plain;
    frozen.design.mode = SearchMode::TwoStage;
    frozen.design.two_stage.stage1_percent = 0;  // variant 2 alone
    const SearchResult reference = engine.search(plain);
    engine.new_game();
    const SearchResult off = engine.search(frozen);  // k = 0: the full evaluation everywhere
    CHECK(off.nodes == reference.nodes);
    CHECK(off.best == reference.best);
    CHECK(off.score == reference.score);
    frozen.design.two_stage.positional_ply = 2;
    engine.new_game();
    const SearchResult on = engine.search(frozen);
    CHECK(is_legal(engine.position(), on.best));
    some_differ = some_differ || on.nodes != reference.nodes || on.score != reference.score;
  }
  CHECK(some_differ);
}

TEST_CASE("The evaluation's material part: zero when even, a piece's value when one is up", "[two-stage]") {
  const Evaluator eval;
  CHECK(eval.material(Position::startpos()) == 0);
  // Red has an extra rook: plus for Red to move, minus for Black to move.
  const Position red = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
  const Position black = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1");
  CHECK(eval.material(red) > 0);
  CHECK(eval.material(black) == -eval.material(red));
}
