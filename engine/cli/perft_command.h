#pragma once

namespace CLI {
class App;
}  // namespace CLI

namespace jiang {

// Adds `jiang perft` to the application.
void add_perft_command(CLI::App& app, int& exit_code);

}  // namespace jiang
