// A game as a book or a tuner needs it: where it started, the moves, and how it ended.
#pragma once

#include <string>
#include <vector>

#include "movegen/types.h"
#include "rules/referee.h"

namespace jiang::games {

struct Game {
  std::string fen;           // the start position
  std::vector<Move> moves;   // each legal where it was played
  GameResult result = GameResult::Draw;  // rules/referee.h: parse_game_result reads PGN's words
  bool finished = true;      // false: no result ("*" or none), read only when the reader allows it
};

}  // namespace jiang::games
