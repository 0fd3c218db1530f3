#include "gui/game_line.h"

#include "engine/engine.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/san.h"
#include "movegen/wxf.h"

namespace jiang::gui {

GameLine::GameLine(const std::string& fen) : start_fen_(Position::from_fen(fen).fen()) {}

std::vector<std::string> GameLine::moves(int count) const {
  std::vector<std::string> words;
  for (int i = 0; i < count && i < size(); ++i) words.push_back(plies_[size_t(i)].iccs);
  return words;
}

Position GameLine::position_at(int ply) const { return play_moves(start_fen_, moves(ply)); }

void GameLine::truncate(int ply) {
  if (ply < size()) plies_.resize(size_t(ply));
}

void GameLine::play(const Position& end, Move m) {
  MoveList legal;
  generate_legal(end, legal);
  if (!legal.contains(m)) throw MoveError("illegal move " + to_string(m) + " in " + end.fen());
  if (size() >= kMaxPlies) throw MoveError("the game has reached " + std::to_string(kMaxPlies) + " plies, the most kept");
  plies_.push_back({m, to_string(m), wxf(end, m), chinese_notation(end, m), san(end, m)});
}

}  // namespace jiang::gui
