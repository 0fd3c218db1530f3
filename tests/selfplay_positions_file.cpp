// The labelled-positions format: every result spelling, comments, malformed lines with their line
// numbers, strict mode, unreadable and empty files, and the shipped sample set.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "movegen/position.h"
#include "tuning/selfplay/positions_file.h"

namespace jiang {
namespace {

const std::string kStart(kStartFen);

std::vector<LabelledPosition> read_text(const std::string& text, bool strict = false,
                                        std::vector<std::string>* warnings = nullptr) {
  std::istringstream in(text);
  return read_positions(in, "test.txt", strict, warnings);
}

TEST_CASE("results in every spelling", "[selfplay][positions]") {
  const std::vector<std::pair<std::string, double>> spellings = {
      {"1.0", 1.0},     {"0.5", 0.5},     {"0.0", 0.0},     {"1-0", 1.0},     {"0-1", 0.0},
      {"1/2-1/2", 0.5}, {"1/2", 0.5},     {"[1.0]", 1.0},   {"[0.5]", 0.5},   {"[0.0]", 0.0},
      {"[1-0]", 1.0},   {"[0-1]", 0.0},   {"[1/2-1/2]", 0.5}, {"\"1-0\"", 1.0}, {"\"1/2-1/2\";", 0.5},
      {"0.25", 0.25},   {".5", 0.5},      {"1.", 1.0}};
  for (const auto& [token, value] : spellings) {
    INFO(token);
    const auto r = parse_result(token);
    REQUIRE(r);
    CHECK(*r == value);
    const auto p = parse_position_line(kStart + " " + token);
    REQUIRE(p);
    CHECK(p->fen == kStart);
    CHECK(p->result == value);
  }
  for (const std::string bad : {"", "1", "0", "2.0", "-0.5", "1-1", "win", "[1.0", "nan", "0.5x", "[]"}) {
    INFO(bad);
    CHECK_FALSE(parse_result(bad));
  }
}

TEST_CASE("comments, blank lines, tabs and carriage returns", "[selfplay][positions]") {
  const std::string text = "# jiang selfplay --games 2\n\n   \n" + kStart + " 1.0\r\n  # indented comment\n" + kStart +
                           "\t[0.5]\n" + kStart + " 0-1";  // no newline at the end
  std::vector<std::string> warnings;
  const auto positions = read_text(text, true, &warnings);
  REQUIRE(positions.size() == 3);
  CHECK(warnings.empty());
  CHECK(positions[0].result == 1.0);
  CHECK(positions[0].line == 4);
  CHECK(positions[1].result == 0.5);
  CHECK(positions[1].line == 6);
  CHECK(positions[2].result == 0.0);
  CHECK(positions[2].line == 7);
  for (const auto& p : positions) CHECK(p.fen == kStart);
}

TEST_CASE("game markers number the games, and without them each position is its own game", "[selfplay][positions]") {
  const std::string games = kStart + " 1.0\n" + kStart + " 1.0\n# game 0 1-0 mate\n# game 7 1/2-1/2 repetition\n" +
                            kStart + " 0.5\n# game 1 1/2-1/2 repetition\n" + kStart + " 0.0\n";
  const auto grouped = read_text(games, true);
  REQUIRE(grouped.size() == 4);
  CHECK(grouped[0].game == 0);
  CHECK(grouped[1].game == 0);
  CHECK(grouped[2].game == 1);  // a marker with no positions before it opens no game
  CHECK(grouped[3].game == 2);  // positions after the last marker: an unfinished game of their own

  const auto loose = read_text(kStart + " 1.0\n# a comment\n" + kStart + " 0.5\n" + kStart + " 0.0\n", true);
  REQUIRE(loose.size() == 3);
  CHECK(loose[0].game == 0);
  CHECK(loose[1].game == 1);
  CHECK(loose[2].game == 2);
}

TEST_CASE("malformed lines are skipped with their line numbers, or stop a strict read", "[selfplay][positions]") {
  const std::string text = kStart + " 1.0\n" +                                      // 1: fine
                           kStart + "\n" +                                          // 2: no result
                           "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB w 0.5\n" +  // 3: bad FEN
                           kStart + " 3-0\n" +                                      // 4: bad result
                           "0.5\n" +                                                // 5: result alone
                           kStart + " 0.5\n";                                       // 6: fine
  std::vector<std::string> warnings;
  const auto positions = read_text(text, false, &warnings);
  REQUIRE(positions.size() == 2);
  CHECK(positions[0].line == 1);
  CHECK(positions[1].line == 6);
  REQUIRE(warnings.size() == 4);
  CHECK_THAT(warnings[0], Catch::StartsWith("test.txt:2: "));
  CHECK_THAT(warnings[1], Catch::StartsWith("test.txt:3: invalid FEN"));
  CHECK_THAT(warnings[2], Catch::StartsWith("test.txt:4: result '3-0'"));
  CHECK_THAT(warnings[3], Catch::StartsWith("test.txt:5: "));
  // Warnings are optional.
  CHECK(read_text(text).size() == 2);
  // Strict: the first malformed line stops the read, named in the message.
  try {
    read_text(text, true);
    FAIL("a strict read accepted a malformed line");
  } catch (const PositionsFileError& e) {
    CHECK_THAT(e.what(), Catch::StartsWith("test.txt:2: "));
  }
}

TEST_CASE("a file with no positions is an error", "[selfplay][positions]") {
  CHECK_THROWS_WITH(read_text(""), Catch::Contains("holds no positions"));
  CHECK_THROWS_WITH(read_text("# only a comment\n\n"), Catch::Contains("holds no positions"));
  CHECK_THROWS_WITH(read_text("garbage\nmore garbage 0.5\n"), Catch::Contains("2 malformed lines"));
}

TEST_CASE("files: unreadable, empty, a directory, and a real one", "[selfplay][positions]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "jiang_selfplay_positions_test";
  fs::create_directories(dir);
  CHECK_THROWS_WITH(read_positions(dir / "missing.txt"), Catch::Contains("cannot read") && Catch::Contains("missing.txt"));
  CHECK_THROWS_WITH(read_positions(dir), Catch::Contains("directory"));
  { std::ofstream(dir / "empty.txt"); }
  CHECK_THROWS_WITH(read_positions(dir / "empty.txt"), Catch::Contains("empty.txt holds no positions"));
  { std::ofstream(dir / "two.txt") << kStart << " 1.0\n" << kStart << " oops\n"; }
  std::vector<std::string> warnings;
  CHECK(read_positions(dir / "two.txt", false, &warnings).size() == 1);
  REQUIRE(warnings.size() == 1);
  CHECK_THAT(warnings[0], Catch::Contains("two.txt:2: result 'oops'"));
  CHECK_THROWS_WITH(read_positions(dir / "two.txt", true), Catch::Contains("two.txt:2:"));
  fs::remove_all(dir);
}

TEST_CASE("written lines read back", "[selfplay][positions]") {
  CHECK(format_position_line(kStart, 1.0) == kStart + " 1.0");
  CHECK(format_position_line(kStart, 0.5) == kStart + " 0.5");
  CHECK(format_position_line(kStart, 0.0) == kStart + " 0.0");
  CHECK(format_position_line(kStart, 0.25) == kStart + " 0.250");
  for (double v : {0.0, 0.25, 0.5, 1.0}) {
    const auto p = parse_position_line(format_position_line(kStart, v));
    REQUIRE(p);
    CHECK(p->result == v);
  }
}

TEST_CASE("a search score after the result", "[selfplay][positions]") {
  const auto p = parse_position_line(kStart + " 1.0 -35");
  REQUIRE(p);
  CHECK(p->fen == kStart);
  CHECK(p->result == 1.0);
  CHECK(p->score == -35);
  CHECK(parse_position_line(kStart + " [0-1]\t+12")->score == 12);
  CHECK_FALSE(parse_position_line(kStart + " 0.5")->score);
  CHECK(format_position_line(kStart, 0.5, 7) == kStart + " 0.5 7");
  CHECK(parse_position_line(format_position_line(kStart, 0.0, -30000))->score == -30000);
  CHECK_THROWS_WITH(parse_position_line(kStart + " 1.0 30001"), Catch::Contains("beyond +/-30000"));
  // A FEN's move counters are integers too: without a result before them, the result is missing.
  CHECK_THROWS_WITH(parse_position_line(kStart), Catch::Contains("result '1'"));
  CHECK_THROWS_WITH(parse_position_line(kStart + " 1.0 12x"), Catch::Contains("result '12x'"));
  CHECK_THROWS(parse_position_line(kStart + " 1.0 1234567890"));
}

TEST_CASE("the shipped sample set reads strictly", "[selfplay][positions]") {
  std::vector<std::string> warnings;
  const auto positions = read_positions(std::string(JIANG_DATA_DIR) + "/selfplay-sample.txt", true, &warnings);
  CHECK(positions.size() >= 2000);
  CHECK(warnings.empty());
  int wins = 0, draws = 0, losses = 0;
  for (const auto& p : positions) {
    const Position pos = Position::from_fen(p.fen);
    CHECK_FALSE(pos.in_check());  // the selection keeps no position in check
    (p.result == 1.0 ? wins : p.result == 0.0 ? losses : draws)++;
  }
  CHECK(wins + draws + losses == int(positions.size()));
  CHECK(wins > 0);
  CHECK(losses > 0);
}

}  // namespace
}  // namespace jiang
