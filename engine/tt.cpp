#include "engine/tt.h"

#include <bit>
#include <cstring>

#include "engine/score.h"

namespace jiang {

TranspositionTable::TranspositionTable(size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(size_t megabytes) {
  // A power of two of clusters, so the index is a mask of the key.
  const size_t bytes = std::max<size_t>(megabytes, 1) << 20;
  const size_t clusters = std::bit_floor(bytes / sizeof(Cluster));
  clusters_ = std::make_unique<Cluster[]>(clusters);
  mask_ = clusters - 1;
  megabytes_ = megabytes;
  clear();
}

void TranspositionTable::clear() {
  std::memset(static_cast<void*>(clusters_.get()), 0, (mask_ + 1) * sizeof(Cluster));
  generation_ = 0;
}

std::optional<TTEntry> TranspositionTable::probe(uint64_t key) const {
  const uint32_t check = uint32_t(key >> 32);
  for (const TTEntry& e : cluster_for(key).entries)
    if (e.check == check && e.bound() != Bound::None) return e;
  return std::nullopt;
}

void TranspositionTable::store(uint64_t key, Move move, Score score, Score eval, int depth, Bound bound) {
  const uint32_t check = uint32_t(key >> 32);
  Cluster& c = cluster_for(key);
  // Older generations age by kAgePenalty plies of depth each: stale deep entries give way eventually.
  auto worth = [this](const TTEntry& x) { return int(x.depth) - kAgePenalty * ((generation_ - x.generation()) & 63); };
  TTEntry* victim = &c.entries[0];
  for (TTEntry& e : c.entries) {
    if (e.check == check || e.bound() == Bound::None) {
      victim = &e;
      break;
    }
    if (worth(e) < worth(*victim)) victim = &e;
  }
  if (victim->check == check && victim->bound() != Bound::None) {
    // A much shallower bound (a quiescence result, say) does not overwrite what a deep search learned.
    if (bound != Bound::Exact && depth + kKeepDeeperMargin < victim->depth && victim->generation() == generation_)
      return;
    if (!move) move = victim->move;  // keep the known best move when the new result has none
  }
  victim->check = check;
  victim->move = move;
  victim->score = int16_t(score);
  victim->eval = int16_t(eval);
  victim->depth = uint8_t(std::clamp(depth, 0, 255));
  victim->gen_bound = uint8_t((generation_ << 2) | uint8_t(bound));
}

int TranspositionTable::hashfull() const {
  constexpr size_t kSample = 250;
  int used = 0;
  for (size_t i = 0; i < std::min(kSample, mask_ + 1); ++i)
    for (const TTEntry& e : clusters_[i].entries) used += e.bound() != Bound::None && e.generation() == generation_;
  return used * 1000 / int(std::min(kSample, mask_ + 1) * kClusterSize);
}

Score to_tt(Score s, int ply) { return s >= kMateBound ? s + ply : s <= -kMateBound ? s - ply : s; }
Score from_tt(Score s, int ply) { return s >= kMateBound ? s - ply : s <= -kMateBound ? s + ply : s; }

}  // namespace jiang
