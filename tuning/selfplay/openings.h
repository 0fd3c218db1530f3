// Where self-play games start: an opening (games/openings.h), then random plies that do not throw the
// game away, decided by (seed, game index) alone.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/engine.h"

namespace jiang {

// The random number generator of game `game`: decided by (seed, game) alone.
std::mt19937_64 game_rng(uint64_t seed, uint64_t game);

// Plays `plies` random legal moves from `fen` and returns the position reached, avoiding positions that
// are already decided: a line that ends the game, or after which a short search by `engine` (with its
// current weights) sees either side more than a pawn and a half ahead, is drawn again (a bounded number
// of times; then `fen` itself is returned).
std::string random_opening(const std::string& fen, int plies, std::mt19937_64& rng, Engine& engine);

// The start position of game `index`: the openings in turn (the start position if there are none), then
// the random plies drawn with game_rng(seed, index).
std::string game_start(const std::vector<std::string>& openings, int random_plies, uint64_t seed, uint64_t index,
                       Engine& engine);

}  // namespace jiang
