#include "engine/cli/game_record.h"

#include <fstream>
#include <iostream>
#include <sstream>
#include <variant>
#include <vector>

#include <CLI/CLI.hpp>

#include "engine/engine.h"
#include "games/game_reader.h"
#include "movegen/notation.h"

namespace jiang {
namespace {

// Game `number` of the file `path`, or an error message.
std::variant<games::Game, std::string> read_game(const std::string& path, int number) {
  std::ifstream in(path);
  if (!in) return "cannot read " + path;
  games::GameReader reader(in, path, /*allow_unfinished=*/true);
  int seen = 0;
  while (std::optional<games::GameReader::Item> item = reader.next()) {
    if (++seen < number) continue;
    if (const auto* bad = std::get_if<games::GameError>(&*item)) return bad->message;
    return std::get<games::Game>(std::move(*item));
  }
  return path + " has " + std::to_string(seen) + " game" + (seen == 1 ? "" : "s") + ", not " + std::to_string(number);
}

}  // namespace

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

void add_game_file_options(CLI::App& command, RecordOptions& options, CLI::Option* fen, CLI::Option* moves) {
  CLI::Option* pgn = command.add_option(
      "--pgn", options.pgn,
      "instead of the FEN and moves: a game of this file (PGN as jiang match and XBoard write it, or ICCS move "
      "lists, a game a line)");
  pgn->excludes(fen)->excludes(moves);
  command.add_option("--game", options.game, "with --pgn: which game, from 1 (default 1)")
      ->needs(pgn)->check(CLI::PositiveNumber);
  command.add_option("--ply", options.ply, "with --pgn: after this many plies (default: the game's end; 0: its start)")
      ->needs(pgn)->check(CLI::NonNegativeNumber);
}

std::optional<Position> position_from_options(std::string_view command, const RecordOptions& options,
                                              std::string* game_summary) {
  if (options.pgn.empty()) return position_from_record(command, options.fen, options.moves);
  const auto fail = [&](const std::string& why) {
    std::cerr << "jiang " << command << ": " << why << "\n";
    return std::nullopt;
  };
  std::variant<games::Game, std::string> read = read_game(options.pgn, options.game);
  if (const auto* why = std::get_if<std::string>(&read)) return fail(*why);
  const games::Game& game = std::get<games::Game>(read);
  const int total = static_cast<int>(game.moves.size());
  const int plies = options.ply < 0 ? total : options.ply;
  const std::string which = std::to_string(options.game) + " of " + options.pgn;
  if (plies > total)
    return fail("game " + which + " has " + std::to_string(total) + " plies, not " + std::to_string(plies));
  std::string moves;
  for (int i = 0; i < plies; ++i) moves += (i ? " " : "") + to_string(game.moves[i]);
  if (game_summary)
    *game_summary = "Game " + which + " after " + std::to_string(plies) + " of " + std::to_string(total) +
                    " plies\nStart FEN " + game.fen + "\nMoves (ICCS) " + (moves.empty() ? "none" : moves) + "\n";
  return position_from_record(command, game.fen, moves);
}

}  // namespace jiang
