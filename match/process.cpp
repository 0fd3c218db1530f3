#include "match/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <thread>

namespace jiang::match {
namespace {

// How often wait_exit looks again: short beside any grace period, long beside a system call.
constexpr std::chrono::milliseconds kExitPollInterval{2};

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

int millis_until(ChildProcess::Clock::time_point deadline) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - ChildProcess::Clock::now()).count();
  return int(std::clamp<int64_t>(left, 0, INT32_MAX));
}

// The child's side of the fork: only async-signal-safe calls until exec.
[[noreturn]] void exec_child(const int in[2], const int out[2], int err_fd, const char* dir, char* const argv[]) {
  ::setpgid(0, 0);
  // The match ignores SIGPIPE; the engine gets the default back (exec keeps ignored signals ignored).
  ::signal(SIGPIPE, SIG_DFL);
  ::dup2(in[0], STDIN_FILENO);
  ::dup2(out[1], STDOUT_FILENO);
  if (err_fd >= 0) ::dup2(err_fd, STDERR_FILENO);
  if (dir && ::chdir(dir) != 0) ::_exit(127);
  ::execv(argv[0], argv);
  ::_exit(127);
}

}  // namespace

ChildProcess::ChildProcess(const LaunchSpec& spec) {
  // Close-on-exec from the start: engines started by other threads must not inherit these pipes, or an
  // engine's end of output would never be seen while another holds its write end.
  int in[2], out[2];
  if (::pipe2(in, O_CLOEXEC) != 0) throw ProcessError(std::string("pipe: ") + std::strerror(errno));
  if (::pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]);
    ::close(in[1]);
    throw ProcessError(std::string("pipe: ") + std::strerror(errno));
  }
  const int null_fd = spec.stderr_fd >= 0 ? -1 : ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  std::vector<std::string> strings{spec.program};
  strings.insert(strings.end(), spec.args.begin(), spec.args.end());
  std::vector<char*> argv;
  for (std::string& s : strings) argv.push_back(s.data());
  argv.push_back(nullptr);

  pid_ = ::fork();
  if (pid_ == 0)
    exec_child(in, out, spec.stderr_fd >= 0 ? spec.stderr_fd : null_fd, spec.dir.empty() ? nullptr : spec.dir.c_str(),
               argv.data());
  const int fork_errno = errno;
  // Also from the parent, so that the group exists before any kill() (the child may not have run yet).
  if (pid_ > 0) ::setpgid(pid_, pid_);
  if (null_fd >= 0) ::close(null_fd);
  ::close(in[0]);
  ::close(out[1]);
  stdin_fd_ = in[1];
  stdout_fd_ = out[0];
  if (pid_ < 0) {
    close_fd(stdin_fd_);
    close_fd(stdout_fd_);
    throw ProcessError(std::string("fork: ") + std::strerror(fork_errno));
  }
  ::fcntl(stdin_fd_, F_SETFL, O_NONBLOCK);
}

ChildProcess::~ChildProcess() { kill(); }

bool ChildProcess::write_line(std::string_view line, Clock::time_point deadline) {
  if (stdin_fd_ < 0) return false;
  std::string text(line);
  text += '\n';
  std::string_view rest = text;
  while (!rest.empty()) {
    const ssize_t n = ::write(stdin_fd_, rest.data(), rest.size());
    if (n > 0) {
      rest.remove_prefix(size_t(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN) return false;  // EPIPE: the engine is gone
    pollfd p{stdin_fd_, POLLOUT, 0};
    if (::poll(&p, 1, millis_until(deadline)) == 0) return false;
  }
  return true;
}

ChildProcess::ReadStatus ChildProcess::read_line(std::string& line, Clock::time_point deadline, int interrupt_fd) {
  while (true) {
    if (const size_t nl = buffer_.find('\n'); nl != std::string::npos) {
      line.assign(buffer_, 0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return ReadStatus::Line;
    }
    if (eof_ || stdout_fd_ < 0) return ReadStatus::Closed;
    pollfd p[2] = {{stdout_fd_, POLLIN, 0}, {interrupt_fd, POLLIN, 0}};
    const int ready = ::poll(p, interrupt_fd >= 0 ? 2 : 1, millis_until(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (interrupt_fd >= 0 && (p[1].revents & POLLIN)) return ReadStatus::Interrupted;
    if (ready == 0) return ReadStatus::Timeout;
    char chunk[4096];
    const ssize_t n = ::read(stdout_fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof_ = true;  // a last line without a newline is dropped: an engine's answers end with one
      continue;
    }
    buffer_.append(chunk, size_t(n));
  }
}

bool ChildProcess::exited() {
  if (reaped_) return true;
  // Looked at without reaping first: while the zombie stays, its pid (the group's id) cannot be reused,
  // so the group's leftovers (an engine's helpers) can be killed safely before the reaping.
  siginfo_t info{};
  if (::waitid(P_PID, id_t(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
    reaped_ = errno == ECHILD;
    return reaped_;
  }
  if (info.si_pid != pid_) return false;
  kill();
  return true;
}

bool ChildProcess::wait_exit(Clock::time_point deadline) {
  while (!exited()) {
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(kExitPollInterval);
  }
  return true;
}

void ChildProcess::kill() {
  close_fd(stdin_fd_);
  if (pid_ > 0 && !reaped_) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);  // in case it left its group
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
  }
  close_fd(stdout_fd_);
}

}  // namespace jiang::match
