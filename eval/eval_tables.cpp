#include "eval/eval_tables.h"

#include <algorithm>

namespace jiang {
namespace {

ExchangeOrder exchange_order(const std::array<int, kPieceTypes>& value) {
  std::array<PieceType, kPieceTypes - 1> types{King, Advisor, Elephant, Horse, Rook, Cannon, Pawn};
  std::stable_sort(types.begin(), types.end(), [&](PieceType a, PieceType b) { return value[a] < value[b]; });
  ExchangeOrder order;
  for (size_t i = 0; i < types.size(); ++i) {
    if (i == 0 || value[types[i]] != value[types[i - 1]]) order.value[order.groups++] = value[types[i]];
    order.group_of[types[i]] = uint8_t(order.groups - 1);
  }
  return order;
}

}  // namespace

EvalTables::EvalTables(const Weights& w) {
  for (Color c : {Red, Black})
    for (int t = King; t <= Pawn; ++t)
      for (int s = 0; s < kSquares; ++s) {
        const int own_rank = c == Red ? rank_of(Square(s)) : kRanks - 1 - rank_of(Square(s));
        const int half_file = std::min(file_of(Square(s)), kFiles - 1 - file_of(Square(s)));
        piece_square[make_piece(c, PieceType(t))][s] = w.position[t][own_rank * kHalfFiles + half_file];
      }
  for (int t = Advisor; t <= Pawn; ++t) exchange_value[t] = w.material[t].mg;
  exchange_value[King] = kGeneralExchangeValue;
  exchange_order = jiang::exchange_order(exchange_value);
}

}  // namespace jiang
