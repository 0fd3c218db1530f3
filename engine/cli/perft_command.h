#pragma once

#include <CLI/CLI.hpp>

namespace jiang {

// Adds `jiang perft` to the application.
void add_perft_command(CLI::App& app, int& exit_code);

}  // namespace jiang
