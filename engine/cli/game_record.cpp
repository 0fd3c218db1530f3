#include "engine/cli/game_record.h"

#include <iostream>
#include <sstream>
#include <vector>

#include "engine/engine.h"

namespace jiang {

std::optional<Position> position_from_record(std::string_view command, const std::string& fen, const std::string& moves) {
  std::vector<std::string> words;
  std::istringstream text(moves);
  for (std::string w; text >> w;) words.push_back(w);
  try {
    return play_moves(fen, words);
  } catch (const FenError& e) {
    std::cerr << "jiang " << command << ": bad FEN '" << fen << "': " << e.what() << "\n";
  } catch (const MoveError& e) {
    std::cerr << "jiang " << command << ": " << e.what() << "\n";
  }
  return std::nullopt;
}

}  // namespace jiang
