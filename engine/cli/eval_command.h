#pragma once

namespace CLI {
class App;
}  // namespace CLI

namespace jiang {

// Adds `jiang eval` (the evaluation of a position, term by term) and `jiang weights` (the parameter
// registry: list it, or write a weights file).
void add_eval_commands(CLI::App& app, int& exit_code);

}  // namespace jiang
