// A child process with pipes to its stdin, stdout and stderr, for conversation tests of the real
// `jiang` executable: write lines, read lines with a timeout, and a kill on destruction.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jiang::testing {

class Subprocess {
 public:
  using Millis = std::chrono::milliseconds;

  // Starts `program` with `args` (argv[1]...). Throws std::runtime_error if it cannot be started.
  Subprocess(const std::string& program, const std::vector<std::string>& args = {});
  ~Subprocess();  // SIGKILL if still running, then reaps it
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  // Writes text and a newline to the child's stdin. False if the child no longer reads (a closed pipe).
  bool send(std::string_view line);
  void close_stdin();

  // The next line of stdout (without the newline), or nothing if none comes within the timeout or the
  // child closed its stdout.
  std::optional<std::string> read_line(Millis timeout);
  // Reads lines until one starts with `prefix` and returns it; nothing on timeout or end of output.
  // Every line read (the matching one included) is appended to `seen` if given.
  std::optional<std::string> read_until(std::string_view prefix, Millis timeout,
                                        std::vector<std::string>* seen = nullptr);
  bool at_eof() const { return eof_; }
  pid_t pid() const { return pid_; }

  // Waits for the child to exit: its exit code, or -1 for a signal, or nothing on timeout.
  std::optional<int> wait_exit(Millis timeout);
  // Everything the child wrote to stderr so far (non-blocking).
  std::string read_stderr();

 private:
  pid_t pid_ = -1;
  int stdin_fd_ = -1;
  int stdout_fd_ = -1;
  int stderr_fd_ = -1;
  std::string buffer_;
  bool eof_ = false;
  std::optional<int> exit_status_;
};

}  // namespace jiang::testing
