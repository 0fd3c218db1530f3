// A game as a book or a tuner needs it: where it started, the moves, and how it ended.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "movegen/types.h"

namespace jiang::games {

enum class Result { RedWins, Draw, BlackWins };

// "1-0", "0-1" or "1/2-1/2" (PGN's words; Red is White); nothing for anything else, "*" included.
std::optional<Result> parse_result(std::string_view text);

struct Game {
  std::string fen;           // the start position
  std::vector<Move> moves;   // each legal where it was played
  Result result = Result::Draw;
  bool finished = true;      // false: no result ("*" or none), read only when the reader allows it
};

}  // namespace jiang::games
