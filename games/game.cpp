#include "games/game.h"

namespace jiang::games {

std::optional<Result> parse_result(std::string_view text) {
  if (text == "1-0") return Result::RedWins;
  if (text == "0-1") return Result::BlackWins;
  if (text == "1/2-1/2") return Result::Draw;
  return std::nullopt;
}

}  // namespace jiang::games
