// How a game ends other than by mate: repetition, judged by who was checking, and the 60-move rule.
// The search and the self-play referee share these rules.
#pragma once

#include "movegen/position.h"

namespace jiang {

// 60 moves by each side (120 plies) without a capture is a draw.
inline constexpr int kQuietPliesDraw = 120;

enum class GameEnd { None, Draw, SideToMoveWins, SideToMoveLoses };

// Judges the current position by the game record in `pos`. A repetition ends the game once the position
// has occurred `occurrences` times in all (the search stops at the first recurrence, 2; a referee waits
// for the third). If one side gave check with every move since the first of those occurrences and the
// other did not, the checking side loses (perpetual check); any other repetition is a draw. The check
// flags come from the record: positions entered by make_move must have had in_check() asked, as the
// search and Engine::set_position do.
GameEnd rule_outcome(const Position& pos, int occurrences);

}  // namespace jiang
