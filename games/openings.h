// Opening positions for games between engines: a file of FENs, or a built-in list. Self-play, the tuner's
// games and `jiang match` start their games from these.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace jiang::games {

// An openings file that cannot be read or holds something else than legal positions: the message names
// the file (and the line).
class OpeningsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The openings: one FEN a line (an EPD-like "; ..." tail ignored); blank lines and '#' comments skipped.
// Throws OpeningsError naming the file, or the line of an invalid FEN or of a position without a legal
// move, or saying the file holds none.
std::vector<std::string> read_openings(const std::filesystem::path& path);

// A dozen or so common opening positions (four plies in), for when no openings file is given.
const std::vector<std::string>& builtin_openings();

}  // namespace jiang::games
