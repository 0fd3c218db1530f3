#include "book/builder.h"

#include <set>

#include "movegen/position.h"

namespace jiang::book {
namespace {

// How the game went for the mover: +1 won, 0 drawn, -1 lost.
int outcome_for(GameResult result, Color mover) {
  if (result == GameResult::Draw) return 0;
  return (result == GameResult::RedWins) == (mover == Red) ? 1 : -1;
}

}  // namespace

void BookBuilder::add(const games::Game& game) {
  Position pos = Position::from_fen(game.fen);
  std::set<std::pair<uint64_t, uint16_t>> seen;  // a move repeated in one game counts that game once
  for (Move m : game.moves) {
    if (pos.game_ply() >= max_ply_) break;
    if (seen.insert({pos.key(), m.raw()}).second) {
      MoveStats& s = counts_[{pos.key(), m.raw()}];
      const int outcome = outcome_for(game.result, pos.side_to_move());
      (outcome > 0 ? s.wins : outcome < 0 ? s.losses : s.draws) += 1;
    }
    pos.make_move(m);
  }
}

Book BookBuilder::build() const {
  std::vector<BookEntry> entries;
  for (const auto& [where, stats] : counts_)
    if (stats.games() >= uint32_t(min_games_)) entries.push_back({where.first, Move::from_raw(where.second), stats});
  return Book(std::move(entries));
}

}  // namespace jiang::book
