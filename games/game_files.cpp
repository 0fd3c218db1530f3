#include "games/game_files.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>

namespace jiang::games {

ReadCounts read_game_files(const std::vector<std::string>& paths, const std::function<void(const Game&)>& on_game,
                           const std::function<void(const GameError&)>& on_skipped) {
  std::vector<std::unique_ptr<std::ifstream>> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw GameFileError("cannot read " + path + ": it is a directory");
    files.push_back(std::make_unique<std::ifstream>(path));
    if (!*files.back()) throw GameFileError("cannot read " + path + ": " + std::strerror(errno));
  }
  ReadCounts counts;
  for (size_t i = 0; i < files.size(); ++i) {
    GameReader reader(*files[i], paths[i]);
    while (const std::optional<GameReader::Item> item = reader.next()) {
      if (const auto* game = std::get_if<Game>(&*item)) {
        on_game(*game);
        ++counts.games;
      } else {
        on_skipped(std::get<GameError>(*item));
        ++counts.skipped;
      }
    }
  }
  return counts;
}

}  // namespace jiang::games
