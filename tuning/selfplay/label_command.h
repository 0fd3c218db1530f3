// `jiang label`: the command-line face of label.h.
#pragma once

namespace CLI {
class App;
}  // namespace CLI

namespace jiang {

void add_label_command(CLI::App& app, int& exit_code);

}  // namespace jiang
