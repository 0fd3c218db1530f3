#include "gui/external_backend.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace jiang::gui {
namespace {

// Without clocks an engine is given this many move times on its clock, and one more with each move: it
// then spends about a move time on a move, as engines plan a game.
constexpr int64_t kMovetimesOnClock = 20;
// How long a search may run past the engine's own clock before the client gives up on it: a hang.
constexpr std::chrono::milliseconds kHangMargin{5000};
// How often an analysis looks up from the engine's output to see whether it was stopped.
constexpr std::chrono::milliseconds kFollowSlice{250};

EngineLine line_of(const match::EngineInfo& info) {
  EngineLine line;
  line.multipv = info.multipv == 0 ? 1 : info.multipv;
  line.depth = info.depth;
  line.seldepth = info.seldepth;
  if (info.score && info.score->mate) line.mate = info.score->value;
  else if (info.score) line.score_cp = info.score->value;
  if (info.wdl) line.wdl = std::array<int, 3>{info.wdl->win, info.wdl->draw, info.wdl->loss};
  line.nodes = info.nodes.value_or(0);
  line.time_ms = info.time_ms.value_or(0);
  if (info.nps && line.time_ms == 0) line.time_ms = info.nps ? int64_t(line.nodes * 1000 / std::max<uint64_t>(*info.nps, 1)) : 0;
  line.hashfull = info.hashfull.value_or(-1);
  line.pv = info.pv;
  return line;
}

}  // namespace

ExternalBackend::ExternalBackend(const match::EngineSpec& spec, const std::string& program) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  wake_read_ = fds[0];
  wake_write_ = fds[1];
  client_ = std::make_unique<match::EngineClient>(spec, program, nullptr);
  client_->start(-1);
  if (!client_->new_game(-1)) throw match::EngineError(spec.name + " did not answer isready");
}

ExternalBackend::~ExternalBackend() {
  client_.reset();  // quit, then kill
  close(wake_read_);
  close(wake_write_);
}

void ExternalBackend::listen(const LineCallback& on_line) {
  client_->on_info([on_line](const match::EngineInfo& info) {
    if (info.score && !info.pv.empty() && on_line) on_line(line_of(info));
  });
}

std::string ExternalBackend::play(const PlayRequest& request, const LineCallback& on_line) {
  match::SearchRequest search;
  search.fen = request.fen;
  search.moves = request.moves;
  search.budget.clock = true;
  int64_t longest = 0;
  for (int side = 0; side < 2; ++side) {
    const bool clock = request.time_ms[side] >= 0;
    search.clock.remaining_ms[side] = clock ? request.time_ms[side] : kMovetimesOnClock * request.movetime_ms;
    longest = std::max(longest, search.clock.remaining_ms[side]);
  }
  for (int side = 0; side < 2; ++side)
    search.clock.increment_ms[side] = request.time_ms[side] >= 0 ? request.increment_ms[side] : request.movetime_ms;
  search.clock.to_move = request.to_move;
  search.deadline = std::chrono::milliseconds(longest) + kHangMargin;
  listen(on_line);
  const match::SearchReply reply = client_->search(search, wake_read_);
  client_->on_info({});
  if (reply.status == match::SearchReply::Status::BestMove) return reply.best.move;
  if (reply.status == match::SearchReply::Status::Interrupted || reply.status == match::SearchReply::Status::Timeout)
    client_->recover(-1);
  return "";
}

void ExternalBackend::analyse(const std::string& fen, const std::vector<std::string>& moves, int multipv,
                              const LineCallback& on_line) {
  listen(on_line);
  if (!client_->start_analysis(fen, moves, multipv)) return;
  for (;;) {
    const auto state = client_->follow_analysis(match::ChildProcess::Clock::now() + kFollowSlice, wake_read_);
    if (state == match::EngineClient::AnalysisState::Crashed) break;
    if (state != match::EngineClient::AnalysisState::Running || stopped()) {
      client_->stop_analysis();
      break;
    }
  }
  client_->on_info({});
}

void ExternalBackend::stop() {
  const std::lock_guard lock(mutex_);
  stopped_ = true;
  const char byte = 1;
  [[maybe_unused]] const ssize_t n = write(wake_write_, &byte, 1);
}

void ExternalBackend::rearm() {
  const std::lock_guard lock(mutex_);
  stopped_ = false;
  char buffer[64];
  while (read(wake_read_, buffer, sizeof buffer) > 0) {
  }
}

bool ExternalBackend::stopped() const {
  const std::lock_guard lock(mutex_);
  return stopped_;
}

}  // namespace jiang::gui
