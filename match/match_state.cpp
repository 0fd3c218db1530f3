#include "match/match_state.h"

#include <unistd.h>

#include <cstdio>
#include <ctime>

#include "util/atomic_file.h"

namespace jiang::match {
namespace {

std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char buffer[16];
  std::strftime(buffer, sizeof buffer, "%Y.%m.%d", &local);
  return buffer;
}

std::string host_name() {
  char buffer[256] = {};
  if (::gethostname(buffer, sizeof buffer - 1) != 0) return "?";
  return buffer;
}

std::string time_control_tag(const MoveBudget& b) {
  return b.clock ? to_string(b.tc) : "-";  // PGN: "-" for no time control (nodes or depth per move)
}

std::vector<std::string> names_of(const std::vector<EngineSpec>& engines) {
  std::vector<std::string> names;
  for (const EngineSpec& e : engines) names.push_back(e.name);
  return names;
}

// The result for the engine with Red (`red_is_first`) or Black.
Outcome outcome_for(GameResult result, bool red) {
  if (result == GameResult::Draw) return Outcome::Draw;
  return (result == GameResult::RedWins) == red ? Outcome::Win : Outcome::Loss;
}

}  // namespace

MatchState::MatchState(const MatchSettings& s, const Schedule& schedule, const StopPipe& stop, PgnFile* pgn,
                       std::string fingerprint)
    : s_(s),
      schedule_(schedule),
      stop_(stop),
      pgn_(pgn),
      finished_(schedule.games.size(), false),
      outcomes_(schedule.games.size()),
      standings_(names_of(s.engines)),
      context_{{s.engines[0].name, s.engines[1].name}, s.sprt} {
  tags_.site = host_name();
  tags_.date = today();
  state_.fingerprint = std::move(fingerprint);
  state_.engines = names_of(s.engines);
  state_.restarts.assign(s.engines.size(), 0);
  if (pgn_) state_.pgn_bytes = pgn_->size();
}

void MatchState::resume(const TournamentState& state) {
  const std::lock_guard lock(mutex_);
  state_.restarts = state.restarts;
  for (size_t e = 0; e < state.restarts.size(); ++e)
    for (int r = 0; r < state.restarts[e]; ++r) standings_.add_restart(int(e));
  for (const FinishedGame& g : state.games) {
    state_.games.push_back(g);
    record(g, false);
  }
  state_.pgn_bytes = state.pgn_bytes;
}

std::optional<int> MatchState::next_game() {
  const std::lock_guard lock(mutex_);
  while (next_ < finished_.size() && finished_[next_]) ++next_;
  if (next_ >= finished_.size() || stop_.raised()) return std::nullopt;
  return int(next_++);
}

void MatchState::finish_game(int number, const GameOutcome& g) {
  const std::lock_guard lock(mutex_);
  const ScheduledGame& scheduled = schedule_.games[size_t(number)];
  const FinishedGame f{number, scheduled.red, scheduled.black, g.result, g.reason, g.ending, g.culprit,
                       {g.overruns[Red], g.overruns[Black]}};
  if (g.culprit && !g.detail.empty()) std::fprintf(stderr, "jiang match: game %d: %s\n", number + 1, g.detail.c_str());
  if (pgn_) {
    PgnTags tags = tags_;
    tags.round = number + 1;
    tags.red = s_.engines[size_t(f.red)].name;
    tags.black = s_.engines[size_t(f.black)].name;
    for (Color c : {Red, Black}) {
      const EngineSpec& engine = s_.engines[size_t(c == Red ? f.red : f.black)];
      tags.time_control[c] = time_control_tag(engine.budget ? *engine.budget : s_.rules.budget);
    }
    if (!pgn_->append(format_pgn(tags, g)) && !pgn_failed_) {
      std::fprintf(stderr, "jiang match: writing the PGN failed; the match goes on without it (and cannot be resumed)\n");
      pgn_failed_ = true;
    }
    state_.pgn_bytes = pgn_->size();
  }
  state_.games.push_back(f);
  save();  // after the game is in the PGN: a state never counts a game the PGN lacks
  record(f, true);
}

void MatchState::record(const FinishedGame& f, bool live) {
  finished_[size_t(f.number)] = true;
  standings_.add(f);
  if (is_match()) {
    const Outcome first = outcome_for(f.result, f.red == 0);
    outcomes_[size_t(f.number)] = first;
    tally_.add_game(first, f.reason);
    const int pair = f.number / 2;  // one pairing: a pair's games are numbered 2p and 2p + 1
    if (outcomes_[size_t(2 * pair)] && outcomes_[size_t(2 * pair + 1)]) finish_pair(pair, live);
  } else if (live && standings_.games() % (2 * s_.progress_every) == 0) {
    std::printf("games %d of %zu, %.1f games/min\n", standings_.games(), finished_.size(),
                minutes() > 0 ? standings_.games() / minutes() : 0.0);
    std::fflush(stdout);
  }
}

void MatchState::finish_pair(int pair, bool live) {
  tally_.pairs.add(*outcomes_[size_t(2 * pair)], *outcomes_[size_t(2 * pair + 1)]);
  if (live && tally_.pairs.pairs() % s_.progress_every == 0) {
    std::printf("%s\n", progress_line(tally_, context_, minutes()).c_str());
    std::fflush(stdout);
  }
  if (s_.sprt && sprt_verdict(sprt_llr(tally_.pairs, *s_.sprt), sprt_bounds(*s_.sprt)) != SprtVerdict::Continue)
    stop_.raise();  // decided: the games still running are abandoned
}

void MatchState::save() {
  if (!pgn_ || pgn_failed_) return;
  try {
    save_state(state_path(s_.pgn_path), state_);
  } catch (const FileWriteError& e) {
    std::fprintf(stderr, "jiang match: %s; the match goes on but cannot be resumed\n", e.what());
    pgn_failed_ = true;
  }
}

void MatchState::count_restart(int engine) {
  const std::lock_guard lock(mutex_);
  standings_.add_restart(engine);
  ++state_.restarts[size_t(engine)];
}

void MatchState::count_abandoned() {
  const std::lock_guard lock(mutex_);
  ++abandoned_;
}

void MatchState::fail(const std::string& message) {
  const std::lock_guard lock(mutex_);
  std::fprintf(stderr, "jiang match: %s; stopping the match\n", message.c_str());
  broken_ = true;
  stop_.raise();
}

double MatchState::minutes() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() / 60;
}

void MatchState::print_summary() const {
  std::vector<std::string> lines;
  if (is_match()) {
    Tally t = tally_;
    for (int e = 0; e < 2; ++e) t.incidents[size_t(e)] = standings_.incidents()[size_t(e)];
    lines = summary_lines(t, context_, minutes(), abandoned_);
  } else {
    char head[128];
    std::snprintf(head, sizeof head, "%d games of %zu in %.1f min", standings_.games(), finished_.size(), minutes());
    lines.push_back(std::string(head) + (abandoned_ ? ", " + std::to_string(abandoned_) + " abandoned unfinished" : ""));
    for (const std::string& line : standings_.table(s_.anchor)) lines.push_back(line);
  }
  for (const std::string& line : lines) std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

}  // namespace jiang::match
