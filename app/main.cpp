// The composition root: the engine's commands, and those of the layers built on the engine.
#include <algorithm>
#include <iterator>
#include <string_view>

#include "book/book_command.h"
#include "engine/cli/cli.h"
#include "app/match_command.h"
#ifdef JIANG_WITH_GUI
#include "gui/gui_command.h"
#endif
#include "tuning/selfplay/label_command.h"
#include "tuning/selfplay/selfplay_command.h"
#include "tuning/tuner/tune_command.h"
#include "util/stop_signals.h"

namespace {

// The long commands, which stop cleanly on SIGINT and SIGTERM (util/stop_signals.h). A subcommand is
// always the first argument: the options before one are rejected.
constexpr std::string_view kStoppableCommands[] = {"selfplay", "tune", "match"};

bool runs_stoppable_command(int argc, char** argv) {
  return argc > 1 && std::find(std::begin(kStoppableCommands), std::end(kStoppableCommands), std::string_view(argv[1])) !=
                         std::end(kStoppableCommands);
}

}  // namespace

int main(int argc, char** argv) {
  // First of all: a signal while the command line is parsed or MPI starts waits for the command's own
  // guard, which stops the run cleanly, instead of killing the process half way.
  if (runs_stoppable_command(argc, argv)) jiang::hold_stop_signals();
  return jiang::run_cli(argc, argv, [](CLI::App& app, int& exit_code) {
    jiang::add_selfplay_command(app, exit_code);
    jiang::add_label_command(app, exit_code);
    jiang::add_tune_command(app, exit_code);
    jiang::add_match_command(app, exit_code);
    jiang::book::add_book_command(app, exit_code);
#ifdef JIANG_WITH_GUI
    jiang::gui::add_gui_command(app, exit_code);
#endif
  });
}
