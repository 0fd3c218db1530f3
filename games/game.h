// A game as a book or a tuner needs it: where it started, the moves, and how it ended.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "movegen/types.h"
#include "rules/referee.h"

namespace jiang::games {

struct Game {
  std::string fen;           // the start position
  std::vector<Move> moves;   // each legal where it was played
  std::vector<std::string> comments;  // comments[i]: the {...} comment after moves[i], "" if none (an
                                      // engine's "{+0.35/18 2.1}": games/score_comment.h reads it)
  GameResult result = GameResult::Draw;  // rules/referee.h: parse_game_result reads PGN's words
  std::vector<std::pair<std::string, std::string>> tags;  // as the file has them (PGN), in order
  bool finished = true;      // false: no result ("*" or none), read only when the reader allows it
  std::string result_comment;  // the {...} comment just before the result word, if any (jiang match
                               // writes how the game ended there: "Black wins by false claim: ...")

  // The value of the tag `name` ("White", "Black", ...), or nothing when the game has no such tag.
  const std::string* tag(std::string_view name) const {
    for (const auto& [key, value] : tags)
      if (key == name) return &value;
    return nullptr;
  }
};

}  // namespace jiang::games
