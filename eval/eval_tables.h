// What the evaluation derives from the weights once, when an Evaluator is made, rather than at every
// position: piece-square values for both colours, and the exchange values of the attackers in order.
#pragma once

#include <array>
#include <cstdint>

#include "eval/weights.h"

namespace jiang {

// What a general is "worth" as an attacker or defender in exchanges: more than any other piece, so a
// piece attacked by the general and defended is never counted as threatened by it.
inline constexpr int kGeneralExchangeValue = 5000;

// The piece types grouped by exchange value, cheapest group first. Types of equal value share a group:
// "the cheaper attacker" cannot tell them apart.
struct ExchangeOrder {
  int groups = 0;
  std::array<uint8_t, kPieceTypes> group_of{};  // [type]
  std::array<int, kPieceTypes> value{};         // [group]
};

struct EvalTables {
  explicit EvalTables(const Weights& w);

  // Position value for every piece code on every square, both colours, from the half-board tables.
  std::array<std::array<PhaseValue, kSquares>, kPieceCodes> piece_square{};
  std::array<int, kPieceTypes> exchange_value{};  // [type]: middlegame material, the general kGeneralExchangeValue
  ExchangeOrder exchange_order;
};

}  // namespace jiang
