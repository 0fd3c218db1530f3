// The game the page shows: where it started and the moves played, each with its names in every
// notation the page prints (ICCS, WXF, Chinese, XBoard's SAN), written once as the move is played.
#pragma once

#include <string>
#include <vector>

#include "movegen/position.h"

namespace jiang::gui {

struct PlyRecord {
  Move move;
  std::string iccs, wxf, chinese, san;
};

class GameLine {
 public:
  // The most plies a game may hold: far more than any game lasts, and a bound on what a page (or a
  // pasted file) can make the server keep.
  static constexpr int kMaxPlies = 1000;

  GameLine() : GameLine(std::string(kStartFen)) {}
  // Throws FenError for a FEN that is not a legal position.
  explicit GameLine(const std::string& fen);

  const std::string& start_fen() const { return start_fen_; }
  int size() const { return int(plies_.size()); }
  const std::vector<PlyRecord>& plies() const { return plies_; }
  // The ICCS moves of the first `count` plies.
  std::vector<std::string> moves(int count) const;
  // The position after `ply` plies, with the record (and check flags) the rules read.
  Position position_at(int ply) const;

  // Drops the plies after the first `ply`.
  void truncate(int ply);
  // Appends `m`, which must be legal in `end` (the position after every ply). Throws MoveError if it is
  // not, or if the game is at kMaxPlies.
  void play(const Position& end, Move m);

 private:
  std::string start_fen_;
  std::vector<PlyRecord> plies_;
};

}  // namespace jiang::gui
