#include "gui/in_process_backend.h"

#include "engine/wdl.h"
#include "movegen/notation.h"

namespace jiang::gui {
namespace {

EngineLine line_of(const SearchInfo& info) {
  EngineLine line;
  line.multipv = info.multipv == 0 ? 1 : info.multipv;
  line.depth = info.depth;
  line.seldepth = info.seldepth;
  if (is_mate_score(info.score))
    line.mate = mate_moves(info.score);
  else
    line.score_cp = info.score;
  const Wdl wdl = wdl_from_score(info.score);
  line.wdl = std::array<int, 3>{wdl.win, wdl.draw, wdl.loss};
  line.nodes = info.nodes;
  line.time_ms = info.time_ms;
  line.hashfull = info.hashfull;
  for (Move m : info.pv) line.pv.push_back(to_string(m));
  return line;
}

}  // namespace

InProcessBackend::InProcessBackend(int hash_mb) : engine_(hash_mb) {}

SearchResult InProcessBackend::run(const std::string& fen, const std::vector<std::string>& moves,
                                   const SearchLimits& limits, const LineCallback& on_line) {
  SearchResult result;
  {
    const std::lock_guard lock(mutex_);
    if (stopped_) return result;
    engine_.set_position(fen, moves);  // the session checked the moves; a bad one throws to the driver
    SearchCallbacks callbacks;
    callbacks.on_info = [&on_line](const SearchInfo& info) {
      if (info.note.empty() && !info.pv.empty() && on_line) on_line(line_of(info));
    };
    callbacks.on_done = [&result](const SearchResult& r) { result = r; };
    engine_.go(limits, std::move(callbacks));
  }
  engine_.wait();
  return result;
}

std::string InProcessBackend::play(const PlayRequest& request, const LineCallback& on_line) {
  SearchLimits limits;
  limits.time_ms = request.time_ms;
  limits.increment_ms = request.increment_ms;
  limits.movetime_ms = request.movetime_ms;
  limits.nodes = request.nodes;
  limits.skill.level = request.skill_level;
  const SearchResult result = run(request.fen, request.moves, limits, on_line);
  return result.best ? to_string(result.best) : std::string();
}

void InProcessBackend::analyse(const std::string& fen, const std::vector<std::string>& moves, int multipv,
                               const LineCallback& on_line) {
  SearchLimits limits;
  limits.infinite = true;
  limits.multipv = multipv;
  run(fen, moves, limits, on_line);
}

void InProcessBackend::stop() {
  const std::lock_guard lock(mutex_);
  stopped_ = true;
  engine_.stop();
}

void InProcessBackend::rearm() {
  const std::lock_guard lock(mutex_);
  stopped_ = false;
}

bool InProcessBackend::stopped() const {
  const std::lock_guard lock(mutex_);
  return stopped_;
}

}  // namespace jiang::gui
