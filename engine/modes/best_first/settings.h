// What can be tuned in the best-first search without touching the design: voting (on by default; off
// to measure what it is worth), how often a vote is cast, and how much memory the tree may take.
#pragma once

#include <cstddef>
#include <cstdint>

namespace jiang::best_first {

// Every 4th expansion a vote: often enough that the realistic favourite is examined a quarter of the
// time (the defence against "hysteria"), rarely enough that research stays led by optimism.
inline constexpr int kDefaultVoteInterval = 4;
// 256 MiB of nodes (about 11 million at 24 bytes): minutes of thought at the expansion rate measured
// in the report, and no more than the main search's largest usual hash sizes.
inline constexpr size_t kDefaultTreeMb = 256;
inline constexpr size_t kMaxTreeMb = 65536;

struct Settings {
  bool voting = true;
  int vote_interval = kDefaultVoteInterval;  // expansions per vote (>= 1)
  size_t tree_mb = kDefaultTreeMb;           // the tree's node budget, in MiB of nodes
  // For tests: a budget in nodes that overrides tree_mb when not 0.
  size_t max_nodes = 0;
};

}  // namespace jiang::best_first
