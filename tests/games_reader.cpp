// Reading games: the PGN `jiang match` writes is read back move for move, ICCS move lists and PGN with
// ICCS moves, comments and variations; bad games are reported (file, line, game) and skipped.
#include <catch2/catch.hpp>

#include <random>
#include <sstream>

#include "games/game_reader.h"
#include "games/score_comment.h"
#include "match/pgn.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "tests/support/suite.h"

using namespace jiang;

namespace {

struct ReadAll {
  std::vector<games::Game> games;
  std::vector<std::string> errors;
};

ReadAll read_all(const std::string& text) {
  std::istringstream in(text);
  games::GameReader reader(in, "test.pgn");
  ReadAll all;
  while (const auto item = reader.next()) {
    if (const auto* game = std::get_if<games::Game>(&*item)) all.games.push_back(*game);
    else all.errors.push_back(std::get<games::GameError>(*item).message);
  }
  return all;
}

// A random legal game of up to `plies` from `fen`, as the match runner records one.
match::GameOutcome random_game(const std::string& fen, int plies, std::mt19937_64& rng) {
  match::GameOutcome g;
  g.start_fen = fen;
  Position pos = Position::from_fen(fen);
  for (int i = 0; i < plies; ++i) {
    MoveList legal;
    generate_legal(pos, legal);
    if (legal.empty()) break;
    const Move m = legal[int(rng() % legal.size())];
    g.moves.push_back({m, match::EngineScore{false, int(rng() % 200) - 100}, 7, std::chrono::milliseconds(120)});
    pos.make_move(m);
  }
  constexpr GameResult kResults[] = {GameResult::RedWins, GameResult::Draw, GameResult::BlackWins};
  g.result = kResults[rng() % 3];
  g.reason = "adjudication";
  return g;
}

// The score a move comment gives, or a value no test expects.
int parse_score_comment_value(const std::string& comment) {
  const std::optional<games::CommentScore> score = games::parse_score_comment(comment);
  return score ? score->value : -999999;
}

}  // namespace

TEST_CASE("The PGN jiang match writes is read back to the same games", "[games]") {
  std::mt19937_64 rng(10);
  std::vector<match::GameOutcome> written;
  std::string pgn;
  std::vector<std::string> starts = bench_fens();
  starts.push_back(std::string(kStartFen));
  for (const std::string& fen : starts)
    for (int i = 0; i < 3; ++i) {
      written.push_back(random_game(fen, 120, rng));
      pgn += match::format_pgn(match::PgnTags{}, written.back());
    }
  const ReadAll all = read_all(pgn);
  CHECK(all.errors.empty());
  REQUIRE(all.games.size() == written.size());
  for (size_t i = 0; i < written.size(); ++i) {
    INFO("game " << i + 1);
    CHECK(Position::from_fen(all.games[i].fen) == Position::from_fen(written[i].start_fen));
    REQUIRE(all.games[i].moves.size() == written[i].moves.size());
    for (size_t j = 0; j < written[i].moves.size(); ++j) CHECK(all.games[i].moves[j] == written[i].moves[j].move);
    CHECK(all.games[i].result == written[i].result);
    // Each move's score comes back from its comment, but the last one's, which the result's replaces.
    REQUIRE(all.games[i].comments.size() == written[i].moves.size());
    for (size_t j = 0; j + 1 < written[i].moves.size(); ++j) {
      const std::optional<games::CommentScore> score = games::parse_score_comment(all.games[i].comments[j]);
      REQUIRE(score);
      CHECK(!score->mate);
      CHECK(score->value == written[i].moves[j].score->value);
      CHECK(score->depth == 7);
    }
    // How the game ended, in the comment before the result, comes back word for word.
    const GameResult r = written[i].result;
    const char* winner = r == GameResult::Draw ? "Draw" : r == GameResult::RedWins ? "Red wins" : "Black wins";
    CHECK(all.games[i].result_comment == std::string(winner) + " by adjudication");
  }
}

TEST_CASE("ICCS move lists, one game a line, and PGN with ICCS moves, comments and variations", "[games]") {
  const ReadAll lists = read_all("h2e2 h9g7 h0g2 1-0\n\nb0c2 b9c7 1/2-1/2\r\nc3c4 0-1\n");
  REQUIRE(lists.errors.empty());
  REQUIRE(lists.games.size() == 3);
  CHECK(lists.games[0].moves.size() == 3);
  CHECK(lists.games[0].result == GameResult::RedWins);
  CHECK(lists.games[1].result == GameResult::Draw);
  CHECK(lists.games[2].moves == std::vector<Move>{*parse_move("c3c4")});
  CHECK(lists.games[2].result == GameResult::BlackWins);

  const ReadAll pgn = read_all(
      "[Event \"x\"]\n[Result \"0-1\"]\n\n1. h2-e2 {a comment\nover two lines} h9g7 (1... b9c7 (2. Hg2)) 2. Hg2 $1 ; rest\n"
      "2... Rh9 3.Rh0 *\n\n[Event \"y\"]\n[FEN \"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RHEAKAEHR b - - 1 1\"]\n"
      "[SetUp \"1\"]\n\n1... Hg7 {+0.10/3} 2. Hg2 {Draw by\nagreement} 1/2-1/2\n");
  REQUIRE(pgn.errors.empty());
  REQUIRE(pgn.games.size() == 2);
  CHECK(pgn.games[0].moves.size() == 5);
  CHECK(pgn.games[0].result == GameResult::BlackWins);  // "*" in the movetext: the Result tag
  CHECK(to_string(pgn.games[1].moves[0]) == "h9g7");
  CHECK(pgn.games[1].result == GameResult::Draw);
  // The comment just before the result, its lines joined; a comment further back is not it.
  CHECK(pgn.games[0].result_comment.empty());
  CHECK(pgn.games[1].result_comment == "Draw by agreement");
  CHECK(lists.games[0].result_comment.empty());
  // Each move's comment is the one after it, its lines joined; a move without one has "".
  REQUIRE(pgn.games[0].comments.size() == 5);
  CHECK(pgn.games[0].comments[0] == "a comment over two lines");
  CHECK(pgn.games[0].comments[1].empty());
  CHECK(pgn.games[1].comments == std::vector<std::string>{"+0.10/3", "Draw by agreement"});
  CHECK(lists.games[0].comments == std::vector<std::string>{"", "", ""});
}

TEST_CASE("XBoard's own PGN: a board diagram before the first move, scores without a time", "[games]") {
  // As XBoard 4.9 saves a game from a FEN start (bench/claims.sh -x), cut to its first moves.
  const ReadAll all = read_all(
      "[Event \"Computer Chess Game\"]\n[White \"jiang (UXI2WB)\"]\n[Black \"Fairy-Stockfish (UXI2WB)\"]\n"
      "[Result \"0-1\"]\n[TimeControl \"40+0\"]\n[Variant \"xiangqi\"]\n"
      "[FEN \"rhe1kaeh1/4a4/1c6r/pCp1p3p/6p2/9/P1P1P1P1P/2C4c1/4A4/RHEAK1EHR w 0 1\"]\n[SetUp \"1\"]\n\n"
      "{--------------\nr h e . k a e h .\n. . . . a . . . .\nwhite to play\n--------------}\n"
      "1. Cxe6+ {+0.13/14} Ece7 {-0.38/16} 2. Hg2 {+0.99/15 0.2} Hg7\n{-0.29/15 0.8} {Xboard adjudication} 0-1\n");
  REQUIRE(all.errors.empty());
  REQUIRE(all.games.size() == 1);
  const games::Game& g = all.games[0];
  REQUIRE(g.moves.size() == 4);
  CHECK(*g.tag("White") == "jiang (UXI2WB)");
  CHECK(g.tag("Opening") == nullptr);
  REQUIRE(g.comments.size() == 4);
  CHECK(parse_score_comment_value(g.comments[0]) == 13);
  CHECK(parse_score_comment_value(g.comments[1]) == -38);
  CHECK(parse_score_comment_value(g.comments[2]) == 99);
  // The last move's score comment is followed by the result's: the result's is the one kept.
  CHECK(g.comments[3] == "Xboard adjudication");
}

TEST_CASE("An engine's score is read from a move comment as jiang match and XBoard write it", "[games]") {
  using games::parse_score_comment;
  const auto value = [](std::string_view text) { return parse_score_comment(text)->value; };
  REQUIRE(parse_score_comment("+0.35/18 2.1"));
  CHECK(value("+0.35/18 2.1") == 35);
  CHECK(parse_score_comment("+0.35/18 2.1")->depth == 18);
  CHECK(value("-1.20/5") == -120);
  CHECK(value(" 0.00/0 ") == 0);
  CHECK(value("12/30 0") == 1200);
  CHECK(value("-0.07/9 0.3") == -7);
  const std::optional<games::CommentScore> mate = parse_score_comment("+M5/20 0.4");
  REQUIRE(mate);
  CHECK(mate->mate);
  CHECK(mate->value == 5);
  CHECK(parse_score_comment("-#3/9")->value == -3);
  CHECK(parse_score_comment("-#3/9")->mate);
  // A mate written as a large number of pawns (XBoard's 100000 + N through an adapter).
  CHECK(parse_score_comment("+1000.05/20 1")->mate);
  CHECK(parse_score_comment("-300.00/20 1")->mate);
  CHECK(!parse_score_comment("+299.99/20 1")->mate);
  // No score: other comments, a score without its depth, garbage.
  for (const char* text : {"", "book", "Draw by agreement", "+0.35", "+0.35 /18", "1.2.3/4", "+/4", "M/4", "+0.35/x",
                           ".5/3", "Black wins by mate"}) {
    INFO(text);
    CHECK(!parse_score_comment(text));
  }
}

TEST_CASE("Bad games are reported with the file, line and game, and skipped", "[games]") {
  const ReadAll all = read_all(
      "h2e2 h9g7 1-0\n"
      "h2e2 h2e2 1-0\n"        // game 2: illegal
      "h2e2 h9g7\n"            // game 3: no result
      "[Event \"4\"]\n[FEN \"garbage\"]\n\nh2e2 1-0\n"
      "[Event \"5\"]\n[Variant \"chess\"]\n\ne4 1-0\n"
      "[Event \"6\"]\n[Broken\n\nh2e2 1-0\n"
      "[Event \"7\"]\n\n1. Qxe2 0-1\n"
      "[Event \"8\"]\n\n1. Ce2 0-1\n"  // ambiguous: both cannons
      "b0c2 0-1\n");
  REQUIRE(all.games.size() == 2);
  CHECK(all.games[1].moves == std::vector<Move>{*parse_move("b0c2")});
  REQUIRE(all.errors.size() == 7);
  CHECK_THAT(all.errors[0], Catch::StartsWith("test.pgn:2: game 2: move 2 'h2e2': illegal move"));
  CHECK_THAT(all.errors[1], Catch::StartsWith("test.pgn:3: game 3: no result"));
  CHECK_THAT(all.errors[2], Catch::StartsWith("test.pgn:4: game 4: bad FEN 'garbage'"));
  CHECK_THAT(all.errors[3], Catch::Contains("game 5: variant 'chess'"));
  CHECK_THAT(all.errors[4], Catch::Contains("game 6: malformed tag"));
  CHECK_THAT(all.errors[5], Catch::Contains("game 7: move 1 'Qxe2': unknown piece letter"));
  CHECK_THAT(all.errors[6], Catch::Contains("game 8: move 1 'Ce2': ambiguous"));
}

TEST_CASE("Cut and garbled PGN is read without an exception: whole games or messages", "[games]") {
  std::mt19937_64 rng(11);
  std::string pgn;
  for (int i = 0; i < 4; ++i) pgn += match::format_pgn(match::PgnTags{}, random_game(std::string(kStartFen), 60, rng));
  for (size_t cut = 0; cut < pgn.size(); cut += 37) {
    std::string text = pgn.substr(0, cut);
    for (int i = 0; i < 3 && !text.empty(); ++i) text[rng() % text.size()] = char(rng() % 256);
    INFO(text);
    const ReadAll all = read_all(text);  // throws nothing
    CHECK(all.games.size() + all.errors.size() <= 8);
  }
}
