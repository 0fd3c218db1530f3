// Labelled positions from recorded games (`jiang label`): the games of a match, a tournament or a GUI,
// read from PGN or ICCS move lists, become the tuner's positions, by the rules self-play keeps its own
// by (Selection). Each is labelled with its game's result and, where the move's comment gives one, the
// mover's engine score turned to Red's point of view (for `jiang tune --lambda`).
//
// The output is self-play's format (positions_file.h): a header of comment lines, then each game's kept
// positions closed by a marker "# game N RESULT plies P kept K", so that the tuner holds out
// whole games. It is written whole or not at all, and an existing file is never replaced: it may be
// hours of self-play.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "games/game.h"
#include "tuning/selfplay/selfplay.h"

namespace jiang {

// Which positions of a game are kept, and how they are labelled.
struct LabelRules {
  Selection selection;
  bool scores = true;  // the engines' scores from the move comments, where they give one
  std::string player;  // not empty: only the positions this player (the White or Black tag) is to move in
};

struct LabelOptions {
  std::vector<std::string> games;  // PGN or ICCS move-list files
  std::filesystem::path out;
  LabelRules rules;
};

struct LabelCounts {
  int kept = 0;
  int scored = 0;  // of them, with a score
};

// The kept positions of one recorded game as lines "FEN result [score]", each with a newline. A move
// whose comment gives a mate score is a mate score (not kept); a move without a score in its comment
// is kept without one.
std::string labelled_positions(const games::Game& game, const LabelRules& rules, LabelCounts* counts = nullptr);

// Reads the games and writes the file; unreadable games are reported on stderr, the summary on stdout.
// Returns 0 when positions were written, 1 when the games gave none (nothing written), 2 for a file
// that cannot be read or written or an output that exists.
int run_label(const LabelOptions& options);

}  // namespace jiang
