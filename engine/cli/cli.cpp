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

// `jiang` with no subcommand: the engine, speaking UCCI or UCI on stdin and stdout, with the weights
// and the options given on the command line.
int run_engine(const std::string& weights, const std::vector<std::string>& setoptions) {
  Engine engine;
  if (!weights.empty()) {
    try {
      engine.set_params(Params::load(weights));
    } catch (const ParamError& e) {
      std::fprintf(stderr, "jiang: %s\n", e.what());
      return 2;
    }
  }
  protocol::StartupOptions options;
  for (const std::string& text : setoptions) {
    const size_t equals = text.find('=');
    if (equals == std::string::npos || equals == 0) {
      std::fprintf(stderr, "jiang: --setoption '%s': expected NAME=VALUE (e.g. \"Search Mode=two-stage\")\n", text.c_str());
      return 2;
    }
    options.emplace_back(text.substr(0, equals), text.substr(equals + 1));
  }
  if (const std::string problem = protocol::check_startup_options(engine, options); !problem.empty()) {
    std::fprintf(stderr, "jiang: --setoption %s\n", problem.c_str());
    return 2;
  }
  return protocol::run_protocol_loop(std::cin, std::cout, engine, options);
}

constexpr const char* kLicenseLine =
    "License: GNU GPL version 3 or (at your option) any later version (see LICENSE). "
    "This is free software: you may change and share it; there is NO WARRANTY.";

}  // namespace

int run_cli(int argc, char** argv, const CommandAdder& add_more_commands) {
  CLI::App app{"jiang: a Xiangqi engine (UCCI and UCI), perft and weight tuner"};
  // The license in both places a user looks first: jiang is GPL-3.0-or-later (LICENSE).
  app.set_version_flag("--version", std::string("jiang ") + JIANG_VERSION + "\n" + kLicenseLine);
  app.footer(kLicenseLine);
  app.require_subcommand(0, 1);
  int exit_code = 0;
  std::string weights;
  std::vector<std::string> setoptions;
  app.add_option("--weights", weights, "weights file for the engine (UCCI/UCI on stdin), instead of the defaults");
  app.add_option("--setoption", setoptions,
                 "NAME=VALUE: an engine option set as each session starts, before the GUI's own setoption "
                 "(either protocol's name, any case; repeatable), e.g. --setoption \"Search Mode=two-stage\"")
      ->take_all()
      ->allow_extra_args(false);
  // Checked before any subcommand runs.
  app.parse_complete_callback([&app, &weights, &setoptions] {
    if ((!weights.empty() || !setoptions.empty()) && !app.get_subcommands().empty())
      throw CLI::ValidationError(weights.empty() ? "--setoption" : "--weights",
                                 "is for the engine (no subcommand); the subcommands take their own options");
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
  if (app.get_subcommands().empty()) return run_engine(weights, setoptions);
  return exit_code;
}

}  // namespace jiang
