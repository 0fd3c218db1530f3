#include "match/openings.h"

#include <fstream>

#include "games/game_reader.h"
#include "games/openings.h"
#include "movegen/notation.h"
#include "movegen/position.h"
#include "rules/referee.h"

namespace jiang::match {
namespace {

// As the match's referee counts: a position seen for the third time ends the game.
constexpr int kRepetitions = 3;

// SplitMix64: a small generator whose outputs are fixed by its definition.
uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::vector<Opening> read_pgn_openings(const std::filesystem::path& path, int plies) {
  std::ifstream in(path);
  if (!in) throw OpeningsError("cannot read openings " + path.string());
  games::GameReader reader(in, path.string(), true);  // an openings file's games need no result
  std::vector<Opening> openings;
  for (int number = 1; const auto item = reader.next(); ++number) {
    if (const auto* error = std::get_if<games::GameError>(&*item)) throw OpeningsError(error->message);
    const games::Game& game = std::get<games::Game>(*item);
    Opening opening{Position::from_fen(game.fen).fen(), {}};
    Position pos = Position::from_fen(game.fen);
    pos.in_check();
    const size_t count = plies > 0 ? std::min(game.moves.size(), size_t(plies)) : game.moves.size();
    for (size_t i = 0; i < count; ++i) {
      opening.moves.push_back(to_string(game.moves[i]));
      pos.make_move(game.moves[i]);
      pos.in_check();
    }
    if (referee(pos, kRepetitions))
      throw OpeningsError(path.string() + ": game " + std::to_string(number) + ": the game is over after " +
                          std::to_string(count) + " plies, in " + pos.fen());
    openings.push_back(std::move(opening));
  }
  if (openings.empty()) throw OpeningsError("openings " + path.string() + " holds no game");
  return openings;
}

}  // namespace

std::vector<Opening> openings_from_fens(const std::vector<std::string>& fens) {
  std::vector<Opening> openings;
  for (const std::string& fen : fens) openings.push_back({fen, {}});
  return openings;
}

std::vector<Opening> read_openings(const std::filesystem::path& path, int plies) {
  if (ends_with(path.string(), ".pgn")) return read_pgn_openings(path, plies);
  try {
    return openings_from_fens(games::read_openings(path));
  } catch (const games::OpeningsError& e) {
    throw OpeningsError(e.what());
  }
}

void shuffle_openings(std::vector<Opening>& openings, uint64_t seed) {
  uint64_t state = seed;
  for (size_t i = openings.size(); i > 1; --i) std::swap(openings[i - 1], openings[splitmix64(state) % i]);
}

}  // namespace jiang::match
