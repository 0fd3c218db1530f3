// A parallel loop over fixed chunks: chunk c always covers the same items whatever the thread count,
// and the caller combines per-chunk results in chunk order, so results do not depend on --threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace jiang::tuner {

// Runs body(chunk, begin, end) for every chunk of `chunk_size` items of [0, n), on up to `threads`
// threads (the calling thread is one of them). Threads take the next chunk from a shared counter. If
// `stop` becomes true, no further chunks are started; returns whether every chunk ran.
template <typename Body>
bool parallel_chunks(size_t n, size_t chunk_size, int threads, const std::atomic<bool>* stop, Body&& body) {
  const size_t chunks = (n + chunk_size - 1) / chunk_size;
  std::atomic<size_t> next{0};
  std::atomic<size_t> done{0};
  auto work = [&] {
    for (;;) {
      if (stop && stop->load(std::memory_order_relaxed)) return;
      const size_t c = next.fetch_add(1);
      if (c >= chunks) return;
      body(c, c * chunk_size, std::min(n, (c + 1) * chunk_size));
      done.fetch_add(1);
    }
  };
  const int extra = std::max(0, std::min(threads, int(chunks)) - 1);
  std::vector<std::thread> pool;
  pool.reserve(extra);
  for (int t = 0; t < extra; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  return done.load() == chunks;
}

}  // namespace jiang::tuner
