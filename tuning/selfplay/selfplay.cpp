#include "tuning/selfplay/selfplay.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "engine/score.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "tuning/selfplay/positions_file.h"

namespace jiang {
namespace {

// --- Random openings ---------------------------------------------------------------------------------

// A random line is searched this far to see whether it threw the game away ...
constexpr uint64_t kVetNodes = 4000;
// ... which it did if either side is more than this ahead (a pawn and a half).
constexpr int kMaxOpeningScore = 150;
// Random lines drawn before giving up and starting from the opening itself.
constexpr int kMaxOpeningAttempts = 100;

// The output file's format version, part of the settings line: a file written by an incompatible
// version is not resumed.
constexpr int kFormatVersion = 1;
constexpr std::string_view kHeaderStart = "# jiang selfplay";
constexpr std::string_view kSettingsStart = "# settings: ";

// splitmix64: turns (seed, game) into well-mixed, independent generator seeds.
uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// A uniform index below n that does not depend on the standard library's distributions (whose
// algorithms differ between implementations): the same seed gives the same games everywhere.
int random_below(std::mt19937_64& rng, int n) {
  const uint64_t limit = UINT64_MAX - UINT64_MAX % uint64_t(n);
  uint64_t x;
  do x = rng();
  while (x >= limit);
  return int(x % uint64_t(n));
}

uint64_t fnv1a(std::string_view text, uint64_t h = 0xcbf29ce484222325ULL) {
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

std::string hex(uint64_t x) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(x));
  return buffer;
}

// --- Signals -----------------------------------------------------------------------------------------

// The first SIGINT or SIGTERM asks the run to stop cleanly; a second one ends the process at once, which
// is safe too (the file is recovered on the next run).
std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void on_signal(int sig) {
  if (g_signal.exchange(sig) != 0) ::_exit(128 + sig);
}

class SignalGuard {
 public:
  SignalGuard() {
    g_signal = 0;
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, &old_int_);
    sigaction(SIGTERM, &action, &old_term_);
  }
  ~SignalGuard() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

// --- The output file ---------------------------------------------------------------------------------

std::string errno_text() { return std::strerror(errno); }

void write_all(int fd, std::string_view data, const std::string& name) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw SelfplayError("cannot write " + name + ": " + errno_text());
    data.remove_prefix(size_t(n));
  }
}

// " --mode M --order O" for a design other than the default, else nothing: files written before the
// modes existed keep their settings line, and so can be continued.
std::string design_words(const SearchDesign& design) {
  std::string words;
  if (design.mode != SearchDesign{}.mode) words += " --mode " + std::string(to_string(design.mode));
  if (design.order != SearchDesign{}.order) words += " --order " + std::string(to_string(design.order));
  return words;
}

std::string command_line(const SelfplayOptions& o) {
  std::ostringstream s;
  s << "jiang selfplay --games " << o.games;
  if (o.limits.depth) s << " --depth " << o.limits.depth;
  if (o.limits.nodes) s << " --nodes " << o.limits.nodes;
  s << design_words(o.design);
  if (!o.openings.empty()) s << " --openings " << o.openings.string();
  if (o.random_plies) s << " --random-plies " << o.random_plies;
  s << " --seed " << o.seed;
  if (!o.weights.empty()) s << " --weights " << o.weights.string();
  s << " --out " << o.out.string();
  return s.str();
}

// Everything that decides the file's contents, except the number of games (a run may be extended).
std::string settings_line(const SelfplayOptions& o, const std::vector<std::string>& openings, const Params& params) {
  std::string fens;
  for (const std::string& f : openings) fens += f + '\n';
  std::string values;
  for (int v : params.values()) values += std::to_string(v) + ',';
  const Adjudication& a = o.adjudication;
  std::ostringstream s;
  s << kSettingsStart << "format " << kFormatVersion << " depth " << o.limits.depth << " nodes " << o.limits.nodes
    << " openings " << openings.size() << ":" << hex(fnv1a(fens)) << " random-plies " << o.random_plies << " seed "
    << o.seed << " weights " << hex(fnv1a(values)) << " skip-plies " << o.selection.skip_plies << " adjudication "
    << a.max_plies << "," << a.win_score << "," << a.win_plies << "," << a.draw_score << "," << a.draw_plies << ","
    << a.draw_min_ply << "," << a.repetitions << design_words(o.design);
  return s.str();
}

std::string header(const SelfplayOptions& o, const std::string& settings) {
  return "# " + command_line(o) + "\n" + settings + "\n" +
         "# FEN result (1.0 Red won, 0.5 draw, 0.0 Black won); '# game N ...' ends the positions of game N\n";
}

// The state of an existing output file: how many games it holds, and where the last complete one ends.
struct Recovered {
  bool fresh = true;     // no usable header: start the file anew
  uint64_t games = 0;
  uint64_t positions = 0;
  uint64_t keep_bytes = 0;
  uint64_t torn_bytes = 0;  // what follows the last complete game (an interrupted write)
};

Recovered recover(const std::filesystem::path& path, const std::string& settings) {
  Recovered r;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SelfplayError("cannot read " + path.string() + " to resume it: " + errno_text());
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.empty()) return r;
  // A header cut short by an interruption right after the file was made: start again.
  const size_t first_end = text.find('\n');
  const std::string_view first = std::string_view(text).substr(0, first_end);
  if (first.substr(0, std::min(first.size(), kHeaderStart.size())) != kHeaderStart.substr(0, std::min(first.size(), kHeaderStart.size())))
    throw SelfplayError(path.string() + " exists and was not written by jiang selfplay; choose another --out");
  const size_t second_end = first_end == std::string::npos ? std::string::npos : text.find('\n', first_end + 1);
  if (second_end == std::string::npos) return r;
  const std::string_view second = std::string_view(text).substr(first_end + 1, second_end - first_end - 1);
  if (second != settings)
    throw SelfplayError(path.string() + " was written with other settings; to continue it, repeat its command (" +
                        std::string(first.substr(2)) + "), or choose another --out.\n  file:    " +
                        std::string(second) + "\n  now:     " + settings);
  r.fresh = false;
  r.keep_bytes = second_end + 1;
  // Past the header: complete lines only; each game marker must carry the next index.
  uint64_t positions_in_block = 0;
  for (size_t pos = second_end + 1; pos < text.size();) {
    const size_t end = text.find('\n', pos);
    if (end == std::string::npos) break;  // a torn last line
    const std::string_view line = std::string_view(text).substr(pos, end - pos);
    if (line.substr(0, kGameMarker.size()) == kGameMarker) {
      const std::string_view rest = line.substr(kGameMarker.size());
      uint64_t index = 0;
      const auto [p, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), index);
      if (ec != std::errc() || index != r.games)
        throw SelfplayError(path.string() + ": game marker '" + std::string(line) + "' where game " +
                            std::to_string(r.games) + " was expected; the file is damaged");
      ++r.games;
      r.positions += positions_in_block;
      positions_in_block = 0;
      r.keep_bytes = end + 1;
    } else if (!line.empty() && line.front() != '#') {
      ++positions_in_block;
    }
    pos = end + 1;
  }
  r.torn_bytes = text.size() - r.keep_bytes;
  return r;
}

// Opens the output for appending: a new file with its header, or an existing one truncated after its
// last complete game.
int open_output(const SelfplayOptions& o, const std::string& settings, Recovered& recovered) {
  const std::string name = o.out.string();
  std::error_code ec;
  if (std::filesystem::is_directory(o.out, ec)) throw SelfplayError("--out " + name + " is a directory");
  if (std::filesystem::exists(o.out, ec)) recovered = recover(o.out, settings);
  const int fd = ::open(o.out.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) throw SelfplayError("cannot write " + name + ": " + errno_text());
  if (::ftruncate(fd, off_t(recovered.fresh ? 0 : recovered.keep_bytes)) != 0) {
    const std::string why = errno_text();
    ::close(fd);
    throw SelfplayError("cannot truncate " + name + ": " + why);
  }
  if (recovered.fresh) {
    try {
      write_all(fd, header(o, settings), name);
    } catch (...) {
      ::close(fd);
      throw;
    }
  }
  return fd;
}

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

std::shared_ptr<spdlog::logger> make_logger() {
  auto logger = std::make_shared<spdlog::logger>("selfplay", std::make_shared<spdlog::sinks::stderr_sink_mt>());
  logger->set_pattern("[%H:%M:%S] selfplay: %v");
  return logger;
}

}  // namespace

int default_threads() {
  const unsigned n = std::thread::hardware_concurrency();
  return n ? int(n) : 2;
}

std::vector<std::string> read_openings(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw SelfplayError("cannot read openings " + path.string() + ": it is a directory");
  std::ifstream in(path);
  if (!in) throw SelfplayError("cannot read openings " + path.string() + ": " + errno_text());
  std::vector<std::string> fens;
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    line = line.substr(0, line.find(';'));  // an EPD-like "; id ..." tail is not part of the FEN
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const std::string fen = line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
    const std::string where = path.string() + ":" + std::to_string(line_number) + ": ";
    Position pos;
    try {
      pos = Position::from_fen(fen);
    } catch (const FenError& e) {
      throw SelfplayError(where + "invalid FEN '" + fen + "': " + e.what());
    }
    MoveList legal;
    generate_legal(pos, legal);
    if (legal.empty()) throw SelfplayError(where + "the side to move has no legal move in '" + fen + "'");
    fens.push_back(pos.fen());
  }
  if (fens.empty()) throw SelfplayError("openings " + path.string() + " holds no FEN");
  return fens;
}

std::mt19937_64 game_rng(uint64_t seed, uint64_t game) {
  return std::mt19937_64(splitmix64(splitmix64(seed) ^ splitmix64(game + 0x632be59bd9b4e019ULL)));
}

std::string random_opening(const std::string& fen, int plies, std::mt19937_64& rng, Engine& engine) {
  if (plies <= 0) return fen;
  SearchLimits vet;
  vet.nodes = kVetNodes;
  for (int attempt = 0; attempt < kMaxOpeningAttempts; ++attempt) {
    Position pos = Position::from_fen(fen);
    std::vector<std::string> moves;
    bool ended = false;
    for (int ply = 0; ply < plies && !ended; ++ply) {
      MoveList legal;
      generate_legal(pos, legal);
      if (legal.empty()) {
        ended = true;
        break;
      }
      const Move m = legal[random_below(rng, legal.size())];
      pos.make_move(m);
      pos.in_check();
      moves.push_back(to_string(m));
    }
    if (ended || referee(pos, 3)) continue;
    // The line must not have thrown the game away: a short search sees it roughly level.
    const std::string reached = pos.fen();
    engine.new_game();
    engine.set_position(reached, {});
    const SearchResult r = engine.search(vet);
    if (!is_mate_score(r.score) && std::abs(r.score) <= kMaxOpeningScore) return reached;
  }
  return fen;
}

std::string game_start(const std::vector<std::string>& openings, int random_plies, uint64_t seed, uint64_t index,
                       Engine& engine) {
  const std::string base = openings.empty() ? std::string(kStartFen) : openings[index % openings.size()];
  std::mt19937_64 rng = game_rng(seed, index);
  return random_opening(base, random_plies, rng, engine);
}

std::string kept_positions(const GameRecord& game, const Selection& selection, int* count) {
  const double label = red_score(game.result);
  std::string out;
  int kept = 0;
  for (size_t ply = 0; ply < game.moves.size(); ++ply) {
    const PlayedMove& m = game.moves[ply];
    if (int(ply) < selection.skip_plies || m.in_check || m.capture || is_mate_score(m.score)) continue;
    out += format_position_line(m.fen, label);
    out += '\n';
    ++kept;
  }
  if (count) *count = kept;
  return out;
}

int run_selfplay(const SelfplayOptions& o) {
  auto log = make_logger();
  const auto fail = [](const std::string& message) {
    std::fprintf(stderr, "jiang selfplay: %s\n", message.c_str());
    return 2;
  };
  if (o.games <= 0) return fail("--games must be at least 1");
  if ((o.limits.depth > 0) == (o.limits.nodes > 0)) return fail("give exactly one of --depth and --nodes");
  if (o.out.empty()) return fail("--out is required");

  std::vector<std::string> openings;
  Params params;
  Recovered recovered;
  int fd = -1;
  std::string settings;
  try {
    if (!o.openings.empty()) openings = read_openings(o.openings);
    if (!o.weights.empty()) params = Params::load(o.weights);
    settings = settings_line(o, openings, params);
    fd = open_output(o, settings, recovered);
  } catch (const SelfplayError& e) {
    return fail(e.what());
  } catch (const ParamError& e) {
    return fail(e.what());
  }
  const std::string out_name = o.out.string();
  const uint64_t total = uint64_t(o.games);
  const uint64_t first = recovered.games;
  if (recovered.torn_bytes)
    log->info("dropped {} bytes of an unfinished game left by an interrupted run", recovered.torn_bytes);
  if (first > 0) log->info("resuming {}: {} games ({} positions) already there", out_name, first, recovered.positions);
  if (first >= total) {
    log->info("{} already holds {} games; nothing to do", out_name, first);
    ::close(fd);
    return 0;
  }
  if (openings.size() < total && o.random_plies == 0 && !o.openings.empty())
    log->warn("{} games from {} openings without --random-plies: games repeat after the first {}", total,
              openings.size(), openings.size());
  else if (o.openings.empty() && o.random_plies == 0 && total > 1)
    log->warn("every game starts from the start position without --random-plies: all {} games are the same", total);

  // Workers take game indices in turn; the writer appends finished games in index order.
  SignalGuard signals;
  std::atomic<bool> stop{false};
  std::atomic<uint64_t> next_game{first};
  std::mutex mutex;
  std::condition_variable cv;
  struct Finished {
    std::string block;
    int positions;
    GameResult result;
  };
  std::map<uint64_t, Finished> finished;  // by game index, until the writer reaches it
  std::exception_ptr failure;
  int running = 0;

  const int threads = int(std::min<uint64_t>(uint64_t(std::max(1, o.threads)), total - first));
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    ++running;
    workers.emplace_back([&] {
      try {
        GamePlayer player(o.hash_mb);
        player.set_design(o.design);
        player.set_stop_flag(&stop);
        Engine& vetting = player.engine(Red);
        vetting.set_params(params);
        while (!stop) {
          const uint64_t index = next_game++;
          if (index >= total) break;
          const std::string start = game_start(openings, o.random_plies, o.seed, index, vetting);
          const GameRecord game = player.play(start, params, params, o.limits, o.adjudication);
          int kept = 0;
          std::string block = kept_positions(game, o.selection, &kept);
          block += std::string(kGameMarker) + std::to_string(index) + " " + result_string(game.result) + " " +
                   game.reason + " plies " + std::to_string(game.moves.size()) + " kept " + std::to_string(kept) +
                   "\n";
          std::lock_guard lock(mutex);
          finished.emplace(index, Finished{std::move(block), kept, game.result});
          cv.notify_all();
        }
      } catch (const GameAborted&) {
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        stop = true;
      }
      std::lock_guard lock(mutex);
      --running;
      cv.notify_all();
    });
  }

  using Clock = std::chrono::steady_clock;
  const auto start_time = Clock::now();
  auto last_log = start_time;
  uint64_t written = first;
  uint64_t positions = recovered.positions;
  std::array<uint64_t, 3> results{};  // of the games played in this run: Red wins, draws, Black wins
  std::string write_error;
  const auto progress = [&] {
    const double elapsed = std::chrono::duration<double>(Clock::now() - start_time).count();
    const double rate = elapsed > 0 ? double(written - first) / elapsed : 0;
    log->info("games {}/{}, positions {}, {:.2f} games/s, {} left", written, total, positions, rate,
              rate > 0 ? duration_text(double(total - written) / rate) : std::string("?"));
  };
  while (true) {
    std::string chunk;
    int chunk_positions = 0;
    uint64_t chunk_games = 0;
    std::array<uint64_t, 3> chunk_results{};
    bool done;
    {
      std::unique_lock lock(mutex);
      cv.wait_for(lock, std::chrono::milliseconds(100));
      for (auto it = finished.find(written + chunk_games); it != finished.end();
           it = finished.find(written + chunk_games)) {
        chunk += it->second.block;
        chunk_positions += it->second.positions;
        ++chunk_results[int(it->second.result)];
        ++chunk_games;
        finished.erase(it);
      }
      done = running == 0;
    }
    if (!chunk.empty() && write_error.empty()) {
      try {
        write_all(fd, chunk, out_name);  // one block of complete games
        written += chunk_games;
        positions += uint64_t(chunk_positions);
        for (int r = 0; r < 3; ++r) results[r] += chunk_results[r];
      } catch (const SelfplayError& e) {
        write_error = e.what();
        stop = true;
      }
    }
    if (g_signal && !stop) {
      stop = true;
      log->warn("{} received: finishing the games written so far and dropping those in flight",
                g_signal == SIGINT ? "SIGINT" : "SIGTERM");
    }
    if (done && finished.find(written) == finished.end()) break;
    if (Clock::now() - last_log >= std::chrono::duration<double>(o.progress_seconds) && written < total) {
      progress();
      last_log = Clock::now();
    }
  }
  for (std::thread& w : workers) w.join();
  ::fsync(fd);
  ::close(fd);

  if (failure) {
    try {
      std::rethrow_exception(failure);
    } catch (const std::exception& e) {
      return fail(std::string("a game failed: ") + e.what());
    }
  }
  if (!write_error.empty()) return fail(write_error);
  progress();
  if (written < total) {
    const int sig = g_signal ? int(g_signal) : SIGINT;
    std::fprintf(stderr,
                 "jiang selfplay: interrupted after %llu of %llu games (%llu positions in %s). Run the same command "
                 "again to continue where it stopped.\n",
                 static_cast<unsigned long long>(written), static_cast<unsigned long long>(total),
                 static_cast<unsigned long long>(positions), out_name.c_str());
    return 128 + sig;
  }
  log->info("done: {} games, {} positions in {}; this run: {} games in {}, Red won {}, drew {}, Black won {}",
            written, positions, out_name, written - first,
            duration_text(std::chrono::duration<double>(Clock::now() - start_time).count()), results[0], results[1],
            results[2]);
  return 0;
}

}  // namespace jiang
