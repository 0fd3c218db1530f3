// A parallel loop over fixed chunks: chunk c always covers the same items whatever the thread count,
// and the caller combines per-chunk results in chunk order, so results do not depend on --threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>

#include "util/threads.h"

namespace jiang::tuner {

// Runs body(chunk, begin, end) for every chunk of `chunk_size` items of [0, n), on up to `threads`
// threads (the calling thread is one of them). Threads take the next chunk from a shared counter. If
// `stop` becomes true, no further chunks are started; returns whether every chunk ran. If the body
// throws, no further chunks are started either, and the first exception is rethrown here once every
// thread has ended.
template <typename Body>
bool parallel_chunks(size_t n, size_t chunk_size, int threads, const std::atomic<bool>* stop, Body&& body) {
  const size_t chunks = (n + chunk_size - 1) / chunk_size;
  std::atomic<size_t> next{0};
  std::atomic<size_t> done{0};
  FirstError error;
  run_threads(std::max(1, int(std::min<size_t>(size_t(std::max(threads, 1)), chunks))), error, [&](int) {
    for (;;) {
      if ((stop && stop->load(std::memory_order_relaxed)) || error.failed()) return;
      const size_t c = next.fetch_add(1);
      if (c >= chunks) return;
      body(c, c * chunk_size, std::min(n, (c + 1) * chunk_size));
      done.fetch_add(1);
    }
  });
  error.rethrow();
  return done.load() == chunks;
}

}  // namespace jiang::tuner
