#pragma once

#include <CLI/CLI.hpp>

namespace jiang {

// Adds `jiang match`: two weight sets play each other in-process (the games objective's games), and the
// score is reported with its error margin in Elo.
void add_match_command(CLI::App& app, int& exit_code);

}  // namespace jiang
