// XBoard's Xiangqi SAN read back: every legal move of many positions is written and parsed back to
// itself; the reader's conventions (straight pawn steps, other writers' letters) and its errors.
#include <catch2/catch.hpp>

#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/san.h"
#include "tests/support/sample_positions.h"

using namespace jiang;

namespace {

std::optional<std::string> parsed(const std::string& fen, const std::string& text) {
  const std::optional<Move> m = parse_san(Position::from_fen(fen), text);
  return m ? std::optional(to_string(*m)) : std::nullopt;
}

}  // namespace

TEST_CASE("SAN round trip: every legal move of the bench positions and walks from them", "[movegen][san]") {
  int moves_checked = 0;
  for (const std::string& fen : sample_positions(2026, 2, 40)) {
    const Position pos = Position::from_fen(fen);
    MoveList legal;
    generate_legal(pos, legal);
    for (Move m : legal) {
      const std::string text = san(pos, m);
      SanError error;
      const std::optional<Move> back = parse_san(pos, text, &error);
      INFO(fen << " " << to_string(m) << " " << text << " " << error.message);
      REQUIRE(back);
      CHECK(*back == m);
      ++moves_checked;
    }
  }
  CHECK(moves_checked > 10000);
}

TEST_CASE("SAN reading tells pieces apart by file and rank, and rejects what fits two moves", "[movegen][san]") {
  const std::string start(kStartFen);
  CHECK(parsed(start, "Che2") == "h2e2");
  CHECK(parsed(start, "Cbe2") == "b2e2");
  CHECK_FALSE(parsed(start, "Ce2"));  // both cannons reach e2
  const std::string two_rooks = "4k4/9/9/9/R8/9/9/9/9/R2K5 w - - 0 1";
  CHECK(parsed(two_rooks, "R0a3") == "a0a3");
  CHECK(parsed(two_rooks, "R5a3") == "a5a3");
  CHECK_FALSE(parsed(two_rooks, "Ra3"));
  const std::string apart = "4k4/9/9/9/9/9/3R5/9/9/R2K5 w - - 0 1";
  CHECK(parsed(apart, "Raa3") == "a0a3");
  CHECK(parsed(apart, "Rd3a3") == "d3a3");
  SanError error;
  CHECK_FALSE(parse_san(Position::from_fen(start), "Ce2", &error));
  CHECK(error.message.find("ambiguous") != std::string::npos);
}

TEST_CASE("SAN reading: pawn steps, other writers' letters, marks, and errors", "[movegen][san]") {
  const std::string start(kStartFen);
  CHECK(parsed(start, "c4") == "c3c4");
  CHECK(parsed(start, "Pc4") == "c3c4");
  CHECK(parsed(start, "Ng2") == "h0g2");       // N for the horse
  CHECK(parsed(start, "Bce2") == "c0e2");      // B for the elephant
  CHECK(parsed(start, "Cxh9+!?") == "h2h9");   // marks and annotations ignored
  CHECK(parsed(start, "Ch2xh9") == "h2h9");
  // "c4" without the pawn's file is the straight step, even where a crossed pawn could go there sideways.
  const std::string rivals = "4k4/9/9/9/2p6/1p7/9/9/9/3K5 b - - 0 1";
  CHECK(parsed(rivals, "c4") == "c5c4");
  CHECK(parsed(rivals, "bc4") == "b4c4");
  SanError error;
  for (const char* bad : {"", "Z4", "Cj2", "Ce", "Qe2", "Chh2e2", "c5"}) {
    INFO(bad);
    CHECK_FALSE(parse_san(Position::from_fen(start), bad, &error));
    CHECK_FALSE(error.message.empty());
  }
}
