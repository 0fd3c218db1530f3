// The Xiangqi knowledge terms, each on a position built to show it: the term fires for the side it
// should, by the amount its weights say, and the same position with the colours swapped, or the files
// mirrored, scores the same for the other side (or the same side).
#include <catch2/catch.hpp>
#include <string>

#include "eval/evaluate.h"
#include "support/fen_transforms.h"

using namespace jiang;
using namespace fen_transforms;

namespace {

struct Case {
  const char* what;
  const char* fen;
  EvalTerm term;
  Color side;         // whose credit the term changes
  PhaseValue expect;  // that credit, from the default weights
};

const Weights& w() {
  static const Params defaults;
  return defaults.weights();
}

PhaseValue credit(const std::string& fen, EvalTerm term, Color c, const Params& params = Params()) {
  return Evaluator(params).breakdown(Position::from_fen(fen)).terms[term][c];
}

// The defaults with one weight changed: a term whose tuned weight is 0 still has to work.
Params with(const char* name, int value) {
  Params params;
  params.set(*Params::find(name), value);
  return params;
}

void check(const Case& c) {
  INFO(c.what << ": " << c.fen);
  const PhaseValue got = credit(c.fen, c.term, c.side);
  CHECK(got.mg == c.expect.mg);
  CHECK(got.eg == c.expect.eg);
  CHECK(!(c.expect == PhaseValue{}));  // the case shows the term firing
  const PhaseValue swapped = credit(swap_colours(c.fen), c.term, ~c.side);
  CHECK(swapped.mg == got.mg);
  CHECK(swapped.eg == got.eg);
  const PhaseValue mirrored = credit(mirror_files(c.fen), c.term, c.side);
  CHECK(mirrored.mg == got.mg);
  CHECK(mirrored.eg == got.eg);
}

}  // namespace

TEST_CASE("Knowledge: pins against the general", "[eval][knowledge]") {
  // The horse on e1 shields the general from the rook on e5.
  check({"rook pin", "4k4/9/9/9/4r4/9/9/9/4N4/4K4 w - - 0 1", Pins, Red, w().pinned[Horse]});
  // The horse on e1 and the pawn on e3 are the cannon's two screens: the horse cannot leave.
  check({"cannon pin", "3k5/9/9/4c4/9/9/4P4/9/4N4/4K4 w - - 0 1", Pins, Red, w().pinned[Horse]});
  // Two screens of one's own in front of a cannon: both are pinned.
  check({"two screens", "3k5/9/9/4c4/9/9/4C4/9/4N4/4K4 w - - 0 1", Pins, Red,
         w().pinned[Horse] + w().pinned[Cannon]});
}

TEST_CASE("Knowledge: restricted pieces", "[eval][knowledge]") {
  // The horse in the corner: b2 and c1 are both attacked by the black pawn on c2.
  check({"trapped horse", "3k5/9/9/9/9/9/9/2p6/9/N3K4 w - - 0 1", Restricted, Red, w().trapped_horse});
  // Nothing on the cannon's rank or file to jump over.
  check({"screenless cannon", "3k5/9/9/9/C8/9/9/9/9/4K4 w - - 0 1", Restricted, Red, w().screenless_cannon});
}

TEST_CASE("Knowledge: cannon and palace patterns", "[eval][knowledge]") {
  // A cannon on Black's back rank beside the general (two screens: no check).
  check({"bottom cannon", "C1bak4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", Patterns, Red, w().bottom_cannon});
  // Red's own horse in the palace centre.
  check({"palace horse", "3k5/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1", Patterns, Red, w().palace_horse});
  // A hollow cannon facing a general without advisors.
  check({"cannon against missing advisors", "4k4/9/9/9/9/9/9/4C4/9/3K5 w - - 0 1", Patterns, Red,
         w().hollow_cannon + w().cannon_vs_missing_advisor * 2});
}

TEST_CASE("Knowledge: danger to the general grows with the attack", "[eval][knowledge]") {
  // The rook on d7 and the horse on e6 reach Black's palace; Black has all four defenders.
  const std::string two = "3akab2/9/9/3R5/4N4/9/9/9/9/2BAKAB2 w - - 0 1";
  const PhaseValue attacked = credit(two, Danger, Black);
  INFO(two);
  CHECK(attacked.mg < 0);
  CHECK(credit(swap_colours(two), Danger, Red) == attacked);
  CHECK(credit(mirror_files(two), Danger, Black) == attacked);
  // Without its advisors Black is in more danger, and more than in proportion (the curve is a square),
  // when the defenders count: the tuned weight of a defender is 0, so the check sets one.
  const std::string bare = "4k1b2/9/9/3R5/4N4/9/9/9/9/2BAKAB2 w - - 0 1";
  const Params defended = with("danger.defender", 3);
  CHECK(credit(bare, Danger, Black, defended).mg < credit(two, Danger, Black, defended).mg);
  CHECK(credit(bare, Danger, Black).mg == attacked.mg);  // with the defaults, defenders do not count
  // No attacker reaching the palace, no danger.
  CHECK(credit("3akab2/9/9/9/9/9/4P4/9/9/R1BAKAB2 w - - 0 1", Danger, Black) == PhaseValue{});
}

TEST_CASE("Knowledge: crossed pawns", "[eval][knowledge]") {
  // A pawn on d7, in front of the palace, against a general that has lost both elephants.
  check({"pawn near the palace", "3aka3/9/3P5/9/9/9/9/9/9/3K5 w - - 0 1", Pawns, Red,
         w().pawn_near_palace + w().pawn_vs_missing_defender * 2});
  // A pawn on d6, on the file of the general on d8.
  check({"pawn on the general's file", "3a1a3/3k5/9/3P5/9/9/9/9/9/4K4 w - - 0 1", Pawns, Red,
         w().pawn_near_palace + w().pawn_vs_missing_defender * 2 + w().pawn_on_general_file});
  // An old pawn on Black's back rank, away from the general's file.
  check({"old pawn", "P2k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", Pawns, Red, w().bottom_pawn});
}

namespace {

int scale_of(const std::string& fen) { return Evaluator().breakdown(Position::from_fen(fen)).scale; }

}  // namespace

TEST_CASE("Knowledge: drawn endgames are scaled towards a draw", "[eval][knowledge]") {
  constexpr int kNormal = Evaluator::kScaleNormal;
  struct Ending {
    const char* what;
    const char* fen;
    bool drawish;
  };
  const Ending endings[] = {
      {"rook against full advisors and elephants", "2bakab2/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", true},
      {"rook against a cannon and two advisors", "3akc3/4a4/9/9/9/9/9/9/9/R2K5 w - - 0 1", true},
      {"rook against two advisors alone", "3ak4/4a4/9/9/9/9/9/9/9/R2K5 w - - 0 1", false},
      {"horse against two advisors", "3ak4/4a4/9/9/9/9/9/9/9/N2K5 w - - 0 1", true},
      {"cannon and advisor against two elephants", "2b1k1b2/9/9/9/9/9/9/9/4A4/C2K5 w - - 0 1", true},
      {"a lone pawn against two advisors", "3ak4/4a4/4P4/9/9/9/9/9/9/4K4 w - - 0 1", true},
      {"a lone pawn against a bare general", "4k4/9/4P4/9/9/9/9/9/9/3K5 w - - 0 1", false},
      {"old pawns only", "P2k4P/9/9/9/9/9/9/9/9/4K4 w - - 0 1", true},
  };
  for (const Ending& e : endings) {
    INFO(e.what << ": " << e.fen);
    const int scale = scale_of(e.fen);
    CHECK((scale < kNormal) == e.drawish);
    CHECK(scale_of(swap_colours(e.fen)) == scale);
    CHECK(scale_of(mirror_files(e.fen)) == scale);
  }
}
