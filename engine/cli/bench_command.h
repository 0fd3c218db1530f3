#pragma once

namespace CLI {
class App;
}  // namespace CLI

namespace jiang {

// Adds `jiang bench`: a fixed-depth search of the bench positions; the total node count is the
// signature of the search and evaluation.
void add_bench_command(CLI::App& app, int& exit_code);

}  // namespace jiang
