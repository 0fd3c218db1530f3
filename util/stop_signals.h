// SIGINT and SIGTERM for the long commands (self-play, the tuner, the match runner): the first asks the
// run to stop cleanly, at a point where its files are whole; a second ends the process at once with
// 128 + its number, which is safe too, since every file they write survives a kill. Install the guard
// first thing in a command, before it writes or logs anything: a signal before it would take the
// default action (death) instead of a clean stop.
#pragma once

#include <signal.h>

#include <atomic>

namespace jiang {

// A stop flag every wait can poll beside its own file descriptors. It is a pipe: raising it makes the
// read end readable, so a thread blocked in poll() on an engine's output wakes at once. A signal handler
// may raise it (write() is async-signal-safe).
class StopPipe {
 public:
  StopPipe();  // throws std::runtime_error if no pipe can be made
  ~StopPipe();
  StopPipe(const StopPipe&) = delete;
  StopPipe& operator=(const StopPipe&) = delete;

  void raise() const;
  bool raised() const;
  int fd() const { return read_fd_; }  // readable once raised
  int write_fd() const { return write_fd_; }

 private:
  int read_fd_ = -1;
  int write_fd_ = -1;
};

// Blocks SIGINT and SIGTERM in the calling thread (and the threads and children it starts) until a
// StopSignals guard, or release_stop_signals(), unblocks them: a signal in between waits, pending, and
// is then taken by the guard as a clean stop rather than killing the process. For main(), before the
// command line of a long command is parsed and MPI set up.
void hold_stop_signals();
// Unblocks them again without a guard: for a path of a held command that installs none, which a signal
// then ends by the default action, as any other command.
void release_stop_signals();

// Installs the handlers for its lifetime and restores the previous ones after. One at a time: the
// state is the process's, as signals are.
class StopSignals {
 public:
  StopSignals();
  // Also raises `pipe` on the first signal, and ignores SIGPIPE while it lives (a child that dies while
  // we write to it is a crash to report, not a reason to die).
  explicit StopSignals(const StopPipe& pipe);
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  // The first signal received (SIGINT or SIGTERM), 0 before any.
  static int received();
  // Raised with the first signal, for loops that poll a flag.
  static const std::atomic<bool>& flag();

 private:
  bool pipe_ = false;
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
  struct sigaction old_pipe_ {};
};

}  // namespace jiang
