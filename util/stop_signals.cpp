#include "util/stop_signals.h"

#include <signal.h>
#include <unistd.h>

namespace jiang {
namespace {

// Only lock-free atomics and _exit: the handler must be async-signal-safe.
std::atomic<int> g_signal{0};
std::atomic<bool> g_stop{false};
static_assert(std::atomic<int>::is_always_lock_free);
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_stop_signal(int sig) {
  if (g_signal.exchange(sig) != 0) ::_exit(128 + sig);
  g_stop.store(true);
}

struct sigaction g_old_int {};
struct sigaction g_old_term {};

}  // namespace

StopSignals::StopSignals() {
  g_signal = 0;
  g_stop = false;
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  // Reads and writes in progress go on: the run stops at its own next check, not in a failed call.
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, &g_old_int);
  sigaction(SIGTERM, &action, &g_old_term);
}

StopSignals::~StopSignals() {
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
}

int StopSignals::received() { return g_signal.load(); }

const std::atomic<bool>& StopSignals::flag() { return g_stop; }

}  // namespace jiang
