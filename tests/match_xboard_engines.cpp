// Debian's XBoard-protocol Xiangqi engines in `jiang match`: hoixiangqi, sjaakii, maxqi and
// fairy-stockfish (in its xboard mode) each play jiang a few fast games at a depth limit, with no
// forfeit, illegal move, crash or hang on either side, every move legal, every result the referee's and
// every false claim false by the rules and by XBoard's count; and one engine under a clock ([slow], and
// [timing]: on a machine loaded past its cores an engine can lose on time that would not on a free one).
// An engine that is not installed is skipped with a warning.
#include <catch2/catch.hpp>

#include <regex>

#include "tests/match_support.h"

using namespace jiang;
using namespace jiang::match_test;
using Catch::Matchers::Contains;

namespace {

struct DebianEngine {
  std::string name;
  bool setboard;  // else its games start from the initial position, openings given as moves
};

// Nothing the runner could have caused. A false claim is the engine's (MaxQi claims a chess-like 50-move
// draw with checks counted, which XBoard refuses too): check_pgn checks that each was false.
const std::string kClean = ": 0 time forfeits, 0 illegal moves, 0 crashes, 0 hangs, 0 restarts";
const std::string kNoFault = ": 0 time forfeits, 0 illegal moves, 0 crashes, 0 hangs, ";

// The sum of the numbers that `pattern` captures in the first line holding `prefix` (0 if none):
// "1 restarts" in an engine's summary, "50-move claim 1" in the endings.
int count_in(const std::vector<std::string>& lines, const std::string& prefix, const std::regex& pattern) {
  for (const std::string& line : lines) {
    if (line.find(prefix) == std::string::npos) continue;
    int sum = 0;
    for (std::sregex_iterator m(line.begin(), line.end(), pattern), end; m != end; ++m) sum += std::stoi((*m)[1]);
    return sum;
  }
  return 0;
}

// jiang against the engine: `games` games, each side's summary clean, the PGN whole and replayed.
void plays_clean_games(const DebianEngine& engine, const std::vector<std::string>& limits, int games,
                       const std::string& time_control) {
  const std::string program = "/usr/games/" + engine.name;
  if (!std::filesystem::exists(program)) {
    WARN(program << " is not installed: skipped");
    return;
  }
  const auto dir = temp_dir("xboard-" + engine.name);
  const auto pgn = dir / "games.pgn";
  // An engine without setboard is given its openings as moves from the initial position (a PGN's).
  write_text(dir / "openings.pgn", "1. h2e2 h9g7 2. h0g2 i9h9 *\n\n1. c3c4 b9c7 2. b0c2 g6g5 *\n");
  const auto openings = engine.setboard ? some_openings(dir, games / 2) : dir / "openings.pgn";
  std::vector<std::string> args = {"match", "--engine", "name=jiang cmd=" JIANG_BINARY, "--engine",
                                   "name=" + engine.name + " cmd=" + program + " proto=xboard", "--games",
                                   std::to_string(games), "--concurrency", "1", "--openings", openings.string(),
                                   "--pgn", pgn.string(), "--log", (dir / "log.txt").string()};
  args.insert(args.end(), limits.begin(), limits.end());
  const Run run = run_jiang(args, 300s);
  INFO(joined(run.out) << run.err);
  REQUIRE(run.code == 0);
  // The engine may be restarted only after a game it ended by a claim: after its 50-move claim in the
  // middle of a game HoiXiangqi's output closed before the next game's ping (its log: the claim, then
  // "Illegal move (game over)" for the move it had been sent), and the runner starts it again.
  CHECK_THAT(joined(run.out), Contains("jiang" + kClean) && Contains(engine.name + kNoFault));
  const int restarts = count_in(run.out, engine.name + kNoFault, std::regex(R"((\d+) restarts)"));
  const int claims = count_in(run.out, "endings:", std::regex(R"(claim (\d+))"));
  CHECK(restarts <= claims);
  CHECK(check_pgn(pgn, "jiang", engine.name, time_control, size_t(games)) == wdl(run.out.back()));
  // The engine's thinking reached the PGN: XBoard's comments on most of its moves (not all: an engine
  // may answer a check with its only move without a word).
  for (const PgnGame& g : read_pgn(pgn)) {
    const bool red_first = g.tags.at("FEN").find(" w ") != std::string::npos;
    const bool engine_first = (g.tags.at("White") == engine.name) == red_first;
    const auto engines = [&](int ply) { return (ply % 2 == 1) == engine_first; };  // plies counted from 1
    int plies = 0, engine_moves = 0, commented = 0;
    for (const std::string& t : g.tokens) {
      if (is_move_number(t) || is_result(t)) continue;
      if (t[0] != '{') engine_moves += engines(++plies);
      else if (plies > 0 && engines(plies) && t.find('/') != std::string::npos) ++commented;
    }
    INFO("round " << g.tags.at("Round"));
    CHECK(commented * 2 >= engine_moves);
  }
}

}  // namespace

TEST_CASE("Debian's XBoard engines play jiang at depth 3 with nothing forfeited", "[match][xboard-engines]") {
  const DebianEngine engine = GENERATE(DebianEngine{"hoixiangqi", true}, DebianEngine{"sjaakii", true},
                                       DebianEngine{"maxqi", false}, DebianEngine{"fairy-stockfish", true});
  INFO(engine.name);
  plays_clean_games(engine, {"--depth", "3"}, 2, "-");
}

TEST_CASE("An XBoard engine under a clock gets time and otim and forfeits nothing", "[match][xboard-engines][slow][timing]") {
  plays_clean_games({"hoixiangqi", true}, {"--tc", "3+0.05", "--timemargin", "500"}, 2, "3+0.05");
}
