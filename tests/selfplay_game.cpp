// The self-play referee and in-process games: how games end, by the rules and by adjudication.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "engine/score.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "tuning/selfplay/game.h"

namespace jiang {
namespace {

// The position after `moves` from `fen`, with the record (check flags included) the referee reads.
Position after(const std::string& fen, const std::vector<std::string>& moves) {
  Position pos = Position::from_fen(fen);
  pos.in_check();
  for (const std::string& text : moves) {
    const auto m = parse_move(text);
    REQUIRE(m);
    REQUIRE(is_legal(pos, *m));
    pos.make_move(*m);
    pos.in_check();
  }
  return pos;
}

// Plays `cycle` over and over from `fen` and returns the first verdict with the ply it came at.
std::pair<Verdict, int> first_verdict(const std::string& fen, const std::vector<std::string>& lead,
                                      const std::vector<std::string>& cycle, int repetitions = 3) {
  std::vector<std::string> moves = lead;
  for (int round = 0; round < 10; ++round) {
    for (const std::string& m : cycle) {
      moves.push_back(m);
      if (const auto v = referee(after(fen, moves), repetitions)) return {*v, int(moves.size())};
    }
  }
  FAIL("no verdict after ten cycles");
  return {};
}

// Black's general on d9, alone; Red's rook checks it along rank 9 or 8.
constexpr const char* kLoneGeneral = "3k5/9/9/9/9/9/9/9/7R1/5K3 w - - 0 1";

TEST_CASE("a mated side loses", "[selfplay][referee]") {
  // Rook a9 checks along rank 9, rook a8 covers d8; e9 is on the checked rank (and faces Red's general).
  const auto v = referee(Position::from_fen("R2k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1"), 3);
  REQUIRE(v);
  CHECK(v->result == GameResult::RedWins);
  CHECK(v->reason == "mate");
  // The same with colours swapped: Black mates Red.
  const auto w = referee(Position::from_fen("4k4/9/9/9/9/9/9/9/r8/r2K5 w - - 0 1"), 3);
  REQUIRE(w);
  CHECK(w->result == GameResult::BlackWins);
  CHECK(w->reason == "mate");
}

TEST_CASE("a side with no legal move loses even out of check", "[selfplay][referee]") {
  // d8 is covered by the rook on rank 8, e9 would face Red's general: no move, no check.
  const Position pos = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
  REQUIRE_FALSE(pos.in_check());
  const auto v = referee(pos, 3);
  REQUIRE(v);
  CHECK(v->result == GameResult::RedWins);
  CHECK(v->reason == "no legal move");
}

TEST_CASE("a game going on gets no verdict", "[selfplay][referee]") {
  CHECK_FALSE(referee(Position::startpos(), 3));
  CHECK_FALSE(referee(after(kLoneGeneral, {"h1h9", "d9d8"}), 3));
}

TEST_CASE("a perpetual check loses for the checking side", "[selfplay][referee]") {
  // Red checks with every move (h9 along rank 9, h8 along rank 8); Black's general steps between d9 and d8.
  const auto [v, ply] = first_verdict(kLoneGeneral, {"h1h9", "d9d8"}, {"h9h8", "d8d9", "h8h9", "d9d8"});
  CHECK(v.result == GameResult::BlackWins);
  CHECK(v.reason == "perpetual check");
  CHECK(ply >= 8);  // the third occurrence, not the second
  // The same with colours swapped: Black checks every move, and Black loses.
  const auto [w, wply] = first_verdict("5k3/7r1/9/9/9/9/9/9/9/3K5 b - - 0 1", {"h8h0", "d0d1"},
                                       {"h0h1", "d1d0", "h1h0", "d0d1"});
  CHECK(w.result == GameResult::RedWins);
  CHECK(w.reason == "perpetual check");
  CHECK(wply >= 8);
}

TEST_CASE("a perpetual chase loses for the chasing side", "[selfplay][referee]") {
  // chase.tsv row 1: Red's cannon chases Black's rook between a7 and b7 (AXF rules, the default).
  const std::string fen = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";
  const auto [v, ply] = first_verdict(fen, {"c2a2"}, {"a7b7", "a2b2", "b7a7", "b2a2"});
  CHECK(v.result == GameResult::BlackWins);
  CHECK(v.reason == "perpetual chase");
  CHECK(ply == 9);  // the third occurrence of the position after c2a2
  // A referee for GUIs that judge repetitions themselves: every repetition a draw.
  std::vector<std::string> moves = {"c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7", "b2a2"};
  const auto draw = referee(after(fen, moves), 3, RuleSet::Draw);
  REQUIRE(draw);
  CHECK(draw->result == GameResult::Draw);
  CHECK(draw->reason == "repetition");
}

TEST_CASE("a repetition without checks is a draw", "[selfplay][referee]") {
  const auto [v, ply] = first_verdict(kLoneGeneral, {}, {"h1h2", "d9d8", "h2h1", "d8d9"});
  CHECK(v.result == GameResult::Draw);
  CHECK(v.reason == "repetition");
  CHECK(ply == 8);  // the start position, seen for the third time
  // With repetitions = 2 the first recurrence ends it.
  const auto [w, wply] = first_verdict(kLoneGeneral, {}, {"h1h2", "d9d8", "h2h1", "d8d9"}, 2);
  CHECK(w.reason == "repetition");
  CHECK(wply == 4);
}

TEST_CASE("sixty moves without a capture is a draw", "[selfplay][referee]") {
  const std::string fen = "3k5/9/9/9/9/9/9/9/7R1/5K3 w - - 119 80";
  CHECK_FALSE(referee(Position::from_fen(fen), 3));
  const auto v = referee(after(fen, {"h1h2"}), 3);
  REQUIRE(v);
  CHECK(v->result == GameResult::Draw);
  CHECK(v->reason == "60-move rule");
  // A mate on the 120th ply still wins.
  const auto mate = referee(after("3k5/R8/9/9/9/9/9/9/8R/4K4 w - - 119 80", {"i1i9"}), 3);
  REQUIRE(mate);
  CHECK(mate->result == GameResult::RedWins);
  CHECK(mate->reason == "mate");
}

TEST_CASE("no piece that can cross the river on either side is a draw at once", "[selfplay][referee]") {
  // Generals and advisors alone: nobody can give check again.
  const auto v = referee(Position::from_fen("4k4/4a4/9/9/9/9/9/9/4A4/3K5 w - - 0 1"), 3);
  REQUIRE(v);
  CHECK(v->result == GameResult::Draw);
  CHECK(v->reason == "insufficient material");
  // One pawn anywhere, even one that has not crossed yet, can still mate.
  CHECK_FALSE(referee(Position::from_fen("4k4/4a4/9/p8/9/9/9/9/4A4/3K5 w - - 0 1"), 3));
  // The capture of the last attacker ends the game there.
  const std::string fen = "3k5/9/9/9/9/9/9/3p5/4A4/4K4 w - - 0 1";
  CHECK_FALSE(referee(Position::from_fen(fen), 3));
  const auto [w, ply] = first_verdict(fen, {}, {"e1d2"});
  CHECK(w.result == GameResult::Draw);
  CHECK(w.reason == "insufficient material");
  CHECK(ply == 1);
}

// Xiangqi has no stalemate: a side left without a legal move has lost, in check or not, and the
// search rightly treats both as the same win.
bool ends_without_moves(const std::string& reason) { return reason == "mate" || reason == "no legal move"; }

TEST_CASE("play_game: a mate in one ends the game at once", "[selfplay][game]") {
  const Params defaults;
  for (const MoveLimits limits : {MoveLimits{3, 0}, MoveLimits{0, 5000}}) {
    const GameRecord red = play_game("3k5/R8/9/9/9/9/9/9/8R/4K4 w - - 0 1", defaults, defaults, limits);
    CHECK(red.result == GameResult::RedWins);
    CHECK(ends_without_moves(red.reason));
    REQUIRE(red.moves.size() == 1);
    // i1i9 and i1d1 mate; i1a1 leaves Black's general no move (d8 covered, e9 faces Red's general).
    CHECK(ends_without_moves(referee(after(red.moves[0].fen, {to_string(red.moves[0].move)}), 3)->reason));
    CHECK(red.moves[0].score == mate_in(1));
    CHECK_FALSE(red.moves[0].capture);
    CHECK_FALSE(red.moves[0].in_check);
    CHECK(red.moves[0].fen == "3k5/R8/9/9/9/9/9/9/8R/4K4 w - - 0 1");

    const GameRecord black = play_game("4k4/9/9/9/9/9/9/9/r8/r2K5 w - - 0 1", defaults, defaults, limits);
    CHECK(black.result == GameResult::BlackWins);
    CHECK(black.reason == "mate");
    CHECK(black.moves.empty());
  }
}

TEST_CASE("play_game: Black mates in one from a Black-to-move position", "[selfplay][game]") {
  const Params defaults;
  const GameRecord g = play_game("4k4/9/9/9/9/9/9/8r/r8/3K5 b - - 0 1", defaults, defaults, MoveLimits{3, 0});
  CHECK(g.result == GameResult::BlackWins);
  CHECK(ends_without_moves(g.reason));
  REQUIRE(g.moves.size() == 1);
  CHECK(ends_without_moves(referee(after(g.moves[0].fen, {to_string(g.moves[0].move)}), 3)->reason));  // i2i0, i2d2 or a1b1
}

TEST_CASE("play_game: adjudication limits", "[selfplay][game]") {
  const Params defaults;
  const std::string start(kStartFen);
  SECTION("the move limit draws") {
    Adjudication a;
    a.scores.max_plies = 6;
    const GameRecord g = play_game(start, defaults, defaults, MoveLimits{0, 2000}, a);
    CHECK(g.result == GameResult::Draw);
    CHECK(g.reason == "max plies");
    CHECK(g.moves.size() == 6);
  }
  SECTION("level scores for long enough draw") {
    Adjudication a;
    a.scores.draw = DrawRule{3, 2, kMateBound - 1};  // every score counts as level; from move 3 (ply 6)
    const GameRecord g = play_game(start, defaults, defaults, MoveLimits{0, 2000}, a);
    CHECK(g.result == GameResult::Draw);
    CHECK(g.reason == "draw adjudication");
    CHECK(g.moves.size() == 6);
  }
  SECTION("both engines seeing one side far ahead adjudicate a win") {
    // Red has two rooks and two horses against a bare general and advisors: decided, but no quick mate.
    Adjudication a;
    a.scores.resign = ResignRule{2, 500};
    const GameRecord g = play_game("3akab2/9/9/9/9/9/9/9/4A4/RN2K2NR w - - 0 1", defaults, defaults, MoveLimits{2, 0}, a);
    CHECK(g.result == GameResult::RedWins);
    if (g.reason == "resign adjudication") {
      REQUIRE(g.moves.size() >= 4);
      for (size_t i = g.moves.size() - 4; i < g.moves.size(); ++i) {
        const int red_view = i % 2 == 0 ? g.moves[i].score : -g.moves[i].score;
        CHECK(red_view >= 500);
      }
    } else {
      CHECK((ends_without_moves(g.reason) || g.reason == "mate found"));
    }
  }
}

TEST_CASE("play_game: every move is recorded with its position, flags and score", "[selfplay][game]") {
  const Params defaults;
  Adjudication a;
  a.scores.max_plies = 40;
  GamePlayer player;
  const std::string start = "r1bakab1r/4n4/1c4nc1/p1p1p1p1p/9/6P2/P1P1P3P/B3C2C1/9/RN1AKABNR w - - 6 4";
  const GameRecord g = player.play(start, defaults, defaults, MoveLimits{0, 3000}, a);
  REQUIRE_FALSE(g.moves.empty());
  Position pos = Position::from_fen(start);
  for (const PlayedMove& m : g.moves) {
    CHECK(m.fen == pos.fen());
    CHECK(m.in_check == pos.in_check());
    CHECK(m.capture == (pos.piece_on(m.move.to()) != NoPiece));
    REQUIRE(is_legal(pos, m.move));
    pos.make_move(m.move);
  }
  // The same game again with the same player, and with a new one: identical.
  const GameRecord again = player.play(start, defaults, defaults, MoveLimits{0, 3000}, a);
  const GameRecord fresh = play_game(start, defaults, defaults, MoveLimits{0, 3000}, a);
  for (const GameRecord* other : {&again, &fresh}) {
    REQUIRE(other->moves.size() == g.moves.size());
    for (size_t i = 0; i < g.moves.size(); ++i) {
      CHECK(other->moves[i].move == g.moves[i].move);
      CHECK(other->moves[i].score == g.moves[i].score);
    }
    CHECK(other->reason == g.reason);
  }
}

TEST_CASE("play_game: a stop flag abandons the game", "[selfplay][game]") {
  const Params defaults;
  GamePlayer player;
  std::atomic<bool> stop{true};
  player.set_stop_flag(&stop);
  CHECK_THROWS_AS(player.play(std::string(kStartFen), defaults, defaults, MoveLimits{0, 1000}), GameAborted);
}

TEST_CASE("play_game: bad arguments", "[selfplay][game]") {
  const Params defaults;
  GamePlayer player(1);
  CHECK_THROWS_AS(player.play("not a fen", defaults, defaults, MoveLimits{2, 0}), FenError);
  CHECK_THROWS_AS(player.play(std::string(kStartFen), defaults, defaults, MoveLimits{2, 100}), std::invalid_argument);
  CHECK_THROWS_AS(player.play(std::string(kStartFen), defaults, defaults, MoveLimits{0, 0}), std::invalid_argument);
}

TEST_CASE("result labels", "[selfplay][game]") {
  CHECK(red_score(GameResult::RedWins) == 1.0);
  CHECK(red_score(GameResult::Draw) == 0.5);
  CHECK(red_score(GameResult::BlackWins) == 0.0);
  CHECK(std::string(result_string(GameResult::RedWins)) == "1-0");
  CHECK(std::string(result_string(GameResult::Draw)) == "1/2-1/2");
  CHECK(std::string(result_string(GameResult::BlackWins)) == "0-1");
  for (GameResult r : {GameResult::RedWins, GameResult::Draw, GameResult::BlackWins})
    CHECK(parse_game_result(result_string(r)) == r);
  CHECK_FALSE(parse_game_result("*"));
  CHECK_FALSE(parse_game_result("1-1"));
}

}  // namespace
}  // namespace jiang
