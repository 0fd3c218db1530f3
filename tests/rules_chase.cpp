// The repetition rules beyond perpetual check: perpetual chase (AXF), the Chinese additions (one check
// one chase, perpetual mate threat) and the draw-only rule set, judged on game records as the referee
// and `jiang judge` judge them (the third occurrence of a position).
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "rules/chase.h"
#include "engine/engine.h"
#include "rules/rules.h"
#include "movegen/notation.h"
#include "tests/support/tsv.h"

using namespace jiang;

namespace {

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// The record `cycle` played twice from `fen`: the start position occurs for the third time at the end.
std::vector<std::string> twice(const std::string& cycle) {
  std::vector<std::string> moves = words(cycle);
  const std::vector<std::string> once = moves;
  moves.insert(moves.end(), once.begin(), once.end());
  return moves;
}

Ruling judge(const std::string& fen, const std::vector<std::string>& moves, RuleSet rules = RuleSet::Axf,
             int occurrences = 3) {
  return judge_position(play_moves(fen, moves), occurrences, rules);
}

struct Row {
  std::string id, expect, fen, moves, note;
};

std::vector<Row> chase_rows() {
  std::vector<Row> rows;
  for (const auto& f : jiang::testing::tsv_rows(std::string(JIANG_DATA_DIR) + "/chase.tsv")) {
    REQUIRE(f.size() == 5);
    rows.push_back({f[0], f[1], f[2], f[3], f[4]});
  }
  return rows;
}

}  // namespace

TEST_CASE("chase.tsv: every ruling at the third occurrence", "[rules][chase]") {
  const std::vector<Row> rows = chase_rows();
  REQUIRE(rows.size() == 32);
  for (const Row& r : rows) {
    INFO("row " << r.id << ": " << r.note);
    CHECK(std::string(result_name(judge(r.fen, words(r.moves)).end)) == r.expect);
    // With every repetition a draw, no row is won or lost.
    CHECK(judge(r.fen, words(r.moves), RuleSet::Draw).end == GameEnd::Draw);
  }
}

TEST_CASE("chase.tsv: the search's count (the first recurrence) rules as the referee does", "[rules][chase]") {
  for (const Row& r : chase_rows()) {
    INFO("row " << r.id << ": " << r.note);
    // The last cycle alone carries the same offences as the two before the third occurrence.
    CHECK(std::string(result_name(judge(r.fen, words(r.moves), RuleSet::Axf, 2).end)) == r.expect);
    // One occurrence short of the count there is no verdict.
    CHECK(judge(r.fen, words(r.moves), RuleSet::Axf, 4).end == GameEnd::None);
  }
}

TEST_CASE("rule-cases.tsv: the rulings compared with the references (docs/rules.md)", "[rules][chase]") {
  const auto rows = jiang::testing::tsv_rows(std::string(JIANG_DATA_DIR) + "/rule-cases.tsv");
  REQUIRE(rows.size() == 11);
  for (const auto& f : rows) {
    REQUIRE(f.size() == 9);
    INFO("case " << f[0] << " (" << f[4] << "): " << f[8]);
    const std::vector<std::string> moves = words(f[3]);
    CHECK(std::string(result_name(judge(f[2], moves).end)) == f[1]);
    // The search's count rules the same at the first recurrence, and the referee's count not earlier.
    CHECK(std::string(result_name(judge(f[2], moves, RuleSet::Axf, 2).end)) == f[1]);
    CHECK(judge(f[2], moves, RuleSet::Axf, 4).end == GameEnd::None);
  }
}

TEST_CASE("chase: a held rook takes the horse that holds it, and chases it when it is unprotected", "[rules][chase]") {
  // The red rook on f1 stands on the leg of the black horse on g1, which would otherwise attack the red
  // general on e0: it may not move except to take that horse, which is legal, so it attacks the horse.
  Position held = Position::from_fen("3k5/9/9/9/9/9/9/9/5Rn2/4K4 w - - 0 1");
  CHECK(held_by_horse(held, make_square(5, 1)));
  CHECK(chased_pieces(held, Red) == SquareSet::of(make_square(6, 1)));
  // A rook beside a horse whose other leg it blocks is not held (the horse does not reach the general).
  Position free = Position::from_fen("4k4/9/9/9/9/9/9/9/5Rn2/3K5 w - - 0 1");
  CHECK_FALSE(held_by_horse(free, make_square(5, 1)));
  // A pinned piece still attacks nothing it may not legally take: the black rook kept on the e file by
  // the cannon on e2 does not attack the red cannon on b4 (AXF diagram 63).
  Position confined = Position::from_fen("4k4/4a4/9/9/9/1C2r4/9/4C4/9/2B1K4 b - - 0 1");
  CHECK_FALSE(chased_pieces(confined, Black).contains(make_square(1, 4)));
}

TEST_CASE("chase: the generals facing each other are a fake protection", "[rules][chase]") {
  // The black horse steps f9g7 and back; the red rook follows it (f6g6, g6f6). On g7 nothing protects
  // the horse; on f9 only the general, whose recapture on f9 would face the red general on the open f
  // file. (Row 30 of chase.tsv with colours and sides swapped.)
  const std::string cycle = "f9g7 f6g6 g7f9 g6f6";
  const Ruling facing = judge("4kn3/9/9/5R3/9/9/9/9/9/5K3 b - - 0 1", twice(cycle));
  CHECK(facing.end == GameEnd::SideToMoveWins);
  CHECK(facing.reason == EndReason::PerpetualChase);
  CHECK(to_string(facing.chased) == "f9");
  // The red general on d0 does not face f9: the general really protects the horse there, and the rook
  // chases on only one of its moves.
  CHECK(judge("4kn3/9/9/5R3/9/9/9/9/9/3K5 b - - 0 1", twice(cycle)).end == GameEnd::Draw);
}

TEST_CASE("chase: a pinned protector does not protect", "[rules][chase]") {
  // The red rook a6/a8 attacks the black cannon on b8 and on b6 in turn. The black horse on d7 covers
  // both squares, but the red rook on d2 pins it to its general on d9: a fake root, so every rook move
  // is a chase and Red, to move, loses.
  const std::string cycle = "a6a8 b8b6 a8a6 b6b8";
  const Ruling pinned = judge("3k5/1c7/3n5/R8/9/9/9/3R5/9/4K4 w - - 0 1", twice(cycle));
  CHECK(pinned.end == GameEnd::SideToMoveLoses);
  CHECK(to_string(pinned.chased) == "b8");
  // Without the pinning rook the horse protects the cannon: attacks, not chases.
  CHECK(judge("3k5/1c7/3n5/R8/9/9/9/9/9/4K4 w - - 0 1", twice(cycle)).end == GameEnd::Draw);
}

TEST_CASE("chase: pawns may be chased only after crossing the river", "[rules][chase]") {
  // Red's rook (c8) attacks a black pawn on c6 (Black's own half) and the same pawn on c3 (across).
  Position before = Position::from_fen("3k5/2R6/9/2p6/9/9/9/9/9/4K4 w - - 0 1");
  CHECK(chased_pieces(before, Red).empty());
  Position across = Position::from_fen("3k5/2R6/9/9/9/9/2p6/9/9/4K4 w - - 0 1");
  CHECK(chased_pieces(across, Red) == SquareSet::of(make_square(2, 3)));
  // A crossed pawn steps sideways c3b3 and back, and the rook follows along rank 8: perpetual chase.
  const Ruling r = judge("3k5/1R7/9/9/9/9/2p6/9/9/4K4 w - - 0 1", twice("b8c8 c3b3 c8b8 b3c3"));
  CHECK(r.end == GameEnd::SideToMoveLoses);
  CHECK(to_string(r.chased) == "c3");
}

TEST_CASE("chase: two pieces chasing one piece in turn", "[rules][chase]") {
  // The black horse leaves c5 (c5b3), which opens rank 5 to the black rook on a5: the red cannon on e5
  // is attacked. The cannon steps to e4, the horse returns (b3c5) and attacks it there, the cannon
  // goes back to e5, where the horse on c5 blocks the rook again. Every black move newly attacks the
  // same unprotected cannon, by the rook and by the horse in turn: Black, to move, loses.
  const Ruling r = judge("5k3/9/9/9/r1n1C4/9/9/9/9/4K4 b - - 0 1", twice("c5b3 e5e4 b3c5 e4e5"));
  CHECK(r.end == GameEnd::SideToMoveLoses);
  CHECK(r.reason == EndReason::PerpetualChase);
  CHECK(to_string(r.chased) == "e5");
}

TEST_CASE("chase: one piece chasing two pieces in turn is not a perpetual chase", "[rules][chase]") {
  // The red rook goes a7a3 (attacking the cannon on c3) and back (the horse on c7) while Black shuffles
  // an advisor: each rook move chases, but never the same piece twice. AXF: a draw (as row 20 of
  // chase.tsv, where a cannon chases two rooks in turn).
  const std::string fen = "3a1k3/9/R1n6/9/9/9/2c6/9/9/4K4 w - - 0 1";
  const std::vector<std::string> moves = twice("a7a3 d9e8 a3a7 e8d9");
  CHECK(judge(fen, moves).end == GameEnd::Draw);
  CHECK(judge(fen, moves, RuleSet::Chinese).end == GameEnd::Draw);
}

TEST_CASE("chase: a rook chased by a cannon, protected or not", "[rules][chase]") {
  // The principle of AXF diagrams 63-66: protected or not, a chariot may not be chased perpetually by a
  // horse or a cannon. The black rook steps i5i6 and back, protected all along by the rook on i9; the
  // red cannon follows it from a5 to a6 and back, over the red pawns on e5 and e6. (The black rook's
  // attack on the pawn e5 is a chase on one move only.) Red, to move, loses.
  const Ruling r = judge("4k3r/9/9/C3P4/4P3r/9/9/9/9/3K5 w - - 0 1", twice("a6a5 i5i6 a5a6 i6i5"));
  CHECK(r.end == GameEnd::SideToMoveLoses);
  CHECK(to_string(r.chased) == "i5");
}

TEST_CASE("chase: a check that also attacks the piece continues the chase", "[rules][chase]") {
  // H.G. Muller's example (talkchess, "Perpetual chasing in Xiangqi", 2010): the red horse leaves e4
  // with a discovered check from the cannon on e2 and attacks the black cannon on e6; the rook chases
  // it along rank 7; the horse returns to e4 with check, attacking it on f6. Every Red move newly
  // attacks the cannon: without a black protector, Red, to move, loses.
  const std::string cycle = "e4g5 e6f6 d7f7 f6d6 f7d7 d6f6 g5e4 f6e6";
  const Ruling r = judge("4k4/9/3R5/4c4/9/4N4/9/4C4/9/5K3 w - - 0 1", twice(cycle));
  CHECK(r.end == GameEnd::SideToMoveLoses);
  CHECK(r.reason == EndReason::PerpetualChase);
  CHECK(to_string(r.chased) == "e6");
  // A black horse on c5 protects the cannon on e6: its recapture is illegal only because of the check,
  // which Black would have answered first (as XBoard and Fairy-Stockfish judge a protector). The
  // checking moves then chase nothing: a draw.
  CHECK(judge("4k4/9/3R5/4c4/2n6/4N4/9/4C4/9/5K3 w - - 0 1", twice(cycle)).end == GameEnd::Draw);
}

TEST_CASE("chase: a general's step out of check is not a new attack (issue 26)", "[rules][chase]") {
  // From a real game: the red general's steps e0f0 (unpinning the horse on e2) and f0e0 (out of the
  // cannon's check) let the horse attack the black rook on d4. Out of check the attack is not new: the
  // horse attacked the rook while only the check kept it from taking. Fairy-Stockfish, Pikafish and
  // XBoard all rule a draw.
  const std::string fen = "4kab2/4a4/4b4/p8/4c4/9/3r5/B4A3/2N1A4/2B1K4 w - - 34 70";
  const std::vector<std::string> moves = words("c1e2 d3d4 e0f0 e5f5 f0e0 f5e5 e0f0 e5f5 f0e0 f5e5");
  CHECK(judge(fen, moves, RuleSet::Axf, 2).end == GameEnd::Draw);
  std::vector<std::string> third = moves;
  for (const char* m : {"e0f0", "e5f5", "f0e0", "f5e5"}) third.push_back(m);
  CHECK(judge(fen, third).end == GameEnd::Draw);
}

TEST_CASE("chinese rules: one check, one chase loses", "[rules][chase]") {
  // The red rook checks from e5 (the general steps e9d9) and goes back to a5, attacking the unprotected
  // horse on a7 (the general returns): a check and a chase in turn. AXF rules draw it; Chinese rules
  // do not.
  const std::string fen = "4k4/9/n8/9/R8/9/9/9/9/5K3 w - - 0 1";
  const std::vector<std::string> moves = twice("a5e5 e9d9 e5a5 d9e9");
  CHECK(judge(fen, moves).end == GameEnd::Draw);
  const Ruling chinese = judge(fen, moves, RuleSet::Chinese);
  CHECK(chinese.end == GameEnd::SideToMoveLoses);
  CHECK(chinese.reason == EndReason::CheckAndChase);
}

TEST_CASE("chinese rules: a perpetual threat of mate loses", "[rules][chase]") {
  // The black general on e9 cannot move (d9 faces the red general, e8 is the red pawn's, f9 its own
  // advisor). The red rook on a1 or b1 threatens to mate on a9 or b9; the black pawn on a3/b3 steps
  // into the rook's file each time. AXF: a draw; Chinese rules: Red loses.
  const std::string fen = "4ka3/9/4P4/9/9/9/p8/9/R8/3K5 w - - 0 1";
  const std::vector<std::string> moves = twice("a1b1 a3b3 b1a1 b3a3");
  CHECK(judge(fen, moves).end == GameEnd::Draw);
  const Ruling chinese = judge(fen, moves, RuleSet::Chinese);
  CHECK(chinese.end == GameEnd::SideToMoveLoses);
  CHECK(chinese.reason == EndReason::MateThreat);
  CHECK(judge(fen, moves, RuleSet::Draw).end == GameEnd::Draw);
}

TEST_CASE("rule sets: names", "[rules]") {
  CHECK(parse_rule_set("AXF") == RuleSet::Axf);
  CHECK(parse_rule_set("chinese") == RuleSet::Chinese);
  CHECK(parse_rule_set("Draw") == RuleSet::Draw);
  CHECK_FALSE(parse_rule_set("asian"));
  for (RuleSet r : {RuleSet::Axf, RuleSet::Chinese, RuleSet::Draw}) CHECK(parse_rule_set(rule_set_name(r)) == r);
}
