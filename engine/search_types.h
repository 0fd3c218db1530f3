// What a search reports and obeys besides its limits (limits.h): the types every search design, the
// Engine and its callers share, with no search or engine behind them.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/tt.h"
#include "eval/score.h"
#include "movegen/types.h"

namespace jiang {

// One iteration's report (or a final one).
struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  Score score = 0;        // from the side to move's point of view
  Bound bound = Bound::Exact;  // Lower or Upper for an aspiration failure
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  int hashfull = 0;       // permille of the transposition table in use
  std::vector<Move> pv;
  int multipv = 0;        // the line's rank (1 = best) when several are searched; 0 with one line
  // When set, the report is only this remark (a mode's stage, a tree's votes): printed as "info string".
  std::string note;
};

struct SearchResult {
  Move best;              // Move::none() when the side to move has no legal (unbanned) move
  Move ponder;            // the expected reply, if known
  Score score = 0;
  int depth = 0;
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  uint64_t eval_probes = 0;      // static evaluations asked of the evaluation cache
  uint64_t eval_cache_hits = 0;  // of them, answered from it
};

struct SearchCallbacks {
  std::function<void(const SearchInfo&)> on_info;      // after each completed iteration
  std::function<void(const SearchResult&)> on_done;    // once, when the search ends (after stop/ponderhit)
};

// Signals from outside the search thread.
struct SearchControl {
  std::atomic<bool> stop{false};
  std::atomic<bool> pondering{false};     // no time limit while set (ponder or infinite)
  std::atomic<int64_t> clock_start_ms{0}; // when our clock started: at go, or at ponderhit
  // Lazy SMP: every search under this control adds its nodes here as it polls the clock, so that the main
  // search, which reads its helpers' control through `helpers`, reports the nodes of all threads.
  std::atomic<uint64_t> nodes{0};
  const SearchControl* helpers = nullptr;
};

// A monotonic clock in milliseconds.
inline int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace jiang
