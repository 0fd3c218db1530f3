// The command line: `jiang` alone speaks UCCI/UCI on stdin; subcommands do the other jobs.
#pragma once

namespace jiang {

// Parses the arguments, runs the chosen job and returns the process exit code.
int run_cli(int argc, char** argv);

}  // namespace jiang
