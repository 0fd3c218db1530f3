#include "util/stop_signals.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace jiang {
namespace {

// Only lock-free atomics, write() and _exit: the handler must be async-signal-safe.
std::atomic<int> g_signal{0};
std::atomic<bool> g_stop{false};
std::atomic<int> g_wake_fd{-1};
static_assert(std::atomic<int>::is_always_lock_free);
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_stop_signal(int sig) {
  if (g_signal.exchange(sig) != 0) ::_exit(128 + sig);
  g_stop.store(true);
  const int fd = g_wake_fd.load();
  if (fd >= 0) {
    const char byte = 1;
    [[maybe_unused]] const ssize_t n = ::write(fd, &byte, 1);
  }
}

// Sets `handler` for `sig`, keeping the old action in `old`. Reads and writes in progress go on
// (SA_RESTART): the run stops at its own next check, not in a failed call.
void install(int sig, void (*handler)(int), struct sigaction& old) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(sig, &action, &old);
}

void mask_stop_signals(int how) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(how, &set, nullptr);
}

// After the handlers are in place: a stop signal held until now (by hold_stop_signals, or blocked by
// the parent) is taken now, by the handler.
void unblock_stop_signals() { mask_stop_signals(SIG_UNBLOCK); }

}  // namespace

void hold_stop_signals() { mask_stop_signals(SIG_BLOCK); }

void release_stop_signals() { mask_stop_signals(SIG_UNBLOCK); }

StopPipe::StopPipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  read_fd_ = fds[0];
  write_fd_ = fds[1];
}

StopPipe::~StopPipe() {
  ::close(read_fd_);
  ::close(write_fd_);
}

void StopPipe::raise() const {
  const char byte = 1;
  // Non-blocking: once the pipe holds a byte it is raised, and a full pipe is raised all the more.
  [[maybe_unused]] const ssize_t n = ::write(write_fd_, &byte, 1);
}

bool StopPipe::raised() const {
  pollfd p{read_fd_, POLLIN, 0};
  return ::poll(&p, 1, 0) > 0;
}

StopSignals::StopSignals() {
  g_signal = 0;
  g_stop = false;
  install(SIGINT, on_stop_signal, old_int_);
  install(SIGTERM, on_stop_signal, old_term_);
  unblock_stop_signals();
}

StopSignals::StopSignals(const StopPipe& pipe) : pipe_(true) {
  g_signal = 0;
  g_stop = false;
  g_wake_fd = pipe.write_fd();
  install(SIGINT, on_stop_signal, old_int_);
  install(SIGTERM, on_stop_signal, old_term_);
  install(SIGPIPE, SIG_IGN, old_pipe_);
  unblock_stop_signals();
}

StopSignals::~StopSignals() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
  if (pipe_) sigaction(SIGPIPE, &old_pipe_, nullptr);
  g_wake_fd = -1;
}

int StopSignals::received() { return g_signal.load(); }

const std::atomic<bool>& StopSignals::flag() { return g_stop; }

}  // namespace jiang
