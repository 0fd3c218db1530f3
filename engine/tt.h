// The transposition table: what earlier searches learned about positions, keyed by Zobrist key.
//
// Buckets of four 16-byte slots fill one 64-byte cache line, so a probe touches one line. A slot holds
// the entry packed into 64 bits and the key XOR-ed with it: helper threads of a lazy SMP search read and
// write slots without locks, and a slot torn by two writers fails the key check instead of handing a
// search another position's move and score.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>

#include "engine/score.h"
#include "engine/system_memory.h"
#include "movegen/position.h"
#include "movegen/types.h"
#include "rules/rules.h"

namespace jiang {

enum class Bound : uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTEntry {
  Move move;
  int16_t score = 0;  // mate scores are stored relative to this node (see to_tt / from_tt)
  int16_t eval = 0;   // the static evaluation; kNoEval when the side to move was in check
  uint8_t depth = 0;
  Bound bound_ = Bound::None;
  bool pv = false;    // the node was on (or next to) a principal variation when stored
  uint8_t generation = 0;

  Bound bound() const { return bound_; }
};

class TranspositionTable {
 public:
  // A stored evaluation that is not one: the node was in check, where no static score is computed.
  static constexpr int16_t kNoEval = INT16_MIN;

  explicit TranspositionTable(size_t megabytes);
  void resize(size_t megabytes);  // throws std::bad_alloc, keeping the old table
  void clear();
  void new_search() { generation_ = uint8_t((generation_ + 1) & kGenerationMask); }

  std::optional<TTEntry> probe(uint64_t key) const;
  // Starts loading the key's bucket into the cache, so that the probe a little later does not wait.
  void prefetch(uint64_t key) const { __builtin_prefetch(&bucket_for(key)); }
  // Writes the entry for this key into its slot, or over the least valuable slot of the bucket.
  void store(uint64_t key, Move move, Score score, Score eval, int depth, Bound bound, bool pv);
  int hashfull() const;  // permille of a sample of slots written in this search
  size_t megabytes() const { return megabytes_; }

 private:
  static constexpr int kBucketSlots = 4;
  static constexpr uint8_t kGenerationMask = 31;  // five bits of generation in a packed entry
  // Plies of depth an entry loses, for replacement, per search since it was written: stale deep entries
  // from earlier moves give way to the current search's work.
  static constexpr int kAgePenalty = 8;
  // A result this much shallower than the stored one for the same position does not overwrite it (a
  // quiescence bound over a deep search's), unless it is exact or the stored entry is from an older search.
  static constexpr int kKeepDeeperMargin = 4;

  struct Slot {
    std::atomic<uint64_t> key_xor_data;
    std::atomic<uint64_t> data;
  };
  struct alignas(64) Bucket {
    Slot slots[kBucketSlots];
  };
  static_assert(sizeof(Bucket) == 64, "a bucket is one cache line");
  static_assert(std::is_trivially_destructible_v<Bucket>, "free_large_pages runs no destructor");

  Bucket& bucket_for(uint64_t key) const { return buckets_[key & mask_]; }
  int age(const TTEntry& e) const { return (generation_ - e.generation) & kGenerationMask; }

  // Buckets hold atomics of integers only: nothing to destroy, the memory goes back whole.
  struct FreeLargePages {
    void operator()(Bucket* b) const { free_large_pages(b); }
  };
  std::unique_ptr<Bucket[], FreeLargePages> buckets_;
  size_t mask_ = 0;
  size_t megabytes_ = 0;
  uint8_t generation_ = 0;
};

// A position's key in the table: its Zobrist key and, from kQuietPliesInKey plies without a capture on,
// its count of them. From there a search line may reach the 60-move rule, and a score that counts on a
// 60-move draw is true only of positions with the same count (docs/search.md).
// Search lines longer than half the deepest (kMaxPly) are rare; a longer one is caught by the search
// (Searcher::path_free) and its score not stored.
inline constexpr int kQuietPliesInKey = kQuietPliesDraw - kMaxPly / 2;
inline bool count_in_table_key(int quiet_plies) { return quiet_plies >= kQuietPliesInKey; }
inline bool count_in_table_key(const Position& pos) { return count_in_table_key(pos.quiet_plies()); }
// The table key of a position with this Zobrist key and count of quiet plies.
uint64_t table_key(uint64_t key, int quiet_plies);
inline uint64_t table_key(const Position& pos) { return table_key(pos.key(), pos.quiet_plies()); }
// The child's table key after the pseudo-legal move m, the move not made.
inline uint64_t table_key_after(const Position& pos, Move m) {
  return table_key(pos.key_after(m), pos.quiet_plies_after(m));
}

// Mate scores count plies from the root; in the table they count from the stored node, so that a mate
// found along one path is right when the position is reached along another.
Score to_tt(Score s, int ply);
Score from_tt(Score s, int ply);

}  // namespace jiang
