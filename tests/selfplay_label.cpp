// `jiang label`'s conversion: a recorded game's positions kept by self-play's rules, labelled with the
// result and with the mover's score from each move's comment, turned to Red's point of view.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "games/game_reader.h"
#include "tuning/selfplay/label.h"
#include "tuning/selfplay/positions_file.h"

using namespace jiang;

namespace {

// Nine plies from a bare position, each with what it tests:
//   0 i1i3 quiet, +3.00 (Red)            kept, +300
//   1 a3a2 quiet, -2.50 (Black)          kept, +250 for Red
//   2 i3i2 quiet, {book}                 kept, no score
//   3 a2b2 quiet, no comment             kept, no score
//   4 i2b2 takes the pawn                not kept: a capture
//   5 e9e8 quiet, -4.00 (Black)          kept, +400 for Red
//   6 b2e2 checks, +M3                   not kept: a mate score
//   7 e8f8 out of check                  not kept: in check
//   8 e2e1 quiet, +5.00, then 1-0        kept, +500
constexpr const char* kGame =
    "[Event \"label test\"]\n[White \"first\"]\n[Black \"second\"]\n[FEN \"3ak4/9/9/9/9/9/p8/9/8R/3K5 w - - 0 1\"]\n[SetUp \"1\"]\n[Result \"1-0\"]\n\n"
    "1. i1i3 {+3.00/10 1.0} a3a2 {-2.50/10 1.0} 2. i3i2 {book} a2b2 3. i2b2 {+4.00/10 1.0}\n"
    "e9e8 {-4.00/10 1.0} 4. b2e2 {+M3/12 0.5} e8f8 {-5.00/10 1.0} 5. e2e1 {+5.00/10 1.0} 1-0\n";

games::Game read_one(const std::string& text) {
  std::istringstream in(text);
  games::GameReader reader(in, "label.pgn");
  auto item = reader.next();
  REQUIRE(item);
  REQUIRE(std::holds_alternative<games::Game>(*item));
  return std::get<games::Game>(*item);
}

std::vector<LabelledPosition> positions_of(const std::string& lines) {
  std::istringstream in(lines);
  return read_positions(in, "labelled");
}

}  // namespace

TEST_CASE("jiang label keeps a recorded game's quiet positions with the scores for Red", "[selfplay][label]") {
  const games::Game game = read_one(kGame);
  REQUIRE(game.moves.size() == 9);
  LabelRules all;
  all.selection.skip_plies = 0;
  LabelCounts counts;
  const std::vector<LabelledPosition> kept = positions_of(labelled_positions(game, all, &counts));
  CHECK(counts.kept == 6);
  CHECK(counts.scored == 4);
  REQUIRE(kept.size() == 6);
  for (const LabelledPosition& p : kept) CHECK(p.result == 1.0);
  CHECK(kept[0].fen == "3ak4/9/9/9/9/9/p8/9/8R/3K5 w - - 0 1");
  CHECK(kept[0].score == 300);
  CHECK(kept[1].score == 250);  // Black's -2.50 is Red's +2.50
  CHECK(!kept[2].score);        // {book}
  CHECK(!kept[3].score);        // no comment
  CHECK(kept[4].score == 400);  // ply 5: the capture before it is not kept
  CHECK(kept[4].fen.find(" b ") != std::string::npos);
  CHECK(kept[5].score == 500);  // the last move's comment comes before the result word
}

TEST_CASE("jiang label skips the first plies, and without scores keeps what only a score excluded",
          "[selfplay][label]") {
  const games::Game game = read_one(kGame);
  LabelRules later;
  later.selection.skip_plies = 2;
  LabelCounts counts;
  labelled_positions(game, later, &counts);
  CHECK(counts.kept == 4);  // plies 2, 3, 5 and 8
  CHECK(counts.scored == 2);

  LabelRules plain_rules;
  plain_rules.selection.skip_plies = 0;
  plain_rules.scores = false;
  const std::vector<LabelledPosition> plain = positions_of(labelled_positions(game, plain_rules, &counts));
  CHECK(counts.kept == 7);  // ply 6's mate score is not read: it is kept too
  CHECK(counts.scored == 0);
  REQUIRE(plain.size() == 7);
  for (const LabelledPosition& p : plain) CHECK(!p.score);
}

TEST_CASE("jiang label's result labels follow the game: a draw and a loss for Red", "[selfplay][label]") {
  const std::string drawn = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 a9b9 a0b0 1/2-1/2\n";
  LabelRules all;
  all.selection.skip_plies = 0;
  for (const LabelledPosition& p : positions_of(labelled_positions(read_one(drawn), all))) CHECK(p.result == 0.5);
  const std::string lost = "h2e2 h9g7 h0g2 i9h9 0-1\n";
  const std::vector<LabelledPosition> black_won = positions_of(labelled_positions(read_one(lost), all));
  CHECK(black_won.size() == 4);
  for (const LabelledPosition& p : black_won) CHECK(p.result == 0.0);
}

TEST_CASE("jiang label --player keeps the positions one player was to move in", "[selfplay][label]") {
  const games::Game game = read_one(kGame);
  LabelRules rules;
  rules.selection.skip_plies = 0;
  rules.player = "second";  // Black: plies 1, 3, 5 and 7 (7 in check)
  LabelCounts counts;
  const std::vector<LabelledPosition> black = positions_of(labelled_positions(game, rules, &counts));
  CHECK(counts.kept == 3);
  CHECK(counts.scored == 2);
  REQUIRE(black.size() == 3);
  for (const LabelledPosition& p : black) CHECK(p.fen.find(" b ") != std::string::npos);
  CHECK(black[0].score == 250);
  CHECK(black[2].score == 400);
  rules.player = "first";  // Red: plies 0, 2, 4 (a capture), 6 (a mate score), 8
  CHECK(positions_of(labelled_positions(game, rules, &counts)).size() == 3);
  CHECK(counts.scored == 2);
  rules.player = "nobody";
  CHECK(labelled_positions(game, rules, &counts).empty());
  CHECK(counts.kept == 0);
  // A move list has no tags: nobody is named in it.
  rules.player = "first";
  CHECK(labelled_positions(read_one("h2e2 h9g7 h0g2 i9h9 1-0\n"), rules).empty());
}
