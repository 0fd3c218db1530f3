// The tuner's parallel loop and the thread team under it: every chunk once, and the first error of any
// thread handed back to the caller instead of ending the program.
#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "tuning/tuner/parallel.h"
#include "util/threads.h"

namespace jiang::tuner {
namespace {

TEST_CASE("parallel_chunks runs every chunk once on any number of threads", "[tuner][parallel]") {
  for (int threads : {1, 2, 5}) {
    std::vector<std::atomic<int>> runs(103);
    const bool complete = parallel_chunks(runs.size(), 10, threads, nullptr, [&](size_t, size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) ++runs[i];
    });
    CHECK(complete);
    for (const auto& r : runs) CHECK(r == 1);
  }
}

TEST_CASE("parallel_chunks rethrows the first error and starts no chunk after it", "[tuner][parallel]") {
  std::atomic<int> after{0};
  const auto body = [&](size_t chunk, size_t, size_t) {
    if (chunk == 3) throw std::invalid_argument("chunk 3 failed");
    if (chunk > 3) ++after;
  };
  CHECK_THROWS_WITH(parallel_chunks(100, 10, 1, nullptr, body), "chunk 3 failed");
  CHECK(after == 0);  // one thread: the chunks come in order
  CHECK_THROWS_WITH(parallel_chunks(100, 10, 4, nullptr, body), "chunk 3 failed");
}

TEST_CASE("run_threads keeps the first of several errors for the caller", "[tuner][parallel]") {
  FirstError error;
  std::atomic<int> ran{0};
  run_threads(4, error, [&](int t) {
    ++ran;
    if (t % 2 == 1) throw std::runtime_error("thread " + std::to_string(t));
  });
  CHECK(ran == 4);
  CHECK(error.failed());
  CHECK_THROWS_WITH(error.rethrow(), Catch::StartsWith("thread "));

  FirstError none;
  run_threads(3, none, [](int) {});
  CHECK_FALSE(none.failed());
  CHECK_NOTHROW(none.rethrow());
}

}  // namespace
}  // namespace jiang::tuner
