// The command line: `jiang` alone speaks UCCI/UCI on stdin; subcommands do the other jobs.
#pragma once

#include <functional>

namespace CLI {
class App;
}  // namespace CLI

namespace jiang {

// Adds subcommands to the application; each sets the exit code when it runs.
using CommandAdder = std::function<void(CLI::App& app, int& exit_code)>;

// Parses the arguments, runs the chosen job and returns the process exit code. The engine's own
// commands are always there; layers above the engine (the tuner) add theirs through add_more_commands.
int run_cli(int argc, char** argv, const CommandAdder& add_more_commands = {});

}  // namespace jiang
