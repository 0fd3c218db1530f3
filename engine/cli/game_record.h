// A game record given on the command line, as judge and show read it: a start position and ICCS moves
// (--fen and --moves), or a game of a file (--pgn, --game, --ply).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "movegen/position.h"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace jiang {

// The position after `moves` (ICCS words separated by blanks) from `fen`. On a bad FEN or an illegal
// move it says what is wrong on stderr ("jiang COMMAND: ...") and returns nothing: the command then
// exits with 2.
std::optional<Position> position_from_record(std::string_view command, const std::string& fen, const std::string& moves);

// A command's record options: --fen and --moves, or a game of a game file (PGN in XBoard's Xiangqi SAN or
// ICCS, or ICCS move lists, as games/game_reader.h reads them; an unfinished one too).
struct RecordOptions {
  std::string fen{kStartFen};
  std::string moves;
  std::string pgn;  // a game file instead of fen and moves
  int game = 1;     // which of its games, from 1
  int ply = -1;     // after how many of its plies; all of them when negative
};

// Adds --pgn, --game and --ply to `command`, excluding its already added --fen and --moves options.
void add_game_file_options(CLI::App& command, RecordOptions& options, CLI::Option* fen, CLI::Option* moves);

// The position the options name, as position_from_record, with the same errors and for a game file also
// a missing file, a game that is not there or cannot be read, or more plies than the game has. For a
// game file, `game_summary` (when given) gets which game and ply it is, its start FEN and its moves in
// ICCS, a line each.
std::optional<Position> position_from_options(std::string_view command, const RecordOptions& options,
                                              std::string* game_summary = nullptr);

}  // namespace jiang
