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

// The rules applied to the position as a referee does: a side without a move has lost first of all.
Ruling judge(const Position& pos, int occurrences, RuleSet rules);
// How `jiang judge` words a ruling: its reason ("mate", "perpetual chase", ...), and the chased piece
// ("black rook on a7"; empty if none).
std::string reason_words(const Position& pos, const Ruling& ruling);
std::string chased_words(const Position& pos, const Ruling& ruling);

}  // namespace jiang
