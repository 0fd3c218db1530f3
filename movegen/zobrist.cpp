#include "movegen/zobrist.h"

namespace jiang {
namespace {

// splitmix64: a fixed seed gives the same keys in every build, so hash-dependent behaviour (and the bench
// signature) is reproducible.
constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr ZobristKeys build_keys() {
  ZobristKeys keys{};
  uint64_t state = 0x6a69616e67ULL;  // "jiang"
  for (auto& squares : keys.piece_square)
    for (auto& key : squares) key = splitmix64(state);
  keys.black_to_move = splitmix64(state);
  return keys;
}

}  // namespace

constexpr ZobristKeys kZobrist = build_keys();

}  // namespace jiang
