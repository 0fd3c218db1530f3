// Threads for the commands that work in parallel: how many by default, and running a team of them that
// hands the first error back to the caller.
#pragma once

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace jiang {

// Every core of the machine (1 if it cannot tell).
inline int default_threads() { return int(std::max(1u, std::thread::hardware_concurrency())); }

// The first exception thrown on any of several threads, kept to be rethrown on the calling thread once
// they have all ended (an exception must not leave a thread: that ends the program). failed() tells the
// others, at once, to give up early.
class FirstError {
 public:
  // In a catch block: keeps the exception being handled, unless one was kept already.
  void capture() {
    const std::lock_guard lock(mutex_);
    if (!error_) error_ = std::current_exception();
    failed_.store(true, std::memory_order_relaxed);
  }
  bool failed() const { return failed_.load(std::memory_order_relaxed); }
  // Rethrows the kept exception, if any. Call it when no thread that may capture() is running.
  void rethrow() const {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  std::mutex mutex_;
  std::exception_ptr error_;
  std::atomic<bool> failed_{false};
};

// Runs work(t) for t = 0 .. threads - 1 at once (t = 0 on the calling thread) and returns when every one
// has ended. What work throws is caught into `error`, for the caller to rethrow when it chooses.
template <typename Work>
void run_threads(int threads, FirstError& error, Work&& work) {
  const auto guarded = [&](int t) {
    try {
      work(t);
    } catch (...) {
      error.capture();
    }
  };
  std::vector<std::thread> team;
  try {
    for (int t = 1; t < threads; ++t) team.emplace_back(guarded, t);
  } catch (...) {
    error.capture();  // no more threads: those started finish and are joined
  }
  guarded(0);
  for (std::thread& thread : team) thread.join();
}

}  // namespace jiang
