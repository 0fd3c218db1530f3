// What a match or tournament has finished, kept beside its PGN (`games.pgn.state`, JSON) so that a killed
// run continues where it stopped (`--resume`): every finished game (its number, the engines, the result
// and how it ended), the restarts, and the PGN's length when the last of them was written. The state
// is replaced whole after each game, after the game is in the PGN; on resume the PGN is cut back to
// that length (a game written but not recorded is played again), so nothing is lost or played twice.
// The same file gives the rating table on demand (`jiang match --table`).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "match/game.h"

namespace jiang::match {

class StateError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct FinishedGame {
  int number = 0;          // in the schedule, from 0
  int red = 0, black = 0;  // engine indices
  GameResult result = GameResult::Draw;
  std::string reason;
  Ending ending = Ending::Rules;
  std::optional<Color> culprit;
  int overruns[kColors] = {0, 0};
};

struct TournamentState {
  std::string fingerprint;          // of the settings: a resume must be of the same tournament
  std::vector<std::string> engines; // names, by index
  std::vector<int> restarts;        // by engine
  int64_t pgn_bytes = 0;
  std::vector<FinishedGame> games;  // in the order they finished
};

// The state file of a PGN.
std::filesystem::path state_path(const std::string& pgn_path);
// Replaced whole (write, then rename). Throws FileWriteError.
void save_state(const std::filesystem::path& path, const TournamentState& state);
// Throws StateError naming the file: missing, unreadable, or not a state.
TournamentState load_state(const std::filesystem::path& path);

// The words of an ending in the state ("time forfeit", "false claim", ...), and back.
const char* ending_name(Ending e);
std::optional<Ending> parse_ending(const std::string& name);

}  // namespace jiang::match
