// WXF and Chinese move notation: the opening moves every book prints, pieces on one file (front and
// rear, three to five pawns, pawns on two files) as the WXF page spells them, every legal move of many
// positions named once, and each colour numbering its files from its own right.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <set>

#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/wxf.h"
#include "tests/support/sample_positions.h"

using namespace jiang;

namespace {

struct Named {
  std::string wxf, chinese;
  bool operator==(const Named&) const = default;
};

// Both notations of the ICCS move after the moves `before` from `fen`.
Named named(const std::string& fen, const std::string& before, const std::string& iccs) {
  Position pos = Position::from_fen(fen);
  for (size_t i = 0; i + 4 <= before.size(); i += 5) pos.make_move(*parse_move(before.substr(i, 4)));
  const Move m = *parse_move(iccs);
  MoveList legal;
  generate_legal(pos, legal);
  REQUIRE(legal.contains(m));
  return {wxf(pos, m), chinese_notation(pos, m)};
}

Named start(const std::string& before, const std::string& iccs) { return named(std::string(kStartFen), before, iccs); }

// The position turned half round with the colours swapped: Red's moves become Black's, seen from Black.
std::string rotated_fen(const std::string& fen) {
  const std::string board = fen.substr(0, fen.find(' '));
  std::string rotated(board.rbegin(), board.rend());
  for (char& c : rotated)
    if (std::isalpha(static_cast<unsigned char>(c))) c = std::isupper(c) ? char(std::tolower(c)) : char(std::toupper(c));
  const char side = fen[fen.find(' ') + 1] == 'w' ? 'b' : 'w';
  return rotated + " " + side + " - - 0 1";
}

Move rotated(Move m) { return Move(Square(kSquares - 1 - m.from()), Square(kSquares - 1 - m.to())); }

}  // namespace

TEST_CASE("WXF: the opening moves as books print them", "[movegen][wxf]") {
  CHECK(start("", "h2e2") == Named{"C2.5", "炮二平五"});
  CHECK(start("h2e2", "h9g7") == Named{"H8+7", "馬８進７"});
  CHECK(start("h2e2 h9g7", "h0g2") == Named{"H2+3", "傌二進三"});
  CHECK(start("", "b0c2") == Named{"H8+7", "傌八進七"});
  CHECK(start("h2e2", "h7e7") == Named{"C8.5", "砲８平５"});
  CHECK(start("", "a0a1") == Named{"R9+1", "俥九進一"});
  CHECK(start("c3c4", "a9a8") == Named{"R1+1", "車１進１"});
  CHECK(start("", "f0e1") == Named{"A4+5", "仕四進五"});
  CHECK(start("", "c0e2") == Named{"E7+5", "相七進五"});
  CHECK(start("", "c3c4") == Named{"P7+1", "兵七進一"});
  CHECK(start("", "h2h9") == Named{"C2+7", "炮二進七"});                     // takes the horse
  CHECK(start("a0a1 a9a8", "a1a0") == Named{"R9-1", "俥九退一"});
  CHECK(start("f0e1 d9e8", "e0f0") == Named{"K5.4", "帥五平四"});
  CHECK(start("c0e2 g9e7", "e2c4") == Named{"E5+7", "相五進七"});
  CHECK(start("c0e2 g9e7 e2c4 e7g9", "c4e2") == Named{"E7-5", "相七退五"});
}

TEST_CASE("WXF: two pieces of a kind on one file are front and rear", "[movegen][wxf]") {
  const std::string rooks = "3k5/9/9/9/4R4/9/9/4R4/9/5K3 w - - 0 1";
  CHECK(named(rooks, "", "e5d5") == Named{"R+.6", "前俥平六"});
  CHECK(named(rooks, "", "e2e4") == Named{"R-+2", "後俥進二"});
  CHECK(named(rooks, "", "e2e0") == Named{"R--2", "後俥退二"});
  // Black's front is towards rank 0.
  const std::string cannons = "3k5/9/4c4/9/9/9/4c4/9/9/5K3 b - - 0 1";
  CHECK(named(cannons, "", "e3d3") == Named{"C+.4", "前砲平４"});
  CHECK(named(cannons, "", "e7e8") == Named{"C--1", "後砲退１"});
  const std::string horses = "4k4/9/9/9/4H4/9/4H4/9/9/3K5 w - - 0 1";
  CHECK(named(horses, "", "e5d7") == Named{"H++6", "前傌進六"});
  CHECK(named(horses, "", "e3f1") == Named{"H--4", "後傌退四"});
  // Advisors on one file are named by their file: only one of them can go each way.
  const std::string advisors = "3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1";
  CHECK(named(advisors, "", "d0e1") == Named{"A6+5", "仕六進五"});
  CHECK(named(advisors, "", "d2e1") == Named{"A6-5", "仕六退五"});
}

TEST_CASE("WXF: three to five pawns on a file, and pawns on two files", "[movegen][wxf]") {
  const std::string three = "4k4/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1";
  CHECK(named(three, "", "e7e8") == Named{"P++1", "前兵進一"});
  CHECK(named(three, "", "e6d6") == Named{"P5.6", "中兵平六"});
  CHECK(named(three, "", "e5f5") == Named{"P-.4", "後兵平四"});
  const std::string four = "4k4/P8/P8/P8/P8/9/9/9/9/3K5 w - - 0 1";
  CHECK(named(four, "", "a8b8") == Named{"++.8", "一兵平八"});
  CHECK(named(four, "", "a7b7") == Named{"P+.8", "二兵平八"});
  CHECK(named(four, "", "a6b6") == Named{"P-.8", "三兵平八"});
  CHECK(named(four, "", "a5b5") == Named{"--.8", "四兵平八"});
  const std::string five = "P3k4/P8/P8/P8/P8/9/9/9/9/3K5 w - - 0 1";
  CHECK(named(five, "", "a9b9") == Named{"++.8", "一兵平八"});
  CHECK(named(five, "", "a8b8") == Named{"P+.8", "二兵平八"});
  CHECK(named(five, "", "a7b7") == Named{"P9.8", "三兵平八"});
  CHECK(named(five, "", "a6b6") == Named{"P-.8", "四兵平八"});
  CHECK(named(five, "", "a5b5") == Named{"--.8", "五兵平八"});
  // The WXF page's example: three pawns on the 3rd file and two on the 7th.
  const std::string two_files = "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/5K3 w - - 0 1";
  CHECK(named(two_files, "", "g7f7") == Named{"3+.4", "前三平四"});
  CHECK(named(two_files, "", "g6f6") == Named{"33.4", "中三平四"});
  CHECK(named(two_files, "", "g5f5") == Named{"3-.4", "後三平四"});
  CHECK(named(two_files, "", "c6d6") == Named{"7+.6", "前七平六"});
  CHECK(named(two_files, "", "c5b5") == Named{"7-.8", "後七平八"});
  // Black's pawns: the front one is the lowest.
  const std::string black = "4k4/9/9/9/9/4p4/4p4/4p4/9/3K5 b - - 0 1";
  CHECK(named(black, "", "e2e1") == Named{"P++1", "前卒進１"});
  CHECK(named(black, "", "e3d3") == Named{"P5.4", "中卒平４"});
  CHECK(named(black, "", "e4f4") == Named{"P-.6", "後卒平６"});
}

TEST_CASE("WXF: every legal move has its own name, and Black's names mirror Red's", "[movegen][wxf]") {
  int moves_checked = 0;
  for (const std::string& fen : sample_positions(2027, 2, 60)) {
    const Position pos = Position::from_fen(fen);
    const Position turned = Position::from_fen(rotated_fen(fen));
    MoveList legal;
    generate_legal(pos, legal);
    std::set<std::string> wxf_names, chinese_names;
    for (Move m : legal) {
      INFO(fen << " " << to_string(m));
      wxf_names.insert(wxf(pos, m));
      chinese_names.insert(chinese_notation(pos, m));
      CHECK(wxf(turned, rotated(m)) == wxf(pos, m));
      ++moves_checked;
    }
    INFO(fen);
    CHECK(int(wxf_names.size()) == legal.size());
    CHECK(int(chinese_names.size()) == legal.size());
  }
  CHECK(moves_checked > 10000);
}
