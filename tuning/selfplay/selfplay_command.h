// `jiang selfplay`: the command-line face of selfplay.h.
#pragma once

namespace CLI {
class App;
}  // namespace CLI

namespace jiang {

void add_selfplay_command(CLI::App& app, int& exit_code);

}  // namespace jiang
