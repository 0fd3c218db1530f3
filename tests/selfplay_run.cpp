// Self-play runs: the position selection, openings, determinism whatever the threads, and resuming after
// an interruption (a torn last game, SIGKILL and SIGINT of the real `jiang selfplay`) without losing or
// repeating a game.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/score.h"
#include "games/openings.h"
#include "movegen/movegen.h"
#include "tuning/selfplay/positions_file.h"
#include "tuning/selfplay/selfplay.h"

extern char** environ;

namespace jiang {
namespace {

namespace fs = std::filesystem;

const std::string kOpenings = std::string(JIANG_DATA_DIR) + "/openings.fen";

// A fresh directory for one test case, removed at the end.
struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& name)
      : path(fs::temp_directory_path() / ("jiang_selfplay_" + name + "_" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The file without its first line (the command, which names the output file).
std::string body(const fs::path& p) {
  const std::string text = slurp(p);
  return text.substr(text.find('\n') + 1);
}

int count_games(const std::string& text) {
  int n = 0;
  for (size_t pos = 0; (pos = text.find("\n# game ", pos)) != std::string::npos; ++pos) ++n;
  return n;
}

// Every game marker index in order: they must run 0, 1, 2, ... with no gap and no repeat.
std::vector<int> game_indices(const std::string& text) {
  std::vector<int> indices;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("# game ", 0) == 0) indices.push_back(std::stoi(line.substr(7)));
  return indices;
}

SelfplayOptions small_run(const fs::path& out, int games) {
  SelfplayOptions o;
  o.games = games;
  o.limits.nodes = 1000;
  o.openings = kOpenings;
  o.random_plies = 2;
  o.seed = 11;
  o.threads = 2;
  o.out = out;
  o.adjudication.scores.max_plies = 120;
  return o;
}

TEST_CASE("kept positions: quiet, past the opening plies, no capture, no mate score", "[selfplay][run]") {
  GameRecord g;
  g.result = GameResult::RedWins;
  const std::string fen(kStartFen);
  for (int ply = 0; ply < 14; ++ply) g.moves.push_back({Move::none(), 10, false, false, fen + "#" + std::to_string(ply)});
  g.moves[9].in_check = true;
  g.moves[10].capture = true;
  g.moves[11].score = mate_in(5);
  g.moves[12].score = mated_in(4);
  // Black to move at ply 13: its score of 10 is -10 for Red.
  std::string black_fen = fen;
  black_fen.replace(black_fen.find(" w "), 3, " b ");
  g.moves[13].fen = black_fen;
  Selection s;
  s.skip_plies = 8;
  int count = 0;
  const std::string kept = kept_positions(g, s, &count);
  CHECK(count == 2);
  CHECK(kept == fen + "#8 1.0 10\n" + black_fen + " 1.0 -10\n");
  g.result = GameResult::Draw;
  CHECK(kept_positions(g, s) == fen + "#8 0.5 10\n" + black_fen + " 0.5 -10\n");
}

TEST_CASE("openings: read with line numbers in errors", "[selfplay][run]") {
  TempDir dir("openings");
  const auto openings = games::read_openings(kOpenings);
  CHECK(openings.size() >= 10);
  CHECK_THROWS_WITH(games::read_openings(dir.path / "missing.fen"), Catch::Contains("missing.fen"));
  { std::ofstream(dir.path / "bad.fen") << "# comment\n" << kStartFen << "\n\nrnbakabnr/9/9 w - - 0 1\n"; }
  CHECK_THROWS_WITH(games::read_openings(dir.path / "bad.fen"), Catch::Contains("bad.fen:4: invalid FEN"));
  { std::ofstream(dir.path / "empty.fen") << "# nothing\n"; }
  CHECK_THROWS_WITH(games::read_openings(dir.path / "empty.fen"), Catch::Contains("holds no FEN"));
  { std::ofstream(dir.path / "over.fen") << "R2k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1\n"; }
  CHECK_THROWS_WITH(games::read_openings(dir.path / "over.fen"), Catch::Contains("over.fen:1:") && Catch::Contains("no legal move"));
}

TEST_CASE("game starts: the openings in turn, random plies decided by (seed, game)", "[selfplay][run]") {
  const auto openings = games::read_openings(kOpenings);
  Engine engine(1);
  CHECK(game_start(openings, 0, 1, 0, engine) == openings[0]);
  CHECK(game_start(openings, 0, 1, 1, engine) == openings[1]);
  CHECK(game_start(openings, 0, 1, openings.size() + 2, engine) == openings[2]);
  CHECK(game_start({}, 0, 1, 5, engine) == Position::startpos().fen());
  std::set<std::string> starts;
  for (uint64_t game = 0; game < 8; ++game) {
    const std::string a = game_start({}, 4, 99, game, engine);
    CHECK(a == game_start({}, 4, 99, game, engine));  // the same again
    const Position pos = Position::from_fen(a);
    MoveList legal;
    generate_legal(pos, legal);
    CHECK_FALSE(legal.empty());
    starts.insert(a);
  }
  CHECK(starts.size() >= 6);  // different games, different lines
  CHECK(game_start({}, 4, 99, 0, engine) != game_start({}, 4, 100, 0, engine));
}

TEST_CASE("self-play is deterministic whatever the threads, and reads back", "[selfplay][run]") {
  TempDir dir("determinism");
  SelfplayOptions one = small_run(dir.path / "one.txt", 6);
  one.threads = 1;
  SelfplayOptions two = small_run(dir.path / "two.txt", 6);
  two.threads = 2;
  REQUIRE(run_selfplay(one) == 0);
  REQUIRE(run_selfplay(two) == 0);
  CHECK(body(one.out) == body(two.out));
  CHECK(game_indices(slurp(one.out)) == std::vector<int>{0, 1, 2, 3, 4, 5});
  const auto positions = read_positions(one.out, true);
  CHECK(positions.size() > 6 * 10);
  // Another seed plays other games.
  SelfplayOptions other = small_run(dir.path / "other.txt", 6);
  other.seed = 12;
  REQUIRE(run_selfplay(other) == 0);
  CHECK(body(other.out) != body(one.out));
  // A finished file is left as it is; a larger --games extends it to what a longer run gives.
  const std::string before = slurp(one.out);
  CHECK(run_selfplay(one) == 0);
  CHECK(slurp(one.out) == before);
  SelfplayOptions longer = small_run(dir.path / "one.txt", 8);
  SelfplayOptions eight = small_run(dir.path / "eight.txt", 8);
  REQUIRE(run_selfplay(longer) == 0);
  REQUIRE(run_selfplay(eight) == 0);
  CHECK(body(longer.out) == body(eight.out));
}

TEST_CASE("resume: a torn last game is dropped and replayed", "[selfplay][run]") {
  TempDir dir("torn");
  const SelfplayOptions reference = small_run(dir.path / "reference.txt", 6);
  REQUIRE(run_selfplay(reference) == 0);
  const std::string full = body(reference.out);

  // Cut the file in the middle of game 3's block, mid-line, as kill -9 during a write could.
  const std::string text = slurp(reference.out);
  const size_t end_of_game_2 = text.find("\n", text.find("\n# game 2 ")+1) + 1;
  const size_t end_of_game_3 = text.find("\n", text.find("\n# game 3 ")+1) + 1;
  REQUIRE(end_of_game_3 > end_of_game_2 + 10);
  const fs::path torn = dir.path / "torn.txt";
  for (size_t cut : {end_of_game_2, end_of_game_2 + 7, end_of_game_3 - 1}) {
    INFO("cut at " << cut);
    { std::ofstream(torn, std::ios::binary) << text.substr(0, cut); }
    SelfplayOptions o = reference;
    o.out = torn;
    REQUIRE(run_selfplay(o) == 0);
    CHECK(body(torn) == full);
  }
  // A file cut inside its header starts again.
  { std::ofstream(torn, std::ios::binary) << text.substr(0, 20); }
  SelfplayOptions o = reference;
  o.out = torn;
  REQUIRE(run_selfplay(o) == 0);
  CHECK(body(torn) == full);
}

TEST_CASE("resume refuses a file of other settings or of another program", "[selfplay][run]") {
  TempDir dir("refuse");
  const SelfplayOptions first = small_run(dir.path / "out.txt", 2);
  REQUIRE(run_selfplay(first) == 0);
  const std::string before = slurp(first.out);
  SelfplayOptions changed = first;
  changed.limits.nodes = 1200;
  CHECK(run_selfplay(changed) == 2);
  changed = first;
  changed.seed = 3;
  CHECK(run_selfplay(changed) == 2);
  changed = first;
  changed.random_plies = 0;
  CHECK(run_selfplay(changed) == 2);
  CHECK(slurp(first.out) == before);  // untouched

  { std::ofstream(dir.path / "precious.txt") << "someone's notes\n"; }
  SelfplayOptions other = first;
  other.out = dir.path / "precious.txt";
  CHECK(run_selfplay(other) == 2);
  CHECK(slurp(other.out) == "someone's notes\n");
}

TEST_CASE("bad options fail cleanly in-process", "[selfplay][run]") {
  TempDir dir("bad");
  SelfplayOptions o = small_run(dir.path / "out.txt", 2);
  o.games = 0;
  CHECK(run_selfplay(o) == 2);
  o = small_run(dir.path / "out.txt", 2);
  o.limits.depth = 3;  // and nodes
  CHECK(run_selfplay(o) == 2);
  o = small_run(dir.path / "out.txt", 2);
  o.limits.nodes = 0;
  CHECK(run_selfplay(o) == 2);
  o = small_run(dir.path / "out.txt", 2);
  o.openings = dir.path / "none.fen";
  CHECK(run_selfplay(o) == 2);
  o = small_run(dir.path / "no-such-dir" / "out.txt", 2);
  CHECK(run_selfplay(o) == 2);
  o = small_run(dir.path, 2);
  CHECK(run_selfplay(o) == 2);
  o = small_run(dir.path / "out.txt", 2);
  o.weights = dir.path / "none.json";
  CHECK(run_selfplay(o) == 2);
  CHECK_FALSE(fs::exists(dir.path / "out.txt"));
}

// --- The real executable, interrupted -----------------------------------------------------------------

// `jiang selfplay` as a child process, its stderr kept in a file.
class Child {
 public:
  Child(const std::vector<std::string>& args, const fs::path& stderr_file) {
    std::vector<std::string> argv_strings{JIANG_BINARY};
    argv_strings.insert(argv_strings.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& s : argv_strings) argv.push_back(s.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int rc = posix_spawn(&pid_, JIANG_BINARY, &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) throw std::runtime_error("cannot start " + std::string(JIANG_BINARY));
  }
  ~Child() {
    if (!reaped_) {
      ::kill(pid_, SIGKILL);
      wait();
    }
  }
  bool running() {
    if (reaped_) return false;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      reaped_ = true;
      status_ = status;
    }
    return !reaped_;
  }
  void signal(int sig) { ::kill(pid_, sig); }
  int wait() {
    if (!reaped_) {
      ::waitpid(pid_, &status_, 0);
      reaped_ = true;
    }
    return status_;
  }

 private:
  pid_t pid_ = -1;
  bool reaped_ = false;
  int status_ = 0;
};

// Waits until `file` holds at least `games` finished games; false if the child ended first.
bool wait_for_games(Child& child, const fs::path& file, int games) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  while (std::chrono::steady_clock::now() < deadline) {
    if (count_games(slurp(file)) >= games) return true;
    if (!child.running()) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

TEST_CASE("resume after SIGKILL and SIGINT of jiang selfplay equals an uninterrupted run", "[selfplay][run][slow]") {
  TempDir dir("interrupted");
  const int games = 24;
  const auto args = [&](const fs::path& out) {
    return std::vector<std::string>{"selfplay", "--games", std::to_string(games), "--nodes", "1000", "--openings",
                                    kOpenings, "--random-plies", "2", "--seed", "5", "--threads", "2",
                                    "--out", out.string()};
  };
  const fs::path reference = dir.path / "reference.txt";
  const fs::path resumed = dir.path / "resumed.txt";
  const fs::path log = dir.path / "stderr.txt";
  {
    Child child(args(reference), log);
    const int status = child.wait();
    INFO(slurp(log));
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
  }
  REQUIRE(game_indices(slurp(reference)).size() == size_t(games));

  int before = 0;
  {  // SIGKILL: no chance to clean up.
    Child child(args(resumed), log);
    REQUIRE(wait_for_games(child, resumed, 3));
    child.signal(SIGKILL);
    const int status = child.wait();
    CHECK(WIFSIGNALED(status));
    before = count_games(slurp(resumed));
    CHECK(before < games);
  }
  {  // SIGINT: finishes cleanly, says how to resume, exits non-zero.
    Child child(args(resumed), log);
    REQUIRE(wait_for_games(child, resumed, before + 3));
    child.signal(SIGINT);
    const int status = child.wait();
    const std::string err = slurp(log);
    INFO(err);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 128 + SIGINT);
    CHECK_THAT(err, Catch::Contains("resuming") && Catch::Contains("interrupted after") &&
                        Catch::Contains("Run the same command again"));
    const int now = count_games(slurp(resumed));
    CHECK(now >= before + 3);
    CHECK(now < games);
  }
  {  // SIGTERM likewise, once the run is under way.
    Child child(args(resumed), log);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    while (slurp(log).find("resuming") == std::string::npos && child.running() &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    child.signal(SIGTERM);
    const int status = child.wait();
    INFO(slurp(log));
    REQUIRE(WIFEXITED(status));
    CHECK((WEXITSTATUS(status) == 128 + SIGTERM || WEXITSTATUS(status) == 0));
  }
  {  // And to the end.
    Child child(args(resumed), log);
    const int status = child.wait();
    INFO(slurp(log));
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
  }
  std::vector<int> expected(games);
  for (int i = 0; i < games; ++i) expected[i] = i;
  CHECK(game_indices(slurp(resumed)) == expected);  // no game missing, none twice
  CHECK(body(resumed) == body(reference));           // and each game exactly as an uninterrupted run has it
}

}  // namespace
}  // namespace jiang
