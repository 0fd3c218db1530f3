#include "match/runner.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "match/comm_log.h"
#include "match/engine_client_base.h"
#include "match/pgn.h"
#include "match/tally.h"
#include "util/stop_signals.h"

namespace jiang::match {
namespace {

using SteadyClock = std::chrono::steady_clock;

// A game thread's two engines, by engine index (the order of --engine).
using Seat = std::array<std::unique_ptr<EngineClientBase>, 2>;

// Engine 0 has Red in the first game of each pair and Black in the second.
int red_engine(int game) { return game % 2 == 0 ? 0 : 1; }

Outcome first_engine_outcome(int game, GameResult result) {
  if (result == GameResult::Draw) return Outcome::Draw;
  const bool red_won = result == GameResult::RedWins;
  return red_won == (red_engine(game) == 0) ? Outcome::Win : Outcome::Loss;
}

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

// The shared state of a running match: which game is next, the tally, the PGN, the reports. Game
// threads call it between games; everything is under one mutex.
class MatchState {
 public:
  MatchState(const MatchSettings& s, const StopPipe& stop, PgnFile* pgn)
      : s_(s), stop_(stop), pgn_(pgn), results_(size_t(s.games)), context_{{s.engines[0].name, s.engines[1].name}, s.sprt} {
    tags_.site = host_name();
    tags_.date = today();
  }

  // The next game to play, or nothing once all are handed out or the match is stopping.
  std::optional<int> next_game() {
    const std::lock_guard lock(mutex_);
    if (next_ >= s_.games || stop_.raised()) return std::nullopt;
    return next_++;
  }

  void finish_game(int game, const GameOutcome& g);
  void count_restart(int engine) {
    const std::lock_guard lock(mutex_);
    ++tally_.incidents[engine].restarts;
  }
  void count_abandoned() {
    const std::lock_guard lock(mutex_);
    ++abandoned_;
  }
  // The match cannot go on: says why and stops it.
  void fail(const std::string& message) {
    const std::lock_guard lock(mutex_);
    std::fprintf(stderr, "jiang match: %s; stopping the match\n", message.c_str());
    broken_ = true;
    stop_.raise();
  }

  void print_summary() const;
  bool broken() const { return broken_; }

 private:
  void count_incident(int game, const GameOutcome& g);
  void finish_pair(int pair);
  double minutes() const { return std::chrono::duration<double>(SteadyClock::now() - start_).count() / 60; }

  const MatchSettings& s_;
  const StopPipe& stop_;
  PgnFile* pgn_;
  PgnTags tags_;
  std::mutex mutex_;
  int next_ = 0;
  std::vector<std::optional<Outcome>> results_;  // the first engine's, by game
  Tally tally_;
  ReportContext context_;
  int abandoned_ = 0;
  bool broken_ = false;
  bool pgn_failed_ = false;
  SteadyClock::time_point start_ = SteadyClock::now();
};

void MatchState::finish_game(int game, const GameOutcome& g) {
  const std::lock_guard lock(mutex_);
  const Outcome first = first_engine_outcome(game, g.result);
  results_[game] = first;
  tally_.add_game(first, g.reason);
  count_incident(game, g);
  if (pgn_) {
    PgnTags tags = tags_;
    tags.round = game + 1;
    tags.red = s_.engines[red_engine(game)].name;
    tags.black = s_.engines[1 - red_engine(game)].name;
    for (Color c : {Red, Black}) {
      const EngineSpec& engine = s_.engines[c == Red ? red_engine(game) : 1 - red_engine(game)];
      tags.time_control[c] = time_control_tag(engine.budget ? *engine.budget : s_.rules.budget);
    }
    if (!pgn_->append(format_pgn(tags, g)) && !pgn_failed_) {
      std::fprintf(stderr, "jiang match: writing the PGN failed; the match goes on without it\n");
      pgn_failed_ = true;
    }
  }
  const int pair = game / 2;
  if (results_[2 * pair] && results_[2 * pair + 1]) finish_pair(pair);
}

void MatchState::count_incident(int game, const GameOutcome& g) {
  for (Color c : {Red, Black}) tally_.incidents[c == Red ? red_engine(game) : 1 - red_engine(game)].overruns += g.overruns[c];
  if (!g.culprit) return;
  const int engine = *g.culprit == Red ? red_engine(game) : 1 - red_engine(game);
  EngineIncidents& i = tally_.incidents[engine];
  if (g.ending == Ending::TimeForfeit) ++i.time_forfeits;
  if (g.ending == Ending::IllegalMove) ++i.illegal_moves;
  if (g.ending == Ending::Crash) ++i.crashes;
  if (g.ending == Ending::Hang) ++i.hangs;
  if (g.ending == Ending::FalseClaim) ++i.false_claims;
  if (!g.detail.empty()) std::fprintf(stderr, "jiang match: game %d: %s\n", game + 1, g.detail.c_str());
}

void MatchState::finish_pair(int pair) {
  tally_.pairs.add(*results_[2 * pair], *results_[2 * pair + 1]);
  if (tally_.pairs.pairs() % s_.progress_every == 0) {
    std::printf("%s\n", progress_line(tally_, context_, minutes()).c_str());
    std::fflush(stdout);
  }
  if (s_.sprt && sprt_verdict(sprt_llr(tally_.pairs, *s_.sprt), sprt_bounds(*s_.sprt)) != SprtVerdict::Continue)
    stop_.raise();  // decided: the games still running are abandoned
}

void MatchState::print_summary() const {
  for (const std::string& line : summary_lines(tally_, context_, minutes(), abandoned_)) std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

// After a game: an engine that is not answering is brought back by `stop` and isready, or restarted.
// False if a restart failed (the match has been stopped).
bool restore(Seat& seat, MatchState& match, const StopPipe& stop) {
  for (int e = 0; e < 2; ++e) {
    if (seat[e]->healthy() || seat[e]->recover(stop.fd())) continue;
    if (stop.raised()) return false;
    match.count_restart(e);
    try {
      seat[e]->start(stop.fd());
    } catch (const std::exception& error) {
      if (!stop.raised()) match.fail("cannot restart " + seat[e]->name() + ": " + error.what());
      return false;
    }
  }
  return true;
}

// A game thread: plays the games it is handed with its own two engines, then ends them.
void play_games(const MatchSettings& s, Seat& seat, MatchState& match, const StopPipe& stop) {
  while (const std::optional<int> game = match.next_game()) {
    const int red = red_engine(*game);
    const std::array<EngineClientBase*, kColors> players{seat[red].get(), seat[1 - red].get()};
    const std::string& opening = s.openings[size_t(*game / 2) % s.openings.size()];
    const GameOutcome g = play_game(opening, players, s.rules, stop.fd());
    if (g.abandoned) {
      match.count_abandoned();
      break;
    }
    match.finish_game(*game, g);
    if (!restore(seat, match, stop)) break;
  }
  for (auto& engine : seat) engine->quit();
}

// Starts every game thread's engines, each spec with its limit (its own, or the match's). Throws what
// EngineClientBase::start throws.
std::vector<Seat> start_seats(const MatchSettings& s, const std::array<std::string, 2>& programs, CommLog* log,
                              const StopPipe& stop) {
  std::vector<Seat> seats(size_t(std::min(s.concurrency, s.games)));
  for (Seat& seat : seats) {
    for (int e = 0; e < 2; ++e) {
      EngineSpec spec = s.engines[e];
      if (!spec.budget) spec.budget = s.rules.budget;
      seat[e] = make_engine_client(spec, programs[e], log);
      seat[e]->start(stop.fd());
    }
  }
  // An engine that cannot be given an opening (an XBoard engine without setboard) is found before any game.
  for (int e = 0; e < 2; ++e)
    for (const std::string& opening : s.openings)
      if (!seats.front()[e]->can_start_from(opening))
        throw EngineError(s.engines[e].name + ": the engine has no setboard, so its games must start from the initial "
                                              "position, and the opening '" + opening + "' does not");
  return seats;
}

// The engines' programs as exec finds them; their working directories must exist. Throws SpecError.
std::array<std::string, 2> resolve_programs(const MatchSettings& s) {
  std::array<std::string, 2> programs;
  for (int e = 0; e < 2; ++e) {
    const EngineSpec& spec = s.engines[e];
    programs[e] = resolve_program(spec.program);
    std::error_code ec;
    if (!spec.dir.empty() && !std::filesystem::is_directory(spec.dir, ec))
      throw SpecError(spec.name + ": dir '" + spec.dir + "' is not a directory");
  }
  return programs;
}

int interrupted_code() { return StopSignals::received() ? 128 + StopSignals::received() : kMatchDone; }

}  // namespace

int run_match(const MatchSettings& s) {
  // The guard first: a signal while the files open or the engines start stops the match cleanly.
  std::unique_ptr<StopPipe> stop_pipe;
  try {
    stop_pipe = std::make_unique<StopPipe>();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "jiang match: %s\n", e.what());
    return kMatchBroken;
  }
  const StopPipe& stop = *stop_pipe;
  const StopSignals signals(stop);
  std::array<std::string, 2> programs;
  std::unique_ptr<PgnFile> pgn;
  std::unique_ptr<CommLog> log;
  try {
    if (s.openings.empty()) throw std::invalid_argument("no openings to play");
    programs = resolve_programs(s);
    if (!s.pgn_path.empty()) pgn = std::make_unique<PgnFile>(s.pgn_path);
    if (!s.log_path.empty()) log = std::make_unique<CommLog>(s.log_path);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "jiang match: %s\n", e.what());
    return kMatchBadInput;
  }
  std::vector<Seat> seats;
  try {
    seats = start_seats(s, programs, log.get(), stop);
  } catch (const std::exception& e) {
    if (StopSignals::received()) return interrupted_code();
    std::fprintf(stderr, "jiang match: %s\n", e.what());
    return kMatchBadInput;
  }
  MatchState match(s, stop, pgn.get());
  std::vector<std::thread> threads;
  for (Seat& seat : seats) threads.emplace_back(play_games, std::cref(s), std::ref(seat), std::ref(match), std::cref(stop));
  for (std::thread& t : threads) t.join();
  if (StopSignals::received()) std::printf("interrupted by %s: the games finished so far\n", StopSignals::received() == SIGINT ? "SIGINT" : "SIGTERM");
  match.print_summary();
  if (StopSignals::received()) return interrupted_code();
  return match.broken() ? kMatchBroken : kMatchDone;
}

}  // namespace jiang::match
