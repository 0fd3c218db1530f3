// The evaluation's symmetries, checked on thousands of positions from random games, and its verdicts on
// a few positions whose value is known from the rules: a side a rook up is winning, and material that
// cannot mate is a draw.
//
// The transformed positions are built by rewriting the FEN text, not through the engine's own board code,
// so a mistake in the engine's square arithmetic cannot hide itself.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "eval/evaluate.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "support/fen_transforms.h"
#include "support/sample_positions.h"
#include "support/suite.h"

using namespace jiang;
using namespace fen_transforms;

namespace {

std::string describe(const Breakdown& b) {
  std::ostringstream out;
  for (int t = 0; t < kEvalTerms; ++t)
    out << term_name(EvalTerm(t)) << " red " << b.terms[t][Red].mg << "/" << b.terms[t][Red].eg << " black "
        << b.terms[t][Black].mg << "/" << b.terms[t][Black].eg << "; ";
  out << "phase " << b.phase << " scale " << b.scale << " red_total " << b.red_total;
  return out.str();
}

}  // namespace

TEST_CASE("FEN transformations used by the symmetry tests", "[eval][symmetry]") {
  // The start position is its own colour swap and its own mirror, except for the side to move.
  const std::string start(kStartFen);
  CHECK(swap_colours(start) == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
  CHECK(mirror_files(start) == start);
  const std::string fen = "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 3 9";
  CHECK(swap_colours(fen) == "2bac4/1C2k1P2/2n2an2/1Npr2p2/pPc3bC1/4p1Bp1/2P1P1P2/6N2/5R3/1RBAKA2r b - - 3 9");
  CHECK(mirror_files(fen) == "R2akabr1/3r5/2n6/2p1p1p2/1Pb1P4/1cB3CpP/2P2RPn1/2NA2N2/2p1K2c1/4CAB2 w - - 3 9");
  CHECK(swap_colours(swap_colours(fen)) == fen);
  CHECK(mirror_files(mirror_files(fen)) == fen);
  // The transformed FENs are positions the engine accepts.
  CHECK_NOTHROW(Position::from_fen(swap_colours(fen)));
  CHECK_NOTHROW(Position::from_fen(mirror_files(fen)));
}

TEST_CASE("evaluation is symmetric under colour swap and file mirror", "[eval][symmetry]") {
  const Evaluator eval;
  const std::vector<std::string> fens = sample_positions(0x5eed'0001, 4, 60);
  REQUIRE(fens.size() >= 3000);

  int checked = 0, thin_endgames = 0, scaled = 0;
  std::vector<std::string> failures;
  auto fail = [&](const std::string& what) {
    if (failures.size() < 10) failures.push_back(what);
  };
  for (const std::string& fen : fens) {
    const Position pos = Position::from_fen(fen);
    const Position swapped = Position::from_fen(swap_colours(fen));
    const Position mirrored = Position::from_fen(mirror_files(fen));
    const Breakdown b = eval.breakdown(pos);
    const Breakdown bs = eval.breakdown(swapped);
    const Breakdown bm = eval.breakdown(mirrored);
    ++checked;
    thin_endgames += b.phase <= 4;
    scaled += b.scale < Evaluator::kScaleNormal && b.red_total != 0;

    // The fast path and the traced path agree.
    if (eval.evaluate(pos) != b.side_to_move_total) fail("evaluate != breakdown: " + fen);
    if (b.side_to_move_total != (pos.side_to_move() == Red ? b.red_total : -b.red_total))
      fail("side_to_move_total is not red_total seen from the side to move: " + fen);

    // Colour swap: Red's view negates, the side to move's view is unchanged, each side's terms trade places.
    if (bs.red_total != -b.red_total)
      fail("colour swap: red_total " + std::to_string(b.red_total) + " vs " + std::to_string(bs.red_total) + "\n  " +
           fen + "\n  " + swap_colours(fen) + "\n  " + describe(b) + "\n  " + describe(bs));
    if (eval.evaluate(swapped) != eval.evaluate(pos)) fail("colour swap: evaluate() changed: " + fen);
    if (bs.phase != b.phase) fail("colour swap: phase changed: " + fen);
    for (int t = 0; t < kEvalTerms; ++t)
      if (bs.terms[t][Red] != b.terms[t][Black] || bs.terms[t][Black] != b.terms[t][Red])
        fail(std::string("colour swap: term ") + term_name(EvalTerm(t)) + " does not trade sides: " + fen + "\n  " +
             describe(b) + "\n  " + describe(bs));

    // File mirror: nothing changes at all.
    if (eval.evaluate(mirrored) != eval.evaluate(pos) || bm.red_total != b.red_total)
      fail("file mirror: " + std::to_string(b.red_total) + " vs " + std::to_string(bm.red_total) + "\n  " + fen +
           "\n  " + mirror_files(fen) + "\n  " + describe(b) + "\n  " + describe(bm));
    for (int t = 0; t < kEvalTerms; ++t)
      if (bm.terms[t] != b.terms[t]) fail(std::string("file mirror: term ") + term_name(EvalTerm(t)) + ": " + fen);
  }
  INFO("positions " << checked << ", of them with little material " << thin_endgames << ", draw-scaled " << scaled);
  for (const std::string& f : failures) INFO(f);
  CHECK(failures.empty());
  // The sample must reach the endgame code, or the symmetry of the draw rules would go untested.
  CHECK(thin_endgames >= 100);
  CHECK(scaled >= 10);
}

TEST_CASE("a side a rook up is clearly better", "[eval][sanity]") {
  const Evaluator eval;
  // The start position without Black's a9 rook, with either side to move.
  for (const char* fen : {"1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                          "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"}) {
    INFO(fen);
    const Position pos = Position::from_fen(fen);
    const Breakdown b = eval.breakdown(pos);
    CHECK(b.red_total > 500);
    CHECK(eval.evaluate(pos) == (pos.side_to_move() == Red ? b.red_total : -b.red_total));
    // The material term alone says why.
    CHECK(b.terms[Material][Red].mg - b.terms[Material][Black].mg == eval.params().weights().material[Rook].mg);
  }
  // The start position is symmetric but for the side to move: it must be close to level.
  CHECK(std::abs(eval.evaluate(Position::startpos())) < 50);
}

TEST_CASE("material that cannot mate evaluates as a draw", "[eval][sanity]") {
  const Evaluator eval;
  // Each FEN with both sides to move and with colours swapped: the rule must not depend on either.
  auto all_views = [](const std::string& fen) {
    const std::string other_side = fen.find(" w ") != std::string::npos
                                       ? fen.substr(0, fen.find(" w ")) + " b " + fen.substr(fen.find(" w ") + 3)
                                       : fen.substr(0, fen.find(" b ")) + " w " + fen.substr(fen.find(" b ") + 3);
    return std::vector<std::string>{fen, other_side, swap_colours(fen), swap_colours(other_side)};
  };

  SECTION("general against general") {
    for (const std::string& fen : all_views("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")) {
      INFO(fen);
      CHECK(eval.evaluate(Position::from_fen(fen)) == 0);
    }
  }
  SECTION("advisors and elephants never cross the river, so they alone cannot mate") {
    for (const std::string& fen : all_views("3k5/9/9/9/9/9/9/9/9/2BAKAB2 w - - 0 1")) {
      INFO(fen);
      CHECK(eval.evaluate(Position::from_fen(fen)) == 0);
    }
  }
  SECTION("a lone cannon with no advisor of its own to use as a screen, against a bare general") {
    for (const std::string& fen : all_views("4k4/9/9/9/9/9/9/9/4C4/3K5 w - - 0 1")) {
      INFO(fen);
      CHECK(eval.evaluate(Position::from_fen(fen)) == 0);
    }
    // With elephants it still cannot mate (fairy-stockfish finds no mate in 2BK1CB2 vs k at depth 47).
    for (const std::string& fen : all_views("4k4/9/9/9/9/9/9/9/9/2BK1CB2 w - - 0 1")) {
      INFO(fen);
      CHECK(eval.evaluate(Position::from_fen(fen)) == 0);
    }
  }
  SECTION("a cannon with an advisor against a bare general is a win and is not scaled") {
    // Fairy-stockfish: mate in 6 from this position.
    const Breakdown b = eval.breakdown(Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/3K1C3 w - - 0 1"));
    CHECK(b.scale == Evaluator::kScaleNormal);
    CHECK(b.red_total > 300);
  }
  SECTION("a lone horse cannot break two advisors, but mates a bare general") {
    for (const std::string& fen : all_views("3aka3/9/9/9/9/9/9/9/9/3K1N3 w - - 0 1")) {
      INFO(fen);
      CHECK(std::abs(eval.evaluate(Position::from_fen(fen))) < 100);
    }
    // Fairy-stockfish: mate in 5 for the horse from 3k5/.../4K1N2; the horse's value must stand.
    for (const std::string& fen : all_views("4k4/9/9/9/9/9/9/9/9/3K1N3 w - - 0 1")) {
      INFO(fen);
      const Breakdown b = eval.breakdown(Position::from_fen(fen));
      CHECK(std::abs(b.red_total) > 200);
      CHECK((b.red_total > 0) == (fen.find('N') != std::string::npos));  // the side with the horse is better
    }
  }
}
