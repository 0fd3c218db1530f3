#pragma once

namespace CLI {
class App;
}  // namespace CLI

namespace jiang {

// Adds `jiang judge` to the application: the rules' verdict on a game record (mate, perpetual check or
// chase, repetition, the 60-move rule) for the side to move.
void add_judge_command(CLI::App& app, int& exit_code);

}  // namespace jiang
