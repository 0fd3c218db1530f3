#include "tuning/selfplay/label.h"

#include <iostream>
#include <optional>

#include "games/game_files.h"
#include "games/score_comment.h"
#include "movegen/position.h"
#include "rules/referee.h"
#include "tuning/selfplay/positions_file.h"
#include "util/atomic_file.h"

namespace jiang {

namespace {

// Whether `player` moves for `side` in `game`: always when no player is asked for.
bool plays(const games::Game& game, const std::string& player, Color side) {
  if (player.empty()) return true;
  const std::string* name = game.tag(side == Red ? "White" : "Black");
  return name && *name == player;
}

}  // namespace

std::string labelled_positions(const games::Game& game, const LabelRules& rules, LabelCounts* counts) {
  const double label = red_score(game.result);
  const bool sides[2] = {plays(game, rules.player, Red), plays(game, rules.player, Black)};
  std::string out;
  LabelCounts c;
  Position pos = Position::from_fen(game.fen);  // the reader has replayed the game: it is legal
  for (size_t ply = 0; ply < game.moves.size(); ++ply) {
    const Move m = game.moves[ply];
    std::optional<games::CommentScore> score;
    if (rules.scores && ply < game.comments.size()) score = games::parse_score_comment(game.comments[ply]);
    const bool capture = pos.piece_on(m.to()) != NoPiece;
    if (sides[pos.side_to_move()] && rules.selection.keeps(int(ply), pos.in_check(), capture, score && score->mate)) {
      std::optional<int> red_view;
      if (score) red_view = pos.side_to_move() == Red ? score->value : -score->value;
      out += format_position_line(pos.fen(), label, red_view);
      out += '\n';
      ++c.kept;
      c.scored += red_view.has_value();
    }
    pos.make_move(m);
  }
  if (counts) *counts = c;
  return out;
}

int run_label(const LabelOptions& o) {
  std::error_code ec;
  if (std::filesystem::exists(o.out, ec)) {
    std::cerr << "jiang label: " << o.out.string() << " exists: give another --out, or remove it first\n";
    return 2;
  }
  std::string text = "# jiang label";
  for (const std::string& path : o.games) text += " " + path;
  text += " --skip-plies " + std::to_string(o.rules.selection.skip_plies) + (o.rules.scores ? "" : " --no-scores") +
          (o.rules.player.empty() ? "" : " --player '" + o.rules.player + "'") + "\n";
  text += "# FEN result score (result 1.0 Red won, 0.5 draw, 0.0 Black won; score the mover's engine score from "
          "the move's comment, for Red, where it gives one); '# game N ...' ends the positions of game N\n";
  long positions = 0, scored = 0;
  int index = 0;
  games::ReadCounts counts;
  try {
    counts = games::read_game_files(
        o.games,
        [&](const games::Game& game) {
          LabelCounts c;
          text += labelled_positions(game, o.rules, &c);
          text += "# game " + std::to_string(index++) + " " + result_string(game.result) + " plies " +
                  std::to_string(game.moves.size()) + " kept " + std::to_string(c.kept) + "\n";
          positions += c.kept;
          scored += c.scored;
        },
        [](const games::GameError& e) { std::cerr << "jiang label: skipped " << e.message << "\n"; });
  } catch (const games::GameFileError& e) {
    std::cerr << "jiang label: " << e.what() << "\n";
    return 2;
  }
  std::cout << counts.games << " games read, " << counts.skipped << " skipped; " << positions << " positions kept, "
            << scored << " with a score";
  if (positions == 0) {
    std::cout << ": nothing written" << std::endl;
    return 1;
  }
  try {
    write_file_atomically(o.out, text);
  } catch (const FileWriteError& e) {
    std::cerr << "\njiang label: " << e.what() << "\n";
    return 2;
  }
  std::cout << ", written to " << o.out.string() << std::endl;
  return 0;
}

}  // namespace jiang
