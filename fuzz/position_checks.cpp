#include "fuzz/position_checks.h"

#include <algorithm>
#include <string>
#include <vector>

#include "fuzz/check.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "tests/support/naive_rules.h"

namespace jiang::fuzz {

void check_fen_round_trip(const Position& pos) {
  const std::string fen = pos.fen();
  Position again;
  try {
    again = Position::from_fen(fen);
  } catch (const FenError& e) {
    require(false, "the FEN of an accepted position is accepted", fen + ": " + e.what());
  }
  require(again == pos, "the FEN reads back as the same position", fen);
  require(again.fen() == fen, "the FEN read back writes the same FEN", fen + " -> " + again.fen());
}

void check_legal_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  std::vector<std::string> generated;
  for (Move m : list) generated.push_back(to_string(m));
  std::sort(generated.begin(), generated.end());
  const std::vector<std::string> naive = naive::legal_moves(naive::parse_board(pos.fen()));
  require(generated == naive, "generate_legal finds the moves of the naive rules", pos.fen());
  require(count_legal(pos) == int(naive.size()), "count_legal counts the moves of the naive rules", pos.fen());
}

}  // namespace jiang::fuzz
