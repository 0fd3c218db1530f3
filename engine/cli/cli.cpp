#include "engine/cli/cli.h"

#include <cstdio>
#include <iostream>

#include <CLI/CLI.hpp>

#include "engine/cli/bench_command.h"
#include "engine/cli/eval_command.h"
#include "engine/cli/judge_command.h"
#include "engine/cli/show_command.h"
#include "engine/cli/perft_command.h"
#include "engine/engine.h"
#include "engine/protocol/protocol.h"

namespace jiang {
namespace {

// `jiang` with no subcommand: the engine, speaking UCCI or UCI on stdin and stdout.
int run_engine(const std::string& weights) {
  Engine engine;
  if (!weights.empty()) {
    try {
      engine.set_params(Params::load(weights));
    } catch (const ParamError& e) {
      std::fprintf(stderr, "jiang: %s\n", e.what());
      return 2;
    }
  }
  return protocol::run_protocol_loop(std::cin, std::cout, engine);
}

}  // namespace

int run_cli(int argc, char** argv, const CommandAdder& add_more_commands) {
  CLI::App app{"jiang: a Xiangqi engine (UCCI and UCI), perft and weight tuner"};
  app.require_subcommand(0, 1);
  int exit_code = 0;
  std::string weights;
  app.add_option("--weights", weights, "weights file for the engine (UCCI/UCI on stdin), instead of the defaults");
  // Checked before any subcommand runs.
  app.parse_complete_callback([&app, &weights] {
    if (!weights.empty() && !app.get_subcommands().empty())
      throw CLI::ValidationError("--weights", "is for the engine (no subcommand); the subcommands take their own option");
  });
  add_perft_command(app, exit_code);
  add_eval_commands(app, exit_code);
  add_bench_command(app, exit_code);
  add_judge_command(app, exit_code);
  add_show_command(app, exit_code);
  if (add_more_commands) add_more_commands(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 prints the message (or the help); every usage error exits with 2, like the other errors.
    return app.exit(e) == 0 ? 0 : 2;
  }
  if (app.get_subcommands().empty()) return run_engine(weights);
  return exit_code;
}

}  // namespace jiang
