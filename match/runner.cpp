#include "match/runner.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "match/comm_log.h"
#include "match/engine_client_base.h"
#include "match/match_state.h"
#include "match/pgn.h"
#include "util/fingerprint.h"
#include "util/stop_signals.h"

namespace jiang::match {
namespace {

// A game thread's engines, by engine index: started when a game first needs them (every one at once for
// the first thread, so that a bad spec is found before any game), kept between games.
class EngineSet {
 public:
  EngineSet(const MatchSettings& s, const std::vector<std::string>& programs, CommLog* log) : s_(s), programs_(programs), log_(log) {
    clients_.resize(s.engines.size());
  }
  ~EngineSet() { quit(); }

  // The engine, started if it was not. Throws what EngineClientBase::start throws.
  EngineClientBase& get(int e, int interrupt_fd) {
    auto& client = clients_[size_t(e)];
    if (!client) {
      EngineSpec spec = s_.engines[size_t(e)];
      if (!spec.budget) spec.budget = s_.rules.budget;  // each client knows its limit (XBoard's level, nps)
      client = make_engine_client(spec, programs_[size_t(e)], log_);
      client->start(interrupt_fd);
    }
    return *client;
  }
  void quit() {
    for (auto& client : clients_)
      if (client) client->quit();
  }

 private:
  const MatchSettings& s_;
  const std::vector<std::string>& programs_;
  CommLog* log_;
  std::vector<std::unique_ptr<EngineClientBase>> clients_;
};

// After a game: an engine that is not answering is brought back (UCI's stop and isready, XBoard's force
// and ping), or restarted. False if a restart failed (the match has been stopped).
bool restore(EngineClientBase& engine, int index, MatchState& match, const StopPipe& stop) {
  if (engine.healthy() || engine.recover(stop.fd())) return true;
  if (stop.raised()) return false;
  match.count_restart(index);
  try {
    engine.start(stop.fd());
  } catch (const std::exception& error) {
    if (!stop.raised()) match.fail("cannot restart " + engine.name() + ": " + error.what());
    return false;
  }
  return true;
}

// A game thread: plays the games it is handed, then ends its engines.
void play_games(const MatchSettings& s, const Schedule& schedule, EngineSet& engines, MatchState& match,
                const StopPipe& stop) {
  while (const std::optional<int> number = match.next_game()) {
    const ScheduledGame& game = schedule.games[size_t(*number)];
    std::array<EngineClientBase*, kColors> players{};
    try {
      players = {&engines.get(game.red, stop.fd()), &engines.get(game.black, stop.fd())};
    } catch (const std::exception& error) {
      if (!stop.raised()) match.fail(std::string("cannot start an engine: ") + error.what());
      break;
    }
    const Opening& opening = s.openings[size_t(game.opening)];
    GameOutcome g = play_game(opening, players, s.rules, stop.fd());
    // An engine that died or stopped answering between games (an XBoard engine may exit on a move that
    // crossed its claim) is restarted, and the game played once more before anyone loses it.
    if (g.unprepared && !g.abandoned && restore(*players[Red], game.red, match, stop) &&
        restore(*players[Black], game.black, match, stop))
      g = play_game(opening, players, s.rules, stop.fd());
    if (g.abandoned) {
      match.count_abandoned();
      break;
    }
    match.finish_game(*number, g);
    if (!restore(*players[Red], game.red, match, stop) || !restore(*players[Black], game.black, match, stop)) break;
  }
  engines.quit();
}

// The engines' programs as exec finds them; their working directories must exist. Throws SpecError.
std::vector<std::string> resolve_programs(const MatchSettings& s) {
  std::vector<std::string> programs;
  for (const EngineSpec& spec : s.engines) {
    programs.push_back(resolve_program(spec.program));
    std::error_code ec;
    if (!spec.dir.empty() && !std::filesystem::is_directory(spec.dir, ec))
      throw SpecError(spec.name + ": dir '" + spec.dir + "' is not a directory");
  }
  return programs;
}

// Starts every engine of the first game thread and checks that each can be given every opening (an
// XBoard engine without setboard starts only from the initial position). Throws what start throws.
void check_engines(const MatchSettings& s, EngineSet& first, int interrupt_fd) {
  for (int e = 0; e < int(s.engines.size()); ++e) {
    const EngineClientBase& engine = first.get(e, interrupt_fd);
    for (const Opening& opening : s.openings)
      if (!engine.can_start_from(opening.fen))
        throw EngineError(engine.name() + ": the engine has no setboard, so its games must start from the initial "
                                          "position (give openings as PGN from it), and the opening '" + opening.fen +
                          "' does not");
  }
}

// Opens the PGN, cut back to what the state counts when resuming; loads that state. Throws on bad input.
std::unique_ptr<PgnFile> open_pgn(const MatchSettings& s, const std::string& fingerprint,
                                  std::optional<TournamentState>& resumed) {
  if (s.pgn_path.empty()) {
    if (s.resume) throw std::invalid_argument("--resume needs --pgn: the state is kept beside the PGN");
    return nullptr;
  }
  if (s.resume) {
    resumed = load_state(state_path(s.pgn_path));
    if (resumed->fingerprint != fingerprint)
      throw StateError("the state " + state_path(s.pgn_path).string() +
                       " is of another match or tournament (other engines, limits, games or openings)");
    std::error_code ec;
    const auto size = std::filesystem::file_size(s.pgn_path, ec);
    if (ec || int64_t(size) < resumed->pgn_bytes)
      throw StateError("the PGN " + s.pgn_path + " is shorter than its state says: it was changed since");
    std::filesystem::resize_file(s.pgn_path, uintmax_t(resumed->pgn_bytes));  // a game written but not counted
  }
  return std::make_unique<PgnFile>(s.pgn_path);
}

int interrupted_code() { return StopSignals::received() ? 128 + StopSignals::received() : kMatchDone; }

}  // namespace

std::string settings_fingerprint(const MatchSettings& s) {
  std::ostringstream text;
  const auto budget = [&](const MoveBudget& b) {
    text << '|' << b.clock << to_string(b.tc) << '/' << b.nodes << '/' << b.depth;
  };
  text << s.tournament << '/' << int(s.kind) << '/' << s.games;
  for (const EngineSpec& e : s.engines) {
    text << '|' << e.name << '|' << e.program << '|' << e.dir << '|' << int(e.dialect) << e.ponder;
    for (const std::string& a : e.args) text << '|' << a;
    for (const auto& [name, value] : e.options) text << '|' << name << '=' << value;
    if (e.budget) budget(*e.budget);
  }
  budget(s.rules.budget);
  const AdjudicationRules& a = s.rules.adjudication;
  text << '|' << s.rules.time_margin.count() << '|' << a.max_plies;
  if (a.resign) text << "|r" << a.resign->movecount << ',' << a.resign->score;
  if (a.draw) text << "|d" << a.draw->movenumber << ',' << a.draw->movecount << ',' << a.draw->score;
  for (const Opening& o : s.openings) {
    text << '|' << o.fen;
    for (const std::string& m : o.moves) text << ' ' << m;
  }
  return hex64(fnv1a(text.str()));
}

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
  const std::string fingerprint = settings_fingerprint(s);
  std::vector<std::string> programs;
  std::unique_ptr<PgnFile> pgn;
  std::unique_ptr<CommLog> log;
  std::optional<TournamentState> resumed;
  try {
    if (s.openings.empty()) throw std::invalid_argument("no openings to play");
    if (s.engines.size() < 2) throw std::invalid_argument("a match needs two engines");
    if (!s.anchor.name.empty() && std::none_of(s.engines.begin(), s.engines.end(), [&](const EngineSpec& e) { return e.name == s.anchor.name; }))
      throw std::invalid_argument("--anchor: no engine is named '" + s.anchor.name + "'");
    programs = resolve_programs(s);
    pgn = open_pgn(s, fingerprint, resumed);
    if (!s.log_path.empty()) log = std::make_unique<CommLog>(s.log_path);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "jiang match: %s\n", e.what());
    return kMatchBadInput;
  }
  const Schedule schedule = make_schedule(s.kind, int(s.engines.size()), s.games, int(s.openings.size()));
  std::vector<std::unique_ptr<EngineSet>> sets;
  for (int t = 0; t < std::min<int>(s.concurrency, int(schedule.games.size())); ++t)
    sets.push_back(std::make_unique<EngineSet>(s, programs, log.get()));
  try {
    check_engines(s, *sets.front(), stop.fd());
  } catch (const std::exception& e) {
    if (StopSignals::received()) return interrupted_code();
    std::fprintf(stderr, "jiang match: %s\n", e.what());
    return kMatchBadInput;
  }
  MatchState match(s, schedule, stop, pgn.get(), fingerprint);
  if (resumed) {
    match.resume(*resumed);
    std::printf("resuming: %zu of %zu games already played\n", resumed->games.size(), schedule.games.size());
  }
  std::vector<std::thread> threads;
  for (auto& set : sets)
    threads.emplace_back(play_games, std::cref(s), std::cref(schedule), std::ref(*set), std::ref(match), std::cref(stop));
  for (std::thread& t : threads) t.join();
  if (StopSignals::received())
    std::printf("interrupted by %s: the games finished so far\n", StopSignals::received() == SIGINT ? "SIGINT" : "SIGTERM");
  match.print_summary();
  if (StopSignals::received()) return interrupted_code();
  return match.broken() ? kMatchBroken : kMatchDone;
}

}  // namespace jiang::match
