// FEN (movegen/fen.cpp): any text either is rejected with FenError or gives a position whose FEN
// round-trips and whose legal moves are those of the naive rules.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/position_checks.h"
#include "movegen/position.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace jiang;
  Position pos;
  try {
    pos = Position::from_fen(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const FenError&) {
    return 0;
  }
  fuzz::check_fen_round_trip(pos);
  fuzz::check_legal_moves(pos);
  return 0;
}
