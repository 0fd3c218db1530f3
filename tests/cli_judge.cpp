// `jiang judge` from the command line: the verdict on a game record for the side to move, in words or
// as one line of JSON; bad input is an error on stderr with exit code 2.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/tsv.h"

namespace jiang::testing {
namespace {

using Run = CliRun;

Run judge(const std::vector<std::string>& args) {
  std::vector<std::string> all{"judge"};
  all.insert(all.end(), args.begin(), args.end());
  return run_jiang(all);
}

// chase.tsv row 1: Red's cannon chases Black's rook; Red, to move, has just repeated the third time.
constexpr const char* kRow1Fen = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";
constexpr const char* kRow1Moves = "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2";

}  // namespace

TEST_CASE("jiang judge --json: one line with the result and the reason", "[protocol][judge]") {
  const Run chase = judge({"--fen", kRow1Fen, "--moves", kRow1Moves, "--json"});
  CHECK(chase.exit_code == std::optional<int>(0));
  CHECK(chase.out == std::vector<std::string>{
                         R"({"result": "stm_wins", "reason": "perpetual chase", "chased": "black rook on a7"})"});
  // Under the draw-only rules the same record is a draw; one move earlier nothing has ended yet.
  const Run draw = judge({"--fen", kRow1Fen, "--moves", kRow1Moves, "--rules", "draw", "--json"});
  CHECK(draw.out == std::vector<std::string>{R"({"result": "draw", "reason": "repetition"})"});
  const Run none = judge({"--fen", kRow1Fen, "--moves", "c2a2 a7b7 a2b2 b7a7", "--json"});
  CHECK(none.out == std::vector<std::string>{R"({"result": "none", "reason": "the game goes on"})"});
  // The search's count: the first recurrence is enough with --occurrences 2.
  const Run early = judge({"--fen", kRow1Fen, "--moves", "c2a2 a7b7 a2b2 b7a7 b2a2", "--occurrences", "2", "--json"});
  CHECK(early.out == std::vector<std::string>{
                         R"({"result": "stm_wins", "reason": "perpetual chase", "chased": "black rook on a7"})"});
}

TEST_CASE("jiang judge: the verdict in words, mate first", "[protocol][judge]") {
  const Run chase = judge({"--fen", kRow1Fen, "--moves", kRow1Moves});
  CHECK(chase.exit_code == std::optional<int>(0));
  REQUIRE(chase.out.size() == 1);
  CHECK(chase.out[0] == "stm_wins (Black to move): perpetual chase, the black rook on a7 chased with every move");
  const Run mate = judge({"--fen", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "--moves", "a0d0", "--json"});
  CHECK(mate.out == std::vector<std::string>{R"({"result": "stm_loses", "reason": "mate"})"});
}

TEST_CASE("jiang judge --pgn: the verdict after a game of a file, at its end or after --ply plies",
          "[protocol][judge]") {
  const std::filesystem::path file = std::filesystem::temp_directory_path() / "jiang_cli_judge_test.pgn";
  {
    std::ofstream out(file);  // row 1 as a GUI's unfinished game, its moves in ICCS
    out << "[Event \"chase\"]\n[SetUp \"1\"]\n[FEN \"" << kRow1Fen << "\"]\n\n" << kRow1Moves << " *\n";
  }
  const Run chase = judge({"--pgn", file.string(), "--json"});
  CHECK(chase.exit_code == std::optional<int>(0));
  CHECK(chase.out == std::vector<std::string>{
                         R"({"result": "stm_wins", "reason": "perpetual chase", "chased": "black rook on a7"})"});
  const Run earlier = judge({"--pgn", file.string(), "--game", "1", "--ply", "4", "--json"});
  CHECK(earlier.out == std::vector<std::string>{R"({"result": "none", "reason": "the game goes on"})"});
  const Run missing = judge({"--pgn", file.string(), "--game", "2"});
  CHECK(missing.exit_code == std::optional<int>(2));
  CHECK(missing.err.find("has 1 game, not 2") != std::string::npos);
  CHECK(missing.out.empty());
  std::filesystem::remove(file);
}

TEST_CASE("jiang judge: the compared rulings of data/rule-cases.tsv (docs/rules.md)", "[protocol][judge]") {
  const auto rows = tsv_rows(std::string(JIANG_DATA_DIR) + "/rule-cases.tsv");
  REQUIRE_FALSE(rows.empty());
  for (const auto& f : rows) {
    REQUIRE(f.size() == 9);
    INFO("case " << f[0] << " (" << f[4] << ")");
    const Run r = judge({"--fen", f[2], "--moves", f[3], "--json"});
    CHECK(r.exit_code == std::optional<int>(0));
    REQUIRE(r.out.size() == 1);
    CHECK(r.out[0].rfind("{\"result\": \"" + f[1] + "\"", 0) == 0);
  }
  // The issue's game in words: a draw, not the perpetual chase jiang once called it.
  const Run issue = judge({"--fen", rows[0][2], "--moves", rows[0][3]});
  REQUIRE(issue.out.size() == 1);
  CHECK(issue.out[0] == "draw (Red to move): repetition");
}

TEST_CASE("jiang judge: bad input is an error, exit code 2", "[protocol][judge]") {
  const Run bad_fen = judge({"--fen", "not a fen", "--moves", "", "--json"});
  CHECK(bad_fen.exit_code == std::optional<int>(2));
  CHECK(bad_fen.out.empty());
  CHECK(bad_fen.err.find("bad FEN 'not a fen'") != std::string::npos);
  const Run illegal = judge({"--moves", "h2e2 h2e2"});
  CHECK(illegal.exit_code == std::optional<int>(2));
  CHECK(illegal.out.empty());
  CHECK(illegal.err.find("illegal move 'h2e2'") != std::string::npos);
  const Run malformed = judge({"--moves", "h2e9x"});
  CHECK(malformed.exit_code == std::optional<int>(2));
  CHECK(malformed.err.find("malformed move 'h2e9x'") != std::string::npos);
  const Run rules = judge({"--rules", "asian"});
  CHECK(rules.exit_code == std::optional<int>(2));
  CHECK(rules.err.find("unknown rule set 'asian'") != std::string::npos);
  const Run count = judge({"--occurrences", "5"});
  CHECK(count.exit_code == std::optional<int>(2));
  const Run help = judge({"--help"});
  CHECK(help.exit_code == std::optional<int>(0));
  REQUIRE_FALSE(help.out.empty());
  std::string text;
  for (const std::string& line : help.out) text += line + "\n";
  CHECK(text.find("--occurrences") != std::string::npos);
  CHECK(text.find("--json") != std::string::npos);
}

}  // namespace jiang::testing
