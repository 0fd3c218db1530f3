#include "tuning/selfplay/label_command.h"

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "tuning/selfplay/label.h"

namespace jiang {

void add_label_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<LabelOptions>();
  CLI::App* cmd = app.add_subcommand(
      "label", "Turn recorded games (PGN or ICCS move lists) into positions labelled with their results, for `jiang tune`");
  cmd->footer(
      "Output: jiang selfplay's format, one position a line, 'FEN result score': result 1.0 (Red won), 0.5 (draw) "
      "or 0.0 (Black won); score, where the move's comment gives one (\"{+0.35/18 2.1}\", as jiang match and "
      "XBoard write them), the mover's engine score in centipawns turned to Red's point of view (for jiang tune "
      "--lambda). Each game's positions end with a '# game N ...' line, so that the tuner holds out whole games.\n"
      "Positions kept, as self-play keeps its own: the mover not in check, from ply " +
      std::to_string(o->rules.selection.skip_plies) +
      " of the game on (or --skip-plies), the move played not a capture and its score, if any, not a mate.\n"
      "Games without a result, or that cannot be read (an illegal move, a bad FEN), are reported and skipped. "
      "--out is written whole at the end, and never over an existing file.\n"
      "Example: jiang label games/*.pgn --out positions.txt && jiang tune --data positions.txt --algo hc "
      "--lambda 0.7 --out tuned.json");
  cmd->add_option("games", o->games, "game files (PGN or ICCS move lists)")->required()->expected(1, -1);
  cmd->add_option("-o,--out", o->out, "the positions file to write (must not exist)")->required();
  cmd->add_option("--skip-plies", o->rules.selection.skip_plies,
                  "keep no position of a game's first N plies (default " + std::to_string(o->rules.selection.skip_plies) + ")")
      ->check(CLI::Range(0, 1000));
  cmd->add_flag("--no-scores", [o](std::int64_t) { o->rules.scores = false; },
                "label with the results alone: ignore the scores in the move comments");
  cmd->add_option("--player", o->rules.player,
                  "keep only the positions this player is to move in (its name in the White or Black tag): its "
                  "own scores and decisions");
  cmd->callback([o, &exit_code] { exit_code = run_label(*o); });
}

}  // namespace jiang
