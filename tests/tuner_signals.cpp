// The real `jiang tune`: Ctrl-C (SIGINT) or SIGTERM in the middle of a run writes a checkpoint and exits
// with code 3 and a "resume with --resume FILE" message; `jiang tune --resume FILE` then finishes the run
// with exactly the weights of a run that was never interrupted.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "tests/tuner_support.h"

using namespace jiang;
using namespace jiang::tuner_test;

namespace {

// Starts `jiang` with the arguments, its stdout and stderr going to `log`.
pid_t start(const std::vector<std::string>& args, const std::filesystem::path& log) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(JIANG_BINARY));
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(JIANG_BINARY, argv.data());
    ::_exit(127);
  }
  return pid;
}

// The exit code, or 128 + the signal that killed it.
int wait_for(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int run(const std::vector<std::string>& args, const std::filesystem::path& log) { return wait_for(start(args, log)); }

size_t lines_in(const std::filesystem::path& path) {
  const std::string text = read_text(path);
  return size_t(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("SIGINT and SIGTERM stop jiang tune with a checkpoint, and --resume finishes the same run", "[tuner][cli][slow]") {
  const std::filesystem::path dir = temp_dir("signals");
  const std::filesystem::path data = dir / "positions.txt";
  write_synthetic(data, sample_positions(3000, 51), perturbed({{"material.rook.mg", 100}, {"material.horse.mg", -60}}),
                  Params(), 1.0);
  auto args = [&](const std::string& name) {
    return std::vector<std::string>{"tune", "--data", data.string(), "--algo", "ga", "--group", "material",
                                    "--weights", (dir / "start.json").string(), "--ga-population", "12",
                                    "--ga-generations", "60", "--seed", "17", "--threads", "2",
                                    "--checkpoint-every", "1000", "--log-every", "1000", "--out",
                                    (dir / (name + ".json")).string()};
  };
  perturbed({{"material.rook.mg", 100}, {"material.horse.mg", -60}}).save(dir / "start.json");
  REQUIRE(run(args("whole"), dir / "whole.log") == 0);
  const std::string whole = read_text(dir / "whole.json");
  REQUIRE_FALSE(whole.empty());

  for (int sig : {SIGINT, SIGTERM}) {
    const std::string name = sig == SIGINT ? "int" : "term";
    INFO("signal " << name);
    const pid_t pid = start(args(name), dir / (name + ".log"));
    // Wait until the run is a few generations in (the history has rows), then signal it.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (lines_in(dir / (name + ".csv")) < 4 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    ::kill(pid, sig);
    const int code = wait_for(pid);
    const std::string log = read_text(dir / (name + ".log"));
    INFO(log);
    REQUIRE(code == 3);
    CHECK(log.find("resume with --resume " + (dir / (name + ".checkpoint.json")).string()) != std::string::npos);
    const size_t rows = lines_in(dir / (name + ".csv"));
    CHECK(rows < 62);  // stopped before the end (header + generations 0..60)

    // Resumed with nothing but the checkpoint, on one thread.
    REQUIRE(run({"tune", "--resume", (dir / (name + ".checkpoint.json")).string(), "--threads", "1"},
                dir / (name + "-resumed.log")) == 0);
    CHECK(read_text(dir / (name + ".json")) == whole);
    CHECK(lines_in(dir / (name + ".csv")) == lines_in(dir / "whole.csv"));
  }

  // A resume that contradicts the checkpoint is refused, and the checkpoint survives it.
  const std::filesystem::path checkpoint = dir / "term.checkpoint.json";
  const std::string saved = read_text(checkpoint);
  CHECK(run({"tune", "--resume", checkpoint.string(), "--algo", "hc"}, dir / "contradiction.log") == 2);
  CHECK(read_text(dir / "contradiction.log").find("belongs to a different run") != std::string::npos);
  CHECK(run({"tune", "--resume", checkpoint.string(), "--params", "tempo"}, dir / "contradiction2.log") == 2);
  CHECK(read_text(checkpoint) == saved);
}
