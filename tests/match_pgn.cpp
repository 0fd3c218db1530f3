// PGN for XBoard: its Xiangqi SAN (piece letters, disambiguation, pawn moves, captures, check and mate
// marks, and the pawn step XBoard's reader would find ambiguous), its FEN letters, and the layout of a
// game: tags, numbered moves with XBoard's score comments, the reason, the result.
#include <catch2/catch.hpp>

#include "match/pgn.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"

using namespace jiang;
using namespace jiang::match;

namespace {

std::string san_of(const std::string& fen, const std::string& move) {
  const Position pos = Position::from_fen(fen);
  const Move m = parse_move(move).value();
  REQUIRE(is_legal(pos, m));
  return san(pos, m);
}

}  // namespace

TEST_CASE("SAN of the opening moves, with XBoard's letters and disambiguation", "[match][pgn]") {
  const std::string start(kStartFen);
  CHECK(san_of(start, "h2e2") == "Che2");  // the b2 cannon could go to e2 as well: same rank, so the file
  CHECK(san_of(start, "h0g2") == "Hg2");
  CHECK(san_of(start, "c3c4") == "c4");
  CHECK(san_of(start, "c0e2") == "Ece2");
  CHECK(san_of(start, "d0e1") == "Ade1");
  CHECK(san_of(start, "e0e1") == "Ke1");
  CHECK(san_of(start, "a0a1") == "Ra1");
  CHECK(san_of(start, "h2h9") == "Cxh9");
}

TEST_CASE("SAN tells pieces apart by file, by rank, or by file when either would do", "[match][pgn]") {
  const std::string one_rook = "4k4/9/9/9/R8/9/9/9/9/3K5 w - - 0 1";  // on a5
  const std::string two_rooks = "4k4/9/9/9/R8/9/9/9/9/R2K5 w - - 0 1";
  CHECK(san_of(two_rooks, "a0a3") == "R0a3");
  CHECK(san_of(two_rooks, "a5a3") == "R5a3");
  CHECK(san_of(one_rook, "a5a3") == "Ra3");
  const std::string apart = "4k4/9/9/9/9/9/3R5/9/9/R2K5 w - - 0 1";  // rooks a0 and d3, both reach a3
  CHECK(san_of(apart, "a0a3") == "Raa3");
  CHECK(san_of(apart, "d3a3") == "Rda3");
}

TEST_CASE("SAN of pawns: straight, sideways, captures, and the step XBoard needs spelled out", "[match][pgn]") {
  const std::string crossed = "4k4/9/9/4p4/4P4/9/9/9/9/3K5 w - - 0 1";
  CHECK(san_of(crossed, "e5e6") == "exe6");
  CHECK(san_of(crossed, "e5d5") == "ed5");
  CHECK(san_of(crossed, "e5f5") == "ef5");
  // Black's pawn c5 steps to c4, and its crossed pawn b4 could go there sideways: "c4" would be
  // ambiguous to XBoard's reader.
  const std::string rivals = "4k4/9/9/9/2p6/1p7/9/9/9/3K5 b - - 0 1";
  CHECK(san_of(rivals, "c5c4") == "cc4");
  CHECK(san_of(rivals, "b4c4") == "bc4");
  CHECK(san_of(rivals, "b4b3") == "b3");
}

TEST_CASE("SAN marks check and mate", "[match][pgn]") {
  const std::string fen = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1";
  CHECK(san_of(fen, "b0b9") == "Rb9#");
  CHECK(san_of(fen, "a8a9") == "Ra9+");
  CHECK(san_of(fen, "b0b1") == "Rb1");
}

TEST_CASE("XBoard's FEN letters: H for the horse, E for the elephant, the rest as it was", "[match][pgn]") {
  CHECK(xboard_fen(std::string(kStartFen)) == "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1");
}

TEST_CASE("A PGN game: tags, numbered moves with XBoard's comments, the reason and the result", "[match][pgn]") {
  GameOutcome g;
  g.start_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
  g.moves.push_back({parse_move("h9g7").value(), EngineScore{false, -35}, 8, std::chrono::milliseconds(1234)});
  g.moves.push_back({parse_move("h0g2").value(), std::nullopt, 0, std::chrono::milliseconds(5)});
  g.moves.push_back({parse_move("i9h9").value(), EngineScore{true, -4}, 12, std::chrono::milliseconds(60)});
  g.result = GameResult::RedWins;
  g.ending = Ending::TimeForfeit;
  g.reason = "time forfeit";
  g.detail = "b (Black) lost on time";
  PgnTags tags{"jiang match", "here", "2026.11.30", 7, "a", "b \"quoted\"", {"10+0.1", "10+0.1"}};
  const std::string pgn = format_pgn(tags, g);
  CHECK_THAT(pgn, Catch::StartsWith("[Event \"jiang match\"]\n[Site \"here\"]\n[Date \"2026.11.30\"]\n[Round \"7\"]\n"
                                    "[White \"a\"]\n[Black \"b \\\"quoted\\\"\"]\n[Result \"1-0\"]\n"
                                    "[TimeControl \"10+0.1\"]\n[Variant \"xiangqi\"]\n"
                                    "[FEN \"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RHEAKAEHR b - - 1 1\"]\n"
                                    "[SetUp \"1\"]\n[Termination \"time forfeit\"]\n[PlyCount \"3\"]\n\n"));
  CHECK_THAT(pgn, Catch::EndsWith("1... Hg7 {-0.35/8 1.2} 2. Hg2 Rh9 {-M4/12 0.1}\n"
                                  "{Red wins by time forfeit: b (Black) lost on time} 1-0\n\n"));
  // Time odds: each side's own tag, as cutechess writes them. A brace in the reason cannot end the comment.
  tags.time_control[Black] = std::string("-");  // (not a char* assignment: GCC 12 warns falsely, -Wrestrict)
  g.detail = "b (Black) claimed 1/2-1/2 {Draw}";
  const std::string odds = format_pgn(tags, g);
  CHECK_THAT(odds, Catch::Contains("[Result \"1-0\"]\n[WhiteTimeControl \"10+0.1\"]\n[BlackTimeControl \"-\"]\n[Variant"));
  CHECK_THAT(odds, Catch::Contains("{Red wins by time forfeit: b (Black) claimed 1/2-1/2 (Draw)} 1-0"));
}
