// The transposition table: what earlier searches learned about positions, keyed by Zobrist key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "eval/evaluate.h"
#include "movegen/types.h"

namespace jiang {

enum class Bound : uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTEntry {
  uint32_t check = 0;  // high half of the key; the low bits chose the cluster
  Move move;
  int16_t score = 0;   // mate scores are stored relative to this node (see to_tt / from_tt)
  int16_t eval = 0;
  uint8_t depth = 0;
  uint8_t gen_bound = 0;  // generation in the high 6 bits, Bound in the low 2

  Bound bound() const { return Bound(gen_bound & 3); }
  uint8_t generation() const { return gen_bound >> 2; }
};

class TranspositionTable {
 public:
  explicit TranspositionTable(size_t megabytes);
  void resize(size_t megabytes);
  void clear();
  void new_search() { generation_ = uint8_t((generation_ + 1) & 63); }

  std::optional<TTEntry> probe(uint64_t key) const;
  // Starts loading the key's cluster into the cache, so that the probe a little later does not wait.
  void prefetch(uint64_t key) const { __builtin_prefetch(&cluster_for(key)); }
  // Replaces the entry for this key, or the least valuable one of its cluster (shallowest, oldest).
  void store(uint64_t key, Move move, Score score, Score eval, int depth, Bound bound);
  int hashfull() const;  // permille of a sample of entries written in this search
  size_t megabytes() const { return megabytes_; }

 private:
  static constexpr int kClusterSize = 4;
  static constexpr int kAgePenalty = 8;         // plies of depth an entry loses per search since written
  static constexpr int kKeepDeeperMargin = 3;   // a bound this much shallower leaves a deeper entry alone
  struct Cluster {
    TTEntry entries[kClusterSize];
  };
  Cluster& cluster_for(uint64_t key) const { return clusters_[key & mask_]; }

  std::unique_ptr<Cluster[]> clusters_;
  size_t mask_ = 0;
  size_t megabytes_ = 0;
  uint8_t generation_ = 0;
};

// Mate scores count plies from the root; in the table they count from the stored node, so that a mate
// found along one path is right when the position is reached along another.
Score to_tt(Score s, int ply);
Score from_tt(Score s, int ply);

}  // namespace jiang
