// The composition root: the engine's commands, and those of the layers built on the engine.
#include "book/book_command.h"
#include "engine/cli/cli.h"
#include "app/match_command.h"
#ifdef JIANG_WITH_GUI
#include "gui/gui_command.h"
#endif
#include "tuning/selfplay/selfplay_command.h"
#include "tuning/tuner/tune_command.h"

int main(int argc, char** argv) {
  return jiang::run_cli(argc, argv, [](CLI::App& app, int& exit_code) {
    jiang::add_selfplay_command(app, exit_code);
    jiang::add_tune_command(app, exit_code);
    jiang::add_match_command(app, exit_code);
    jiang::book::add_book_command(app, exit_code);
#ifdef JIANG_WITH_GUI
    jiang::gui::add_gui_command(app, exit_code);
#endif
  });
}
