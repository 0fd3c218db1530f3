// Files jiang is not allowed to read: every reader of outside input says which file and the system's
// reason, exits with 2 (or, in a protocol session, answers with an info string and keeps what it had).
// Permissions do not stop root, who runs CI: there the runs drop to the `nobody` user with setpriv,
// on a copy of the binary in a directory that user can enter.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"

namespace jiang::testing {
namespace {

namespace fs = std::filesystem;

constexpr const char* kNobody = "65534";  // the `nobody` user and group of Debian

class UnreadableFiles {
 public:
  UnreadableFiles() {
    std::string pattern = (fs::temp_directory_path() / "jiang-unreadable-XXXXXX").string();
    dir_ = ::mkdtemp(pattern.data());
    fs::permissions(dir_, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
    binary_ = dir_ / "jiang";
    fs::copy_file(JIANG_BINARY, binary_);
  }
  ~UnreadableFiles() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  // A file with this content that its reader may not open.
  std::string file(const std::string& name, const std::string& content) {
    const fs::path path = dir_ / name;
    std::ofstream(path) << content;
    fs::permissions(path, fs::perms::none);
    return path.string();
  }

  // A copy of `source` that anyone may read.
  std::string readable_copy(const fs::path& source) {
    const fs::path path = dir_ / ("readable-" + source.filename().string());
    fs::copy_file(source, path);
    fs::permissions(path, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    return path.string();
  }

  // The program and arguments that run jiang with `args` as a user the files refuse.
  std::vector<std::string> command(const std::vector<std::string>& args) const {
    std::vector<std::string> cmd;
    if (::geteuid() == 0)
      cmd = {"/usr/bin/setpriv", std::string("--reuid=") + kNobody, std::string("--regid=") + kNobody,
             "--clear-groups"};
    cmd.push_back(binary_.string());
    cmd.insert(cmd.end(), args.begin(), args.end());
    return cmd;
  }

  CliRun run(const std::vector<std::string>& args) const {
    const std::vector<std::string> cmd = command(args);
    return run_program(cmd.front(), {cmd.begin() + 1, cmd.end()});
  }

 private:
  fs::path dir_, binary_;
};

bool mentions(const CliRun& r, const std::string& what) {
  std::string all = r.err;
  for (const std::string& line : r.out) all += line + "\n";
  return all.find(what) != std::string::npos;
}

}  // namespace

TEST_CASE("Unreadable files: each command names the file and the reason and exits with 2", "[cli]") {
  UnreadableFiles files;
  const std::string weights = files.file("weights.json", "{}");
  const std::string fens = files.file("openings.fen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n");
  const std::string positions = files.file("positions.txt", "");
  const std::string checkpoint = files.file("run.checkpoint.json", "{}");
  const std::string book = files.file("book.bin", "");
  const std::string games = files.file("games.pgn", "");
  const std::string suite = files.file("perft.epd", "");
  const std::string out = (fs::temp_directory_path() / "jiang-unreadable-never-written").string();

  const std::vector<std::vector<std::string>> runs = {
      {"bench", "--weights", weights},
      {"eval", "--weights", weights},
      {"perft", "--suite", suite},
      {"match", "--weights", weights, "--games", "2", "--nodes", "100"},
      {"match", "--weights", files.readable_copy(JIANG_DATA_DIR "/weights.json"), "--openings", fens, "--games", "2",
       "--nodes", "100"},
      {"selfplay", "--games", "1", "--nodes", "100", "--openings", fens, "--out", out},
      {"tune", "--data", positions, "--algo", "hc", "--iterations", "1", "--out", out},
      {"tune", "--resume", checkpoint},
      {"book", "probe", "--book", book},
      {"book", "build", "--pgn", games, "--out", out},
  };
  for (const std::vector<std::string>& args : runs) {
    const CliRun r = files.run(args);
    INFO("jiang " << args[0] << " " << args[1] << " " << args[2] << "\nstdout+stderr:\n" << r.err);
    CHECK(r.exit_code == 2);
    CHECK(mentions(r, "Permission denied"));
    CHECK(!fs::exists(out));
  }
}

TEST_CASE("Unreadable files in a session: an info string, and the weights and book stay as they were", "[cli]") {
  UnreadableFiles files;
  const std::string weights = files.file("weights.json", "{}");
  const std::string book = files.file("book.bin", "");
  const std::vector<std::string> cmd = files.command({});
  Subprocess engine(cmd.front(), {cmd.begin() + 1, cmd.end()});
  const auto timeout = std::chrono::seconds(10);
  engine.send("ucci");
  REQUIRE(engine.read_until("ucciok", timeout));
  for (const std::string& option : {"weightsfile " + weights, "bookfiles " + book}) {
    engine.send("setoption " + option);
    const auto reply = engine.read_line(timeout);
    REQUIRE(reply);
    INFO(*reply);
    CHECK(reply->rfind("info string setoption: ", 0) == 0);
    CHECK(reply->find("Permission denied") != std::string::npos);
    CHECK(reply->find("unchanged") != std::string::npos);
  }
  engine.send("isready");
  CHECK(engine.read_until("readyok", timeout));
  engine.send("position startpos");
  engine.send("go depth 3");
  CHECK(engine.read_until("bestmove", timeout));
  engine.send("quit");
  CHECK(engine.wait_exit(timeout) == 0);
}

}  // namespace jiang::testing
