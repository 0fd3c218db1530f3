// Game record files (PGN or ICCS move lists) read one after another, as `jiang book build` and
// `jiang label` take them: every file is opened before any is read, so a wrong name fails before any
// work; a game that cannot be read is reported and skipped.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/game.h"
#include "games/game_reader.h"

namespace jiang::games {

// A file that cannot be opened (missing, unreadable, a directory): "cannot read PATH: why".
class GameFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ReadCounts {
  int games = 0;
  int skipped = 0;
};

// Every finished game of `paths`, in order, to `on_game`; each unreadable one to `on_skipped`.
// Throws GameFileError before calling either when a file cannot be opened.
ReadCounts read_game_files(const std::vector<std::string>& paths, const std::function<void(const Game&)>& on_game,
                           const std::function<void(const GameError&)>& on_skipped);

}  // namespace jiang::games
