#include "match/stop.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace jiang::match {
namespace {

// A signal handler can reach only globals. These two are set by SignalRoute alone (one match at a time)
// and read by the handler.
std::atomic<int> g_stop_fd{-1};
std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void on_match_stop_signal(int sig) {
  if (g_signal.exchange(sig) != 0) ::_exit(128 + sig);
  const char byte = 1;
  [[maybe_unused]] const ssize_t n = ::write(g_stop_fd.load(), &byte, 1);
}

// Sets `handler` for `sig`, keeping the old action in `old`. Interrupted system calls restart: every
// wait in the match has its own deadline or polls the stop pipe.
void install(int sig, void (*handler)(int), struct sigaction& old) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(sig, &action, &old);
}

}  // namespace

StopSignal::StopSignal() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  read_fd_ = fds[0];
  write_fd_ = fds[1];
}

StopSignal::~StopSignal() {
  ::close(read_fd_);
  ::close(write_fd_);
}

void StopSignal::raise() const {
  const char byte = 1;
  // Non-blocking: once the pipe holds a byte it is raised, and a full pipe is raised all the more.
  [[maybe_unused]] const ssize_t n = ::write(write_fd_, &byte, 1);
}

bool StopSignal::raised() const {
  pollfd p{read_fd_, POLLIN, 0};
  return ::poll(&p, 1, 0) > 0;
}

SignalRoute::SignalRoute(const StopSignal& stop) {
  g_signal = 0;
  g_stop_fd = stop.write_fd();
  install(SIGINT, on_match_stop_signal, old_int_);
  install(SIGTERM, on_match_stop_signal, old_term_);
  install(SIGPIPE, SIG_IGN, old_pipe_);
}

SignalRoute::~SignalRoute() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
  sigaction(SIGPIPE, &old_pipe_, nullptr);
  g_stop_fd = -1;
}

int SignalRoute::signal() const { return g_signal.load(); }

}  // namespace jiang::match
