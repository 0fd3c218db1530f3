// `jiang show`: the board in the terminal (the traditional characters or FEN letters, the last move
// bracketed, flipped on request) and as an SVG picture; bad input is an error with exit code 2.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"

namespace jiang::testing {
namespace {

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string all;
  for (const std::string& line : lines) all += line + "\n";
  return all;
}

}  // namespace

TEST_CASE("jiang show draws the start position with the traditional characters", "[cli][show]") {
  const CliRun r = run_jiang({"show"});
  REQUIRE(r.exit_code == 0);
  const std::string text = joined(r.out);
  CHECK(count(text, "帥") == 1);
  CHECK(count(text, "將") == 1);
  CHECK(count(text, "兵") == 5);
  CHECK(count(text, "卒") == 5);
  CHECK(count(text, "[") == 0);  // no move played, nothing marked
  CHECK(text.find("楚河") != std::string::npos);
  CHECK(text.find("Red to move") != std::string::npos);
  CHECK(text.find("FEN rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w") != std::string::npos);
}

TEST_CASE("jiang show --ascii marks the last move's two squares", "[cli][show]") {
  const CliRun r = run_jiang({"show", "--ascii", "--moves", "h2e2 h9g7"});
  REQUIRE(r.exit_code == 0);
  REQUIRE(r.out.size() > 12);
  // Rank 9 is the second line: the horse has left h9; rank 7 has it on g7.
  const auto rank_line = [&](int rank) {
    const auto it = std::find_if(r.out.begin(), r.out.end(), [&](const std::string& l) { return l.rfind(std::to_string(rank) + " ", 0) == 0; });
    REQUIRE(it != r.out.end());
    return *it;
  };
  CHECK(rank_line(9) == "9  r  n  b  a  k  a  b [.] r  9");
  CHECK(rank_line(7) == "7  .  c  .  .  .  . [n] c  .  7");
  CHECK(rank_line(2) == "2  .  C  .  .  C  .  .  .  .  2");  // Red's move is not the last one
  CHECK(joined(r.out).find("Red to move, last move h9g7") != std::string::npos);
}

TEST_CASE("jiang show --flip puts Black at the bottom", "[cli][show]") {
  const CliRun r = run_jiang({"show", "--ascii", "--flip"});
  REQUIRE(r.exit_code == 0);
  REQUIRE(r.out.size() > 2);
  CHECK(r.out[0].find("i  h  g") != std::string::npos);
  CHECK(r.out[1] == "0  R  N  B  A  K  A  B  N  R  0");
}

TEST_CASE("jiang show --svg writes a picture with every piece", "[cli][show]") {
  const std::filesystem::path file = std::filesystem::temp_directory_path() / "jiang_cli_show_test.svg";
  std::filesystem::remove(file);
  const CliRun r = run_jiang({"show", "--moves", "h2e2", "--svg", file.string()});
  REQUIRE(r.exit_code == 0);
  std::ifstream in(file);
  std::stringstream svg;
  svg << in.rdbuf();
  std::filesystem::remove(file);
  const std::string text = svg.str();
  CHECK(text.rfind("<svg ", 0) == 0);
  CHECK(text.find("</svg>") != std::string::npos);
  CHECK(count(text, "fill='#f3dfb6'") == 32);           // the pieces
  CHECK(count(text, "stroke-dasharray") == 1);           // the last move's origin
  CHECK(count(text, ">炮</text>") == 2);
}

TEST_CASE("jiang show: a bad FEN or an illegal move is an error with exit code 2", "[cli][show]") {
  CliRun r = run_jiang({"show", "--fen", "not a fen"});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("bad FEN") != std::string::npos);
  CHECK(r.out.empty());
  r = run_jiang({"show", "--moves", "h2e2 h2e2"});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("h2e2") != std::string::npos);
  r = run_jiang({"show", "--svg", "/nonexistent-dir/board.svg"});
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("/nonexistent-dir/board.svg") != std::string::npos);
}

TEST_CASE("jiang show --pgn draws a game's position after a given ply and prints its moves in ICCS", "[cli][show]") {
  const std::filesystem::path file = std::filesystem::temp_directory_path() / "jiang_cli_show_test.pgn";
  {
    std::ofstream out(file);
    out << "h2e2 h9g7 h0g2 1-0\n"  // an ICCS move list: game 1
        << "[Event \"t\"]\n[Result \"0-1\"]\n\n1. Che2 Hg7 2. Hg2 Ri8 0-1\n";  // SAN: game 2
  }
  CliRun r = run_jiang({"show", "--ascii", "--pgn", file.string(), "--game", "2", "--ply", "3"});
  REQUIRE(r.exit_code == 0);
  std::string text = joined(r.out);
  CHECK(text.find("Game 2 of " + file.string() + " after 3 of 4 plies") != std::string::npos);
  CHECK(text.find("Moves (ICCS) h2e2 h9g7 h0g2\n") != std::string::npos);
  CHECK(text.find("Black to move, last move h0g2") != std::string::npos);
  CHECK(text.find("FEN rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b") != std::string::npos);

  r = run_jiang({"show", "--pgn", file.string()});  // game 1, to its end
  REQUIRE(r.exit_code == 0);
  CHECK(joined(r.out).find("after 3 of 3 plies") != std::string::npos);
  r = run_jiang({"show", "--pgn", file.string(), "--ply", "0"});
  REQUIRE(r.exit_code == 0);
  CHECK(joined(r.out).find("Moves (ICCS) none") != std::string::npos);
  CHECK(joined(r.out).find("Red to move\n") != std::string::npos);

  // What is not there is an error with exit code 2, naming it.
  r = run_jiang({"show", "--pgn", file.string(), "--game", "3"});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("has 2 games, not 3") != std::string::npos);
  r = run_jiang({"show", "--pgn", file.string(), "--game", "2", "--ply", "5"});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("has 4 plies, not 5") != std::string::npos);
  r = run_jiang({"show", "--pgn", (file.string() + ".missing")});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("cannot read") != std::string::npos);
  r = run_jiang({"show", "--pgn", file.string(), "--fen", "9/9/9/9/9/9/9/9/9/9 w"});
  CHECK(r.exit_code != 0);
  CHECK(r.out.empty());
  std::filesystem::remove(file);
}

}  // namespace jiang::testing
