// SIGINT and SIGTERM for the long commands (self-play, the tuner): the first asks the run to stop
// cleanly, at a point where its files are whole; a second ends the process at once with 128 + its
// number, which is safe too, since every file they write survives a kill.
#pragma once

#include <atomic>

namespace jiang {

// Installs the handlers for its lifetime and restores the previous ones after. One at a time: the
// state is the process's, as signals are.
class StopSignals {
 public:
  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  // The first signal received (SIGINT or SIGTERM), 0 before any.
  static int received();
  // Raised with the first signal, for loops that poll a flag.
  static const std::atomic<bool>& flag();
};

}  // namespace jiang
