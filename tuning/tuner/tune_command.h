// `jiang tune`: improve the evaluation's weights by hill climbing, simulated annealing or a genetic
// algorithm, on labelled positions (Texel's method) or on games against a baseline.
#pragma once

namespace CLI {
class App;
}  // namespace CLI

namespace jiang {

void add_tune_command(CLI::App& app, int& exit_code);

}  // namespace jiang
