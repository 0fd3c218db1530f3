#pragma once

#include <string>

#include "movegen/position.h"
#include "rules/rules.h"

namespace CLI {
class App;
}  // namespace CLI

namespace jiang {

// Adds `jiang judge` to the application: the rules' verdict on a game record (mate, perpetual check or
// chase, repetition, the 60-move rule) for the side to move.
void add_judge_command(CLI::App& app, int& exit_code);

// The piece a lost chase chased, as `jiang judge` names it ("black rook on a7"); empty if none.
std::string chased_words(const Position& pos, const Ruling& ruling);

}  // namespace jiang
