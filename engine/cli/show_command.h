#pragma once

namespace CLI {
class App;
}  // namespace CLI

namespace jiang {

// Adds `jiang show` to the application: a position drawn in the terminal, and as an SVG picture.
void add_show_command(CLI::App& app, int& exit_code);

}  // namespace jiang
