// Stopping a match: a flag every wait of every game thread sees at once. It is a pipe: raising it makes
// the read end readable, and each engine read polls that end beside the engine's output, so a game
// thread stops within a poll, however long the engine would still think. A signal handler may raise it
// (write() is async-signal-safe).
#pragma once

#include <signal.h>

namespace jiang::match {

class StopSignal {
 public:
  StopSignal();  // throws std::runtime_error if no pipe can be made
  ~StopSignal();
  StopSignal(const StopSignal&) = delete;
  StopSignal& operator=(const StopSignal&) = delete;

  void raise() const;
  bool raised() const;
  int fd() const { return read_fd_; }  // readable once raised
  int write_fd() const { return write_fd_; }

 private:
  int read_fd_ = -1;
  int write_fd_ = -1;
};

// While it lives: SIGINT and SIGTERM raise `stop` (a second one ends the process at once), and SIGPIPE is
// ignored (an engine that dies while we write to it is a crash to report, not a reason to die).
class SignalRoute {
 public:
  explicit SignalRoute(const StopSignal& stop);
  ~SignalRoute();
  SignalRoute(const SignalRoute&) = delete;
  SignalRoute& operator=(const SignalRoute&) = delete;

  int signal() const;  // the signal that arrived, or 0

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
  struct sigaction old_pipe_ {};
};

}  // namespace jiang::match
