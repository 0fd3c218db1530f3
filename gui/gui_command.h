// `jiang gui`: play and analyse Xiangqi in the browser, against jiang or the engines given with --engine.
#pragma once

namespace CLI {
class App;
}  // namespace CLI

namespace jiang::gui {

void add_gui_command(CLI::App& app, int& exit_code);

}  // namespace jiang::gui
