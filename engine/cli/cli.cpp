#include "engine/cli/cli.h"

#include <CLI/CLI.hpp>

#include "engine/cli/bench_command.h"
#include "engine/cli/eval_command.h"
#include "engine/cli/perft_command.h"

namespace jiang {

int run_cli(int argc, char** argv) {
  CLI::App app{"jiang: a Xiangqi engine (UCCI and UCI), perft and weight tuner"};
  app.require_subcommand(0, 1);
  int exit_code = 0;
  add_perft_command(app, exit_code);
  add_eval_commands(app, exit_code);
  add_bench_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return exit_code;
}

}  // namespace jiang
