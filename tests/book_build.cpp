// Building a book: each position's moves with the games' results for the mover, counted only to the
// maximum ply, dropped under the minimum of games; and how the engine weighs and picks them.
#include <catch2/catch.hpp>

#include <sstream>

#include "book/builder.h"
#include "book/choice.h"
#include "games/game_reader.h"
#include "movegen/notation.h"

using namespace jiang;
using namespace jiang::book;

namespace {

Book build(const std::string& lists, int max_ply, int min_games) {
  std::istringstream in(lists);
  games::GameReader reader(in, "lists");
  BookBuilder builder(max_ply, min_games);
  while (const auto item = reader.next()) builder.add(std::get<games::Game>(*item));
  return builder.build();
}

std::optional<MoveStats> stats(const Book& book, const Position& pos, const std::string& move) {
  for (const BookEntry& e : book.moves(pos.key()))
    if (e.move == *parse_move(move)) return e.stats;
  return std::nullopt;
}

Position after(const std::vector<std::string>& moves) {
  Position pos = Position::startpos();
  for (const std::string& m : moves) pos.make_move(*parse_move(m));
  return pos;
}

}  // namespace

TEST_CASE("Book build: results for the mover per position and move, to the maximum ply", "[book]") {
  const std::string games = "c3c4 h9g7 g3g4 1-0\nc3c4 h9g7 g3g4 0-1\nc3c4 b9c7 1/2-1/2\ng3g4 h9g7 c3c4 b9c7 1-0\n";
  const Book book = build(games, 3, 1);
  const auto root = stats(book, after({}), "c3c4");
  REQUIRE(root);
  CHECK((root->wins == 1 && root->draws == 1 && root->losses == 1));
  const auto reply = stats(book, after({"c3c4"}), "h9g7");  // Black's view: one loss, one win
  REQUIRE(reply);
  CHECK((reply->wins == 1 && reply->draws == 0 && reply->losses == 1));
  // The same position reached by another order of moves is one entry.
  const auto merged = stats(book, after({"c3c4", "h9g7"}), "g3g4");
  REQUIRE(merged);
  CHECK(merged->games() == 2);
  CHECK(stats(book, after({"g3g4", "h9g7"}), "c3c4")->games() == 1);
  // Ply 3 and beyond is not counted.
  CHECK_FALSE(stats(book, after({"g3g4", "h9g7", "c3c4"}), "b9c7"));
  CHECK(book.positions() == 5);

  const Book shallow = build(games, 1, 1);
  CHECK(shallow.positions() == 1);
  CHECK(shallow.entries().size() == 2);
  const Book common = build(games, 3, 2);  // moves of fewer than two games dropped
  CHECK(common.entries().size() == 3);
  CHECK(stats(common, after({}), "c3c4"));
  CHECK_FALSE(stats(common, after({}), "g3g4"));
}

TEST_CASE("Book choice: weights, scores, best and weighted picks", "[book]") {
  CHECK(weight({3, 2, 5}) == 8);
  CHECK(score({3, 2, 5}) == Approx(0.4));
  CHECK(score({}) == Approx(0.5));
  const std::vector<BookEntry> moves{{0, *parse_move("h2e2"), {1, 0, 0}},
                                     {0, *parse_move("b2e2"), {0, 0, 9}},
                                     {0, *parse_move("c3c4"), {3, 0, 1}}};
  std::mt19937_64 random(1);
  CHECK(pick(moves, Variety::Best, random) == 2u);
  int chosen[3] = {0, 0, 0};
  for (int i = 0; i < 4000; ++i) ++chosen[*pick(moves, Variety::Weighted, random)];
  CHECK(chosen[1] == 0);  // only lost: never
  CHECK(chosen[2] > 2 * chosen[0]);  // 6 to 2
  CHECK(chosen[0] > 0);
  const std::vector<BookEntry> lost{{0, *parse_move("h2e2"), {0, 0, 4}}};
  CHECK_FALSE(pick(lost, Variety::Best, random));
  CHECK_FALSE(pick(lost, Variety::Weighted, random));
  CHECK(parse_variety("Weighted") == Variety::Weighted);
  CHECK_FALSE(parse_variety("random"));
}
