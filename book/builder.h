// Builds a book from games: for each position and move of the games' first plies, how the games that
// played it ended for the mover; moves seen in too few games are dropped.
#pragma once

#include <cstdint>
#include <map>
#include <utility>

#include "book/book.h"
#include "games/game.h"

namespace jiang::book {

class BookBuilder {
 public:
  // Counts moves played before game ply `max_ply` (by the FEN's move number: a game from a later
  // position starts deeper); keeps those played in at least `min_games` games.
  BookBuilder(int max_ply, int min_games) : max_ply_(max_ply), min_games_(min_games) {}
  void add(const games::Game& game);
  Book build() const;

 private:
  int max_ply_;
  int min_games_;
  std::map<std::pair<uint64_t, uint16_t>, MoveStats> counts_;  // (key, move) in the book's order
};

}  // namespace jiang::book
