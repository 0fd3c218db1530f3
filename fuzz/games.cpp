// Game records (games/game_reader.h: PGN with SAN or ICCS moves, tags, comments, variations; ICCS move
// lists): any text gives a sequence of games and errors, never a crash or an endless read, and every game
// given is one that can be replayed: its start position reads, each move is legal where it was played,
// and the reader names a result.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <variant>

#include "fuzz/check.h"
#include "games/game_reader.h"
#include "movegen/movegen.h"
#include "movegen/position.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace jiang;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  games::GameReader reader(in, "input");
  // Each item consumes at least one token of the input, so there are never more items than bytes.
  size_t items = 0;
  while (const auto item = reader.next()) {
    fuzz::require(++items <= size + 1, "the reader ends: no more games and errors than bytes");
    const auto* game = std::get_if<games::Game>(&*item);
    if (!game) {
      fuzz::require(!std::get<games::GameError>(*item).message.empty(), "an error says what is wrong");
      continue;
    }
    Position pos;
    try {
      pos = Position::from_fen(game->fen);
    } catch (const FenError& e) {
      fuzz::require(false, "a game's start position reads", game->fen + ": " + e.what());
    }
    for (const Move m : game->moves) {
      fuzz::require(is_legal(pos, m), "every move of a game is legal where it was played", pos.fen());
      pos.make_move(m);
    }
  }
  return 0;
}
