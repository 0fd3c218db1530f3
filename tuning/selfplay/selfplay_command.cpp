#include "tuning/selfplay/selfplay_command.h"

#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "engine/flags/design_flags.h"
#include "tuning/selfplay/selfplay.h"
#include "util/threads.h"

namespace jiang {

void add_selfplay_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SelfplayOptions>();
  o->threads = default_threads();
  const Selection selection;
  CLI::App* cmd = app.add_subcommand(
      "selfplay", "Play the engine against itself and write positions labelled with the games' results, for `jiang tune`");
  cmd->footer(
      "Output: one position a line, 'FEN result score', result 1.0 (Red won), 0.5 (draw) or 0.0 (Black won), "
      "score the search's score of the position from Red's point of view (for jiang tune --lambda); lines "
      "starting with '#' are comments (the command and settings first, then '# game N ...' after each game's "
      "positions).\n"
      "Positions kept: every position of a game in which the side to move is not in check, from ply " +
      std::to_string(selection.skip_plies) +
      " of the game on (counted after the opening and the random plies), whose chosen move is not a capture and whose "
      "search score is not a mate score: quiet positions whose evaluation should predict the result.\n"
      "Games end by the rules (mate or no legal move loses, perpetual check loses, other repetitions and the 60-move "
      "rule draw) or by adjudication: a mate score found; both sides' scores 1000+ for one side for 8 plies; scores "
      "within 10 of zero for 20 plies after ply 80; 400 plies.\n"
      "Game i is decided by --seed and i alone, whatever --threads. If --out exists, the run continues it (same "
      "settings required; --games may grow): an interrupted run (Ctrl-C, SIGTERM, kill -9) loses no finished game "
      "and writes none twice.\n"
      "Under `mpirun -np N` the games are divided among the N ranks (rank r plays games r, r + N, ...; --threads is "
      "per rank) and rank 0 writes --out: the same file as one process writes, resumed the same way.");
  cmd->add_option("-g,--games", o->games, "number of games")->required()->check(CLI::Range(1, 100000000));
  auto* depth = cmd->add_option("-d,--depth", o->limits.depth, "search depth per move")->check(CLI::Range(1, 64));
  auto* nodes = cmd->add_option("-n,--nodes", o->limits.nodes, "nodes per move (reproducible on any machine)")
                    ->check(CLI::Range(uint64_t(1), uint64_t(1) << 40));
  depth->excludes(nodes);
  add_design_flags(cmd, o->design);
  cmd->add_option("--openings", o->openings, "FEN list, one a line ('#' comments): each used in turn");
  cmd->add_option("-r,--random-plies", o->random_plies,
                  "random legal plies after the opening (lines that throw the game away are redrawn)")
      ->check(CLI::Range(0, 200));
  cmd->add_option("-t,--threads", o->threads, "games played at once (default: the machine's cores)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("-s,--seed", o->seed, "seed of the random plies");
  cmd->add_option("-w,--weights", o->weights, "weights file for both sides instead of the defaults");
  cmd->add_option("-o,--out", o->out, "output file (continued if it exists)")->required();
  cmd->callback([o, &exit_code] {
    if (o->limits.depth == 0 && o->limits.nodes == 0) {
      std::fprintf(stderr, "jiang selfplay: give one of --depth and --nodes\n");
      exit_code = 2;
      return;
    }
    exit_code = run_on_cluster("jiang selfplay", 2, [&](Cluster& cluster) { return run_selfplay(*o, cluster); });
  });
}

}  // namespace jiang
