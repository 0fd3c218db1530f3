// The openings of a match or tournament: positions from a FEN/EPD list, or the position after the first
// N plies of each game of a PGN file (its moves kept, so that an engine without setboard can be given
// them and the PGN of the match shows them), in the file's order or shuffled by a seed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace jiang::match {

struct Opening {
  std::string fen;                 // where the game starts
  std::vector<std::string> moves;  // ICCS moves from there, played before the engines think (a PGN's)
};

class OpeningsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A file ending in .pgn is read as PGN: each game's first `plies` moves (all if 0, fewer if the game is
// shorter), kept only if the game is not over there. Anything else is a FEN list (games::read_openings).
// Throws OpeningsError naming the file (and the game or line) for a file that cannot be read, a game
// that does not replay, or no opening at all.
std::vector<Opening> read_openings(const std::filesystem::path& path, int plies);
// The FENs as openings without moves.
std::vector<Opening> openings_from_fens(const std::vector<std::string>& fens);
// The openings in an order drawn from `seed`, the same on every machine (a Fisher-Yates shuffle driven
// by SplitMix64, not std::shuffle, whose draws differ between standard libraries).
void shuffle_openings(std::vector<Opening>& openings, uint64_t seed);

}  // namespace jiang::match
