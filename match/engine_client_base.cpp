#include "match/engine_client_base.h"

namespace jiang::match {
namespace {

using namespace std::chrono_literals;
using SteadyClock = ChildProcess::Clock;

// A line to an engine that does not read its input for this long is not going to be read.
constexpr auto kWriteTimeout = 2s;
// After `quit`, engines free their tables and exit; past this they are killed.
constexpr auto kQuitGrace = 1s;
// An engine that stopped answering, or was stopped mid-search by Ctrl-C, gets less: a hung one would
// only make the match wait, and one that is merely busy stops within this.
constexpr auto kQuitGraceUnanswered = 200ms;

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

}  // namespace

EngineClientBase::EngineClientBase(EngineSpec spec, std::string program, CommLog* log)
    : spec_(std::move(spec)), program_(std::move(program)), log_(log) {}

EngineClientBase::~EngineClientBase() { end_process(); }

bool EngineClientBase::can_start_from(const std::string&) const { return true; }
void EngineClientBase::ponder(const SearchRequest&) {}
bool EngineClientBase::stop_pondering() { return true; }
void EngineClientBase::end_game(GameResult, const std::string&) { stop_pondering(); }

void EngineClientBase::launch() {
  quit();
  process_ = std::make_unique<ChildProcess>(LaunchSpec{program_, spec_.args, spec_.dir, log_ ? log_->fd() : -1});
  log_name_ = spec_.name + "[" + std::to_string(process_->pid()) + "]";
  healthy_ = true;
}

bool EngineClientBase::send(const std::string& line) {
  if (log_) log_->line(log_name_, true, line);
  if (process_ && process_->write_line(line, SteadyClock::now() + kWriteTimeout)) return true;
  healthy_ = false;
  return false;
}

ChildProcess::ReadStatus EngineClientBase::read(std::string& line, SteadyClock::time_point deadline, int interrupt_fd) {
  const ChildProcess::ReadStatus status = process_->read_line(line, deadline, interrupt_fd);
  if (status == ChildProcess::ReadStatus::Line && log_) log_->line(log_name_, false, line);
  return status;
}

ChildProcess::ReadStatus EngineClientBase::read_until(const std::vector<std::string>& words,
                                                      SteadyClock::time_point deadline, int interrupt_fd) {
  std::string line;
  ChildProcess::ReadStatus status;
  while ((status = read(line, deadline, interrupt_fd)) == ChildProcess::ReadStatus::Line)
    for (const std::string& word : words)
      if (line == word || starts_with(line, word + " ")) return status;
  return status;
}

bool EngineClientBase::wait_for(const std::vector<std::string>& words, std::chrono::milliseconds timeout,
                                int interrupt_fd) {
  return read_until(words, SteadyClock::now() + timeout, interrupt_fd) == ChildProcess::ReadStatus::Line;
}

void EngineClientBase::discard_pending() {
  std::string line;
  while (read(line, SteadyClock::now(), -1) == ChildProcess::ReadStatus::Line) {
  }
}

void EngineClientBase::quit() {
  end_process();
  forget_state();
}

void EngineClientBase::end_process() {
  if (!process_) return;
  const auto grace = healthy_ ? kQuitGrace : kQuitGraceUnanswered;
  if (!process_->exited() && send("quit")) process_->wait_exit(SteadyClock::now() + grace);
  process_.reset();  // kills what is left and reaps
  healthy_ = false;
}

}  // namespace jiang::match
