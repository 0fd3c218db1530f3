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
#include <utility>

#include <spdlog/sinks/stdout_sinks.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "engine/score.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "tuning/selfplay/positions_file.h"
#include "util/stop_signals.h"

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
// version is not resumed. Version 2 added the search score to each line.
constexpr int kFormatVersion = 2;
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

// " --mode M --order O" (and two-stage's parameters) for a design other than the default, else nothing:
// files written before the modes existed keep their settings line, and so can be continued.
std::string design_words(const SearchDesign& design) {
  const SearchDesign defaults;
  std::string words;
  if (design.mode != defaults.mode) words += " --mode " + std::string(to_string(design.mode));
  if (design.order != defaults.order) words += " --order " + std::string(to_string(design.order));
  const TwoStageParams &ts = design.two_stage, &ts0 = defaults.two_stage;
  if (ts.margin_cp != ts0.margin_cp) words += " --two-stage-margin " + std::to_string(ts.margin_cp);
  if (ts.stage1_percent != ts0.stage1_percent) words += " --two-stage-share " + std::to_string(ts.stage1_percent);
  if (ts.positional_ply != ts0.positional_ply) words += " --two-stage-ply " + std::to_string(ts.positional_ply);
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
         "# FEN result score (result 1.0 Red won, 0.5 draw, 0.0 Black won; score the search's, for Red); "
         "'# game N ...' ends the positions of game N\n";
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

// On rank 0 (or alone) a logger on stderr; the other ranks of an MPI run log nothing.
std::shared_ptr<spdlog::logger> make_logger(bool root) {
  if (!root) return std::make_shared<spdlog::logger>("selfplay-silent");
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
      if (!o.openings.empty()) setup.openings = read_openings(o.openings);
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
    } catch (const ParamError& e) {
      setup.error = e.what();
    }
  }
  std::string text = to_text(setup);
  cluster.broadcast(text);
  return setup_from_text(text);
}

struct Finished {
  std::string block;
  int positions = 0;
  GameResult result = GameResult::Draw;
};

// This rank's games, played by its threads; the finished ones wait here until taken.
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

// A rank's report to rank 0 at each exchange.
struct Report {
  bool done = false;     // no thread left playing, and every finished game in `games`
  int signal = 0;        // SIGINT or SIGTERM received
  std::string failure;
  std::map<uint64_t, Finished> games;
};

std::string to_text(const Report& r) {
  nlohmann::json games = nlohmann::json::array();
  for (const auto& [index, f] : r.games) games.push_back({index, f.block, f.positions, int(f.result)});
  return nlohmann::json{{"done", r.done}, {"signal", r.signal}, {"failure", r.failure}, {"games", games}}.dump();
}

Report report_from_text(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text);
  Report r{j.at("done").get<bool>(), j.at("signal").get<int>(), j.at("failure").get<std::string>(), {}};
  for (const nlohmann::json& g : j.at("games"))
    r.games.emplace(g.at(0).get<uint64_t>(),
                    Finished{g.at(1).get<std::string>(), g.at(2).get<int>(), GameResult(g.at(3).get<int>())});
  return r;
}

// On rank 0: appends the games in index order as they arrive, each run of consecutive games with one write.
class Writer {
 public:
  Writer(int fd, std::string name, uint64_t first, uint64_t positions)
      : fd_(fd), name_(std::move(name)), first_(first), written_(first), positions_(positions) {}

  void add(std::map<uint64_t, Finished>&& games) { pending_.merge(games); }
  // Writes the games that follow the file's last; false (and `error` set) if the write failed.
  bool write(std::string& error) {
    std::string chunk;
    uint64_t games = 0, positions = 0;
    std::array<uint64_t, 3> results{};
    for (auto it = pending_.find(written_ + games); it != pending_.end(); it = pending_.find(written_ + games)) {
      chunk += it->second.block;
      positions += uint64_t(it->second.positions);
      ++results[int(it->second.result)];
      ++games;
      pending_.erase(it);
    }
    if (chunk.empty()) return true;
    try {
      write_all(fd_, chunk, name_);  // one block of complete games
    } catch (const SelfplayError& e) {
      error = e.what();
      return false;
    }
    written_ += games;
    positions_ += positions;
    for (int r = 0; r < 3; ++r) results_[r] += results[r];
    return true;
  }
  bool next_is_pending() const { return pending_.count(written_) > 0; }
  uint64_t first() const { return first_; }
  uint64_t written() const { return written_; }
  uint64_t positions() const { return positions_; }
  const std::array<uint64_t, 3>& results() const { return results_; }  // this run's: Red wins, draws, Black wins

 private:
  int fd_;
  std::string name_;
  uint64_t first_, written_, positions_;
  std::array<uint64_t, 3> results_{};
  std::map<uint64_t, Finished> pending_;  // by game index, until the file reaches it
};

// Rank 0's decision after an exchange, sent to every rank.
struct Decision {
  bool stop = false;    // a signal or an error: drop the games in flight
  bool finish = false;  // every rank is done and every game that can be written is
};

// Rank 0's side of an exchange: takes every rank's report, writes what it can, decides.
class Coordinator {
 public:
  Coordinator(Writer& writer, int ranks, spdlog::logger& log)
      : writer_(writer), done_(size_t(ranks), false), log_(log) {}

  Decision receive(const std::vector<std::string>& reports) {
    for (size_t r = 0; r < reports.size(); ++r) {
      Report report = report_from_text(reports[r]);
      writer_.add(std::move(report.games));
      done_[r] = report.done;
      if (!report.failure.empty() && failure_.empty())
        failure_ = reports.size() > 1 ? "rank " + std::to_string(r) + ": " + report.failure : report.failure;
      if (report.signal && !signal_) {
        signal_ = report.signal;
        log_.warn("{} received: finishing the games written so far and dropping those in flight",
                  signal_ == SIGINT ? "SIGINT" : "SIGTERM");
      }
    }
    if (write_error_.empty()) writer_.write(write_error_);
    const bool all_done = std::find(done_.begin(), done_.end(), false) == done_.end();
    return {signal_ || !failure_.empty() || !write_error_.empty(), all_done && !writer_.next_is_pending()};
  }
  const std::string& failure() const { return failure_; }
  const std::string& write_error() const { return write_error_; }
  int signal() const { return signal_; }

 private:
  Writer& writer_;
  std::vector<bool> done_;
  spdlog::logger& log_;
  std::string failure_, write_error_;
  int signal_ = 0;
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
int play_and_exchange(const SelfplayOptions& o, const Setup& setup, int fd, Cluster& cluster, spdlog::logger& log) {
  const StopSignals signals;
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
