#include "engine/cli/show_command.h"

#include <iostream>

#include <CLI/CLI.hpp>

#include "engine/cli/board_picture.h"
#include "engine/cli/game_record.h"
#include "movegen/notation.h"
#include "util/atomic_file.h"

namespace jiang {
namespace {

struct ShowOptions {
  RecordOptions record;
  bool ascii = false;
  bool flip = false;
  std::string svg;
};

int run_show(const ShowOptions& o) {
  std::string game_summary;
  const std::optional<Position> record = position_from_options("show", o.record, &game_summary);
  if (!record) return 2;
  const Position& pos = *record;
  const Move last = pos.plies_played() > 0 ? pos.undo_at(1).move : Move::none();
  const BoardPicture picture{pos, last, o.flip};
  std::cout << board_text(picture, !o.ascii) << "\n" << game_summary
            << (pos.side_to_move() == Red ? "Red" : "Black") << " to move"
            << (last ? ", last move " + to_string(last) : std::string()) << "\nFEN " << pos.fen() << std::endl;
  if (o.svg.empty()) return 0;
  try {
    write_file_atomically(o.svg, board_svg(picture));
  } catch (const FileWriteError& e) {
    std::cerr << "jiang show: " << e.what() << "\n";
    return 1;
  }
  std::cout << "SVG written to " << o.svg << std::endl;
  return 0;
}

}  // namespace

void add_show_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ShowOptions>();
  CLI::App* show = app.add_subcommand("show", "Draw a position in the terminal (and as an SVG picture)");
  CLI::Option* fen =
      show->add_option("--fen", options->record.fen, "the start position (default: the initial position)");
  CLI::Option* moves = show->add_option("--moves", options->record.moves,
                                        "the ICCS moves played from it, e.g. \"h2e2 h9g7\"; the last one is marked");
  add_game_file_options(*show, options->record, fen, moves);
  show->add_flag("--ascii", options->ascii, "FEN letters (uppercase Red) instead of the traditional characters");
  show->add_flag("--flip", options->flip, "Black at the bottom");
  show->add_option("--svg", options->svg, "also write the board as an SVG picture to this file");
  show->callback([options, &exit_code] { exit_code = run_show(*options); });
}

}  // namespace jiang
