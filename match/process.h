// An engine's process: started with pipes to its stdin and stdout, read line by line with deadlines,
// and always reaped. It runs in a process group of its own, so that a Ctrl-C at the terminal reaches only
// the match, which then ends the engines itself; kill() ends the whole group (an engine's helpers too).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace jiang::match {

class ProcessError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct LaunchSpec {
  std::string program;             // a path exec can use as it is (see resolve_program)
  std::vector<std::string> args;   // argv[1]...
  std::string dir;                 // working directory; empty: ours
  int stderr_fd = -1;              // where the engine's stderr goes; -1: /dev/null
};

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts the program. Throws ProcessError if the pipes or the fork fail; a program that cannot be
  // executed exits at once with code 127, which the first read sees as the end of output.
  explicit ChildProcess(const LaunchSpec& spec);
  ~ChildProcess();  // kill() and reap
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }

  // Writes the line and a newline, waiting until `deadline` if the pipe is full. False if the child no
  // longer reads (it exited or closed stdin) or the deadline passed.
  bool write_line(std::string_view line, Clock::time_point deadline);

  enum class ReadStatus { Line, Timeout, Closed, Interrupted };
  // The next line of stdout (without the line end) into `line`. Waits until `deadline`; returns
  // Interrupted as soon as `interrupt_fd` (if not -1) becomes readable, Closed at the end of output.
  ReadStatus read_line(std::string& line, Clock::time_point deadline, int interrupt_fd = -1);

  // Whether the process has exited (reaping it if so).
  bool exited();
  // Waits until the process exits, at most until `deadline`; true if it has.
  bool wait_exit(Clock::time_point deadline);
  // SIGKILL to the process group, then reaps the process. Safe to call more than once.
  void kill();

 private:
  pid_t pid_ = -1;
  bool reaped_ = false;
  int stdin_fd_ = -1;
  int stdout_fd_ = -1;
  std::string buffer_;  // read but not yet returned
  bool eof_ = false;
};

}  // namespace jiang::match
