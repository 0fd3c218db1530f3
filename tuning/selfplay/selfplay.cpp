#include "tuning/selfplay/selfplay.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

#include <spdlog/sinks/stdout_sinks.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "engine/score.h"
#include "games/openings.h"
#include "tuning/selfplay/exchange.h"
#include "tuning/selfplay/output_file.h"
#include "tuning/selfplay/positions_file.h"
#include "util/stop_signals.h"

namespace jiang {
namespace {

using selfplay::Coordinator;
using selfplay::Decision;
using selfplay::Finished;
using selfplay::Report;
using selfplay::Writer;

std::string duration_text(double seconds) {
  const long s = long(seconds + 0.5);
  char buffer[32];
  if (s >= 3600)
    std::snprintf(buffer, sizeof buffer, "%ldh%02ldm", s / 3600, s / 60 % 60);
  else if (s >= 60)
    std::snprintf(buffer, sizeof buffer, "%ldm%02lds", s / 60, s % 60);
  else
    std::snprintf(buffer, sizeof buffer, "%lds", s);
  return buffer;
}

// On rank 0 (or alone) a logger on stderr; the other ranks of an MPI run log nothing.
std::shared_ptr<spdlog::logger> make_logger(bool root) {
  if (!root) return std::make_shared<spdlog::logger>("selfplay-silent");
  auto logger = std::make_shared<spdlog::logger>("selfplay", std::make_shared<spdlog::sinks::stderr_sink_mt>());
  logger->set_pattern("[%H:%M:%S] selfplay: %v");
  return logger;
}

}  // namespace

std::string kept_positions(const GameRecord& game, const Selection& selection, int* count) {
  const double label = red_score(game.result);
  std::string out;
  int kept = 0;
  for (size_t ply = 0; ply < game.moves.size(); ++ply) {
    const PlayedMove& m = game.moves[ply];
    if (!selection.keeps(int(ply), m.in_check, m.capture, is_mate_score(m.score))) continue;
    // The mover's score turned to Red's point of view: the mover is the side to move of m.fen, its
    // second field.
    const bool red_moves = m.fen.compare(m.fen.find(' ') + 1, 1, "w") == 0;
    out += format_position_line(m.fen, label, red_moves ? m.score : -m.score);
    out += '\n';
    ++kept;
  }
  if (count) *count = kept;
  return out;
}

namespace {

// --- A run over the ranks of an MPI job (util/cluster.h) -----------------------------------------------
//
// Rank 0 alone touches the files: it reads the openings and weights, recovers the output and sends every
// rank what it needs. Rank r plays games first + r, first + r + N, ... (game i is decided by the seed and
// i alone, so the file is the same for any N). Every rank, rank 0 too, sends its finished games to rank 0
// a few times a second; rank 0 appends them in index order, and tells every rank whether to stop (a
// signal or an error anywhere) and when all is done.

// How often the ranks meet to hand their finished games to rank 0.
constexpr auto kExchangeInterval = std::chrono::milliseconds(100);

// What every rank needs to play its games: rank 0's reading of the files.
struct Setup {
  std::string error;  // not empty: the run cannot start
  std::vector<std::string> openings;
  std::vector<int> values;  // the weights
  uint64_t first = 0;       // games already in the file
  uint64_t positions = 0;   // their positions
  uint64_t torn_bytes = 0;  // dropped after the last complete game
};

std::string to_text(const Setup& s) {
  return nlohmann::json{{"error", s.error},         {"openings", s.openings}, {"values", s.values},
                        {"first", s.first},         {"positions", s.positions}, {"torn_bytes", s.torn_bytes}}
      .dump();
}

Setup setup_from_text(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text);
  return Setup{j.at("error").get<std::string>(), j.at("openings").get<std::vector<std::string>>(),
               j.at("values").get<std::vector<int>>(), j.at("first").get<uint64_t>(),
               j.at("positions").get<uint64_t>(), j.at("torn_bytes").get<uint64_t>()};
}

// On rank 0: reads the files and opens the output (`fd`); then every rank gets the setup.
Setup share_setup(const SelfplayOptions& o, Cluster& cluster, int& fd) {
  Setup setup;
  if (cluster.is_root()) {
    try {
      if (!o.openings.empty()) setup.openings = games::read_openings(o.openings);
      Params params;
      if (!o.weights.empty()) params = Params::load(o.weights);
      setup.values = params.values();
      Recovered recovered;
      fd = open_output(o, settings_line(o, setup.openings, params), recovered);
      setup.first = recovered.games;
      setup.positions = recovered.positions;
      setup.torn_bytes = recovered.torn_bytes;
    } catch (const SelfplayError& e) {
      setup.error = e.what();
    } catch (const games::OpeningsError& e) {
      setup.error = e.what();
    } catch (const ParamError& e) {
      setup.error = e.what();
    }
  }
  std::string text = to_text(setup);
  cluster.broadcast(text);
  return setup_from_text(text);
}

class Workers {
 public:
  Workers(const SelfplayOptions& o, const Setup& setup, const Params& params, Cluster& cluster)
      : o_(o),
        setup_(setup),
        params_(params),
        stride_(uint64_t(cluster.size())),
        next_game_(setup.first + uint64_t(cluster.rank())) {
    const uint64_t total = uint64_t(o.games);
    const uint64_t mine = next_game_ < total ? (total - next_game_ + stride_ - 1) / stride_ : 0;
    const int threads = int(std::min<uint64_t>(uint64_t(std::max(1, o.threads)), mine));
    running_ = threads;
    for (int t = 0; t < threads; ++t) threads_.emplace_back([this] { work(); });
  }
  ~Workers() {
    stop_ = true;
    for (std::thread& t : threads_) t.join();
  }
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;

  void stop() { stop_ = true; }
  // Waits up to `wait` for a game, then takes every finished one; `done`: no thread is left playing.
  std::map<uint64_t, Finished> take(std::chrono::milliseconds wait, bool& done) {
    std::unique_lock lock(mutex_);
    cv_.wait_for(lock, wait);
    done = running_ == 0;
    return std::exchange(finished_, {});
  }
  std::string failure() {
    std::lock_guard lock(mutex_);
    return failure_;
  }

 private:
  void work() {
    try {
      GamePlayer player(o_.hash_mb);
      player.set_design(o_.design);
      player.set_stop_flag(&stop_);
      Engine& vetting = player.engine(Red);
      vetting.set_params(params_);
      while (!stop_) {
        const uint64_t index = next_game_.fetch_add(stride_);
        if (index >= uint64_t(o_.games)) break;
        const std::string start = game_start(setup_.openings, o_.random_plies, o_.seed, index, vetting);
        const GameRecord game = player.play(start, params_, params_, o_.limits, o_.adjudication);
        int kept = 0;
        std::string block = kept_positions(game, o_.selection, &kept);
        block += std::string(kGameMarker) + std::to_string(index) + " " + result_string(game.result) + " " +
                 game.reason + " plies " + std::to_string(game.moves.size()) + " kept " + std::to_string(kept) + "\n";
        std::lock_guard lock(mutex_);
        finished_.emplace(index, Finished{std::move(block), kept, game.result});
        cv_.notify_all();
      }
    } catch (const GameAborted&) {
    } catch (const std::exception& e) {
      std::lock_guard lock(mutex_);
      if (failure_.empty()) failure_ = std::string("a game failed: ") + e.what();
      stop_ = true;
    }
    std::lock_guard lock(mutex_);
    --running_;
    cv_.notify_all();
  }

  const SelfplayOptions& o_;
  const Setup& setup_;
  const Params& params_;
  const uint64_t stride_;
  std::atomic<bool> stop_{false};
  std::atomic<uint64_t> next_game_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::map<uint64_t, Finished> finished_;  // by game index
  std::string failure_;
  int running_ = 0;
  std::vector<std::thread> threads_;
};

// Logs the warnings about games that repeat.
void warn_repeats(const SelfplayOptions& o, size_t openings, spdlog::logger& log) {
  const uint64_t total = uint64_t(o.games);
  if (openings < total && o.random_plies == 0 && !o.openings.empty())
    log.warn("{} games from {} openings without --random-plies: games repeat after the first {}", total, openings,
             openings);
  else if (o.openings.empty() && o.random_plies == 0 && total > 1)
    log.warn("every game starts from the start position without --random-plies: all {} games are the same", total);
}

// The exit code and the last lines, on rank 0 once the exchanges are over.
int conclude(const SelfplayOptions& o, const Writer& writer, const Coordinator& coordinator, double seconds,
             spdlog::logger& log) {
  const std::string out_name = o.out.string();
  const uint64_t total = uint64_t(o.games);
  if (!coordinator.failure().empty() || !coordinator.write_error().empty()) {
    const std::string& why = coordinator.failure().empty() ? coordinator.write_error() : coordinator.failure();
    std::fprintf(stderr, "jiang selfplay: %s\n", why.c_str());
    return 2;
  }
  const double rate = seconds > 0 ? double(writer.written() - writer.first()) / seconds : 0;
  log.info("games {}/{}, positions {}, {:.2f} games/s", writer.written(), total, writer.positions(), rate);
  if (writer.written() < total) {
    const int sig = coordinator.signal() ? coordinator.signal() : SIGINT;
    std::fprintf(stderr,
                 "jiang selfplay: interrupted after %llu of %llu games (%llu positions in %s). Run the same command "
                 "again to continue where it stopped.\n",
                 static_cast<unsigned long long>(writer.written()), static_cast<unsigned long long>(total),
                 static_cast<unsigned long long>(writer.positions()), out_name.c_str());
    return 128 + sig;
  }
  log.info("done: {} games, {} positions in {}; this run: {} games in {}, Red won {}, drew {}, Black won {}",
           writer.written(), writer.positions(), out_name, writer.written() - writer.first(), duration_text(seconds),
           writer.results()[0], writer.results()[1], writer.results()[2]);
  return 0;
}

// Every rank: plays its games and meets the others every kExchangeInterval until rank 0 says all is
// done. Returns rank 0's exit code on every rank.
// The caller holds the StopSignals guard.
int play_and_exchange(const SelfplayOptions& o, const Setup& setup, int fd, Cluster& cluster, spdlog::logger& log) {
  Params params;
  params.set_values(setup.values);
  Writer writer(fd, o.out.string(), setup.first, setup.positions);
  Coordinator coordinator(writer, cluster.size(), log);
  using Clock = std::chrono::steady_clock;
  const auto start_time = Clock::now();
  auto last_log = start_time;
  {
    Workers workers(o, setup, params, cluster);
    for (bool finish = false; !finish;) {
      Report report;
      report.games = workers.take(kExchangeInterval, report.done);
      report.signal = StopSignals::received();
      report.failure = workers.failure();
      const std::vector<std::string> reports = cluster.gather(to_text(report));
      Decision decision;
      if (cluster.is_root()) decision = coordinator.receive(reports);
      std::vector<int64_t> shared{decision.stop, decision.finish};
      broadcast_values(cluster, shared);
      if (shared[0]) workers.stop();
      finish = shared[1] != 0;
      const std::chrono::duration<double> since_log = Clock::now() - last_log;
      if (cluster.is_root() && !finish && since_log.count() >= o.progress_seconds) {
        const double elapsed = std::chrono::duration<double>(Clock::now() - start_time).count();
        const double rate = elapsed > 0 ? double(writer.written() - writer.first()) / elapsed : 0;
        const double left = rate > 0 ? double(uint64_t(o.games) - writer.written()) / rate : -1;
        log.info("games {}/{}, positions {}, {:.2f} games/s, {} left", writer.written(), o.games, writer.positions(),
                 rate, left >= 0 ? duration_text(left) : std::string("?"));
        last_log = Clock::now();
      }
    }
  }
  std::vector<int64_t> code{0};
  if (cluster.is_root()) {
    ::fsync(fd);
    ::close(fd);
    code[0] = conclude(o, writer, coordinator, std::chrono::duration<double>(Clock::now() - start_time).count(), log);
  }
  broadcast_values(cluster, code);
  return int(code[0]);
}

}  // namespace

int run_selfplay(const SelfplayOptions& o, Cluster& cluster) {
  // The guard before anything is opened, written or logged: a signal from here on stops the run cleanly.
  const StopSignals signals;
  auto log = make_logger(cluster.is_root());
  const auto fail = [&](const std::string& message) {
    if (cluster.is_root()) std::fprintf(stderr, "jiang selfplay: %s\n", message.c_str());
    return 2;
  };
  if (o.games <= 0) return fail("--games must be at least 1");
  if ((o.limits.depth > 0) == (o.limits.nodes > 0)) return fail("give exactly one of --depth and --nodes");
  if (o.out.empty()) return fail("--out is required");

  int fd = -1;
  const Setup setup = share_setup(o, cluster, fd);
  if (!setup.error.empty()) return fail(setup.error);
  const std::string out_name = o.out.string();
  if (setup.torn_bytes)
    log->info("dropped {} bytes of an unfinished game left by an interrupted run", setup.torn_bytes);
  if (setup.first > 0)
    log->info("resuming {}: {} games ({} positions) already there", out_name, setup.first, setup.positions);
  if (setup.first >= uint64_t(o.games)) {
    log->info("{} already holds {} games; nothing to do", out_name, setup.first);
    if (fd >= 0) ::close(fd);
    return 0;
  }
  warn_repeats(o, setup.openings.size(), *log);
  if (cluster.size() > 1) log->info("{} ranks: rank r plays games r, r + {}, ...", cluster.size(), cluster.size());
  return play_and_exchange(o, setup, fd, cluster, *log);
}

}  // namespace jiang
