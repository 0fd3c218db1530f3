#include "engine/tt.h"

#include <algorithm>
#include <bit>
#include <memory>
#include <new>

#include "engine/score.h"

namespace jiang {
namespace {

// The packed entry: move (16 bits), score (16), eval (16), depth (8), then generation (5), the pv flag
// (1) and the bound (2).
uint64_t pack(const TTEntry& e) {
  return uint64_t(e.move.raw()) | uint64_t(uint16_t(e.score)) << 16 | uint64_t(uint16_t(e.eval)) << 32 |
         uint64_t(e.depth) << 48 | uint64_t(e.generation) << 59 | uint64_t(e.pv) << 58 | uint64_t(e.bound_) << 56;
}

TTEntry unpack(uint64_t data) {
  TTEntry e;
  e.move = Move::from_raw(uint16_t(data));
  e.score = int16_t(uint16_t(data >> 16));
  e.eval = int16_t(uint16_t(data >> 32));
  e.depth = uint8_t(data >> 48);
  e.bound_ = Bound((data >> 56) & 3);
  e.pv = (data >> 58) & 1;
  e.generation = uint8_t(data >> 59);
  return e;
}

}  // namespace

TranspositionTable::TranspositionTable(size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(size_t megabytes) {
  // A power of two of buckets, so that the index is a mask of the key.
  // The same size again (a GUI resending its Hash, `jiang --setoption` applied at start-up and again in
  // the session): the table is only cleared, with no second table beside the first.
  if (buckets_ && megabytes == megabytes_) {
    clear();
    return;
  }
  const size_t bytes = std::max<size_t>(megabytes, 1) << 20;
  const size_t buckets = std::bit_floor(bytes / sizeof(Bucket));
  // On 2 MiB pages: a probe then seldom misses the TLB as well as the cache (engine/system_memory.h).
  auto* memory = static_cast<Bucket*>(allocate_large_pages(buckets * sizeof(Bucket)));
  if (!memory) throw std::bad_alloc();  // before anything changes
  std::uninitialized_default_construct_n(memory, buckets);
  buckets_.reset(memory);
  mask_ = buckets - 1;
  megabytes_ = megabytes;
  clear();
}

void TranspositionTable::clear() {
  for (size_t i = 0; i <= mask_; ++i)
    for (Slot& s : buckets_[i].slots) {
      s.key_xor_data.store(0, std::memory_order_relaxed);
      s.data.store(0, std::memory_order_relaxed);
    }
  generation_ = 0;
}

std::optional<TTEntry> TranspositionTable::probe(uint64_t key) const {
  for (const Slot& s : bucket_for(key).slots) {
    const uint64_t data = s.data.load(std::memory_order_relaxed);
    if ((s.key_xor_data.load(std::memory_order_relaxed) ^ data) != key) continue;
    const TTEntry e = unpack(data);
    if (e.bound() != Bound::None) return e;
  }
  return std::nullopt;
}

void TranspositionTable::store(uint64_t key, Move move, Score score, Score eval, int depth, Bound bound, bool pv) {
  Bucket& b = bucket_for(key);
  // The slot of this key if it has one, else the least valuable: shallowest, counting age as depth.
  Slot* victim = nullptr;
  TTEntry old;
  int victim_worth = 0;
  for (Slot& s : b.slots) {
    const uint64_t data = s.data.load(std::memory_order_relaxed);
    const TTEntry e = unpack(data);
    if ((s.key_xor_data.load(std::memory_order_relaxed) ^ data) == key || e.bound() == Bound::None) {
      victim = &s;
      old = e;
      break;
    }
    const int worth = int(e.depth) - kAgePenalty * age(e);
    if (!victim || worth < victim_worth) victim = &s, old = e, victim_worth = worth;
  }
  const bool same = old.bound() != Bound::None && (victim->key_xor_data.load(std::memory_order_relaxed) ^
                                                   victim->data.load(std::memory_order_relaxed)) == key;
  if (same) {
    if (bound != Bound::Exact && depth + kKeepDeeperMargin < old.depth && age(old) == 0) return;
    if (!move) move = old.move;  // keep the known best move when the new result has none
  }
  TTEntry e;
  e.move = move;
  e.score = int16_t(score);
  e.eval = int16_t(eval);
  e.depth = uint8_t(std::clamp(depth, 0, 255));
  e.bound_ = bound;
  e.pv = pv;
  e.generation = generation_;
  const uint64_t data = pack(e);
  victim->data.store(data, std::memory_order_relaxed);
  victim->key_xor_data.store(key ^ data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  constexpr size_t kSampleBuckets = 250;
  const size_t sample = std::min(kSampleBuckets, mask_ + 1);
  int used = 0;
  for (size_t i = 0; i < sample; ++i)
    for (const Slot& s : buckets_[i].slots) {
      const TTEntry e = unpack(s.data.load(std::memory_order_relaxed));
      used += e.bound() != Bound::None && e.generation == generation_;
    }
  return used * 1000 / int(sample * kBucketSlots);
}

uint64_t table_key(uint64_t key, int quiet_plies) {
  if (!count_in_table_key(quiet_plies)) return key;
  // splitmix64's finaliser: one well-mixed key per count, unrelated to the Zobrist keys.
  uint64_t z = uint64_t(quiet_plies) * 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return key ^ z ^ (z >> 31);
}

Score to_tt(Score s, int ply) { return s >= kMateBound ? s + ply : s <= -kMateBound ? s - ply : s; }
Score from_tt(Score s, int ply) { return s >= kMateBound ? s - ply : s <= -kMateBound ? s + ply : s; }

}  // namespace jiang
