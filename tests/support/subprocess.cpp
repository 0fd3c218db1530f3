#include "tests/support/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace jiang::testing {
namespace {

using Clock = std::chrono::steady_clock;

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

Subprocess::Subprocess(const std::string& program, const std::vector<std::string>& args) {
  // Writing to a child that has exited must fail with EPIPE, not kill the test runner.
  ::signal(SIGPIPE, SIG_IGN);
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  std::vector<std::string> argv_strings{program};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);

  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid_ == 0) {
    // The child: only async-signal-safe calls until exec.
    ::dup2(in[0], STDIN_FILENO);
    ::dup2(out[1], STDOUT_FILENO);
    ::dup2(err[1], STDERR_FILENO);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  stdin_fd_ = in[1];
  stdout_fd_ = out[0];
  stderr_fd_ = err[0];
  ::fcntl(stderr_fd_, F_SETFL, O_NONBLOCK);
}

Subprocess::~Subprocess() {
  close_fd(stdin_fd_);
  if (!exit_status_ && pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  close_fd(stdout_fd_);
  close_fd(stderr_fd_);
}

bool Subprocess::send(std::string_view line) {
  if (stdin_fd_ < 0) return false;
  std::string text(line);
  text += '\n';
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(stdin_fd_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

void Subprocess::close_stdin() { close_fd(stdin_fd_); }

std::optional<std::string> Subprocess::read_line(Millis timeout) {
  const auto deadline = Clock::now() + timeout;
  while (true) {
    if (const size_t nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (eof_) return std::nullopt;
    const auto left = std::chrono::duration_cast<Millis>(deadline - Clock::now()).count();
    if (left <= 0) return std::nullopt;
    pollfd p{stdout_fd_, POLLIN, 0};
    const int ready = ::poll(&p, 1, int(left));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return std::nullopt;
    char chunk[4096];
    const ssize_t n = ::read(stdout_fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof_ = true;
      continue;
    }
    buffer_.append(chunk, size_t(n));
  }
}

std::optional<std::string> Subprocess::read_until(std::string_view prefix, Millis timeout,
                                                  std::vector<std::string>* seen) {
  const auto deadline = Clock::now() + timeout;
  while (true) {
    const auto left = std::chrono::duration_cast<Millis>(deadline - Clock::now());
    std::optional<std::string> line = read_line(std::max(left, Millis(0)));
    if (!line) return std::nullopt;
    if (seen) seen->push_back(*line);
    if (line->rfind(prefix, 0) == 0) return line;
  }
}

std::optional<int> Subprocess::wait_exit(Millis timeout) {
  if (exit_status_) return exit_status_;
  const auto deadline = Clock::now() + timeout;
  while (true) {
    int status = 0;
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      return exit_status_;
    }
    if (r < 0 && errno != EINTR) return std::nullopt;
    if (Clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(Millis(2));
  }
}

std::string Subprocess::read_stderr() {
  std::string text;
  char chunk[4096];
  while (stderr_fd_ >= 0) {
    const ssize_t n = ::read(stderr_fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(chunk, size_t(n));
  }
  return text;
}

}  // namespace jiang::testing
