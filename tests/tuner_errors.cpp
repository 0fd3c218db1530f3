// Bad data and bad settings: a malformed line is reported with its line number and skipped (or, strict,
// stops the run); an empty or unreadable file and impossible settings are clear errors.
#include <catch2/catch.hpp>

#include "tests/tuner_support.h"
#include "tuning/tuner/games.h"
#include "tuning/tuner/tuner.h"

using namespace jiang;
using namespace jiang::tuner;
using namespace jiang::tuner_test;

namespace {

TuneConfig hc_on(const std::filesystem::path& file) {
  TuneConfig c;
  c.algorithm = "hc";
  c.data = file.string();
  c.params = {"tempo"};
  c.validation = 0.0;
  return c;
}

RunOptions quiet(const std::filesystem::path& out, const CapturedLog& log) {
  RunOptions o;
  o.out = out;
  o.threads = 2;
  o.force = true;
  o.iterations = 2;
  o.logger = log.logger;
  return o;
}

}  // namespace

TEST_CASE("A malformed data line is reported with its line number and skipped", "[tuner][errors]") {
  const std::filesystem::path dir = temp_dir("malformed");
  const std::vector<Position> positions = sample_positions(40, 41);
  {
    std::ofstream out(dir / "data.txt");
    out << "# comment\n";                                          // line 1
    out << positions[0].fen() << " 1.0\n";                          // line 2
    out << "rnbakabnr/9/1c5c1/p1p1p1p1p/9 w - - 0 1 0.5\n";        // line 3: a bad FEN
    out << positions[1].fen() << " 1-0\n";                          // line 4
    out << positions[2].fen() << " maybe\n";                        // line 5: a bad result
    out << positions[3].fen() << "\n";                              // line 6: no result
    for (int i = 4; i < 40; ++i) out << positions[i].fen() << (i % 2 ? " 0.0\n" : " 1/2-1/2\n");
  }
  const CapturedLog log;
  const TuneOutcome outcome = run_tune(hc_on(dir / "data.txt"), quiet(dir / "out.json", log));
  CHECK(outcome.train_positions == 38);
  const std::string text = log.text();
  INFO(text);
  CHECK(text.find("data.txt:3:") != std::string::npos);
  CHECK(text.find("data.txt:5:") != std::string::npos);
  CHECK(text.find("data.txt:6:") != std::string::npos);
  CHECK(text.find("data.txt:4:") == std::string::npos);
  CHECK(text.find("read 38 positions") != std::string::npos);

  // --strict: the first malformed line stops the run, naming the line; nothing is written.
  TuneConfig strict = hc_on(dir / "data.txt");
  strict.strict = true;
  CHECK_THROWS_WITH(run_tune(strict, quiet(dir / "strict.json", log)), Catch::Contains("data.txt:3:"));
  CHECK_FALSE(std::filesystem::exists(dir / "strict.json"));
  CHECK_FALSE(std::filesystem::exists(dir / "strict.checkpoint.json"));
}

TEST_CASE("An empty or unreadable data file is a clear error", "[tuner][errors]") {
  const std::filesystem::path dir = temp_dir("empty");
  const CapturedLog log;
  std::ofstream(dir / "empty.txt") << "";
  std::ofstream(dir / "comments.txt") << "# nothing here\n\n";
  std::ofstream(dir / "all-bad.txt") << "garbage\nmore garbage 0.5\n";
  for (const char* name : {"empty.txt", "comments.txt", "all-bad.txt", "missing.txt"}) {
    INFO(name);
    try {
      run_tune(hc_on(dir / name), quiet(dir / "out.json", log));
      FAIL("no error");
    } catch (const TuneError& e) {
      CHECK_THAT(e.what(), Catch::Contains(name));
    }
  }
  CHECK_THROWS_AS(run_tune(hc_on(dir), quiet(dir / "out.json", log)), TuneError);  // a directory
  CHECK_FALSE(std::filesystem::exists(dir / "out.json"));
}

TEST_CASE("Impossible settings are refused before any work", "[tuner][errors]") {
  const std::filesystem::path dir = temp_dir("settings");
  const CapturedLog log;
  std::ofstream(dir / "data.txt") << "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 0.5\n";
  auto refused = [&](TuneConfig c, const std::string& message) {
    INFO(message);
    CHECK_THROWS_WITH(run_tune(c, quiet(dir / "out.json", log)), Catch::Contains(message));
  };
  TuneConfig c = hc_on(dir / "data.txt");
  TuneConfig bad = c;
  bad.algorithm = "tabu";
  refused(bad, "unknown algorithm");
  bad = c, bad.objective = "vibes";
  refused(bad, "unknown objective");
  bad = c, bad.params = {"material.dragon.mg"};
  refused(bad, "no parameter named 'material.dragon.mg'");
  bad = c, bad.params = {};
  refused(bad, "no parameters");
  bad = c, bad.hc.min_step = 9, bad.hc.step = 4;
  refused(bad, "minimum step");
  bad = c, bad.algorithm = "sa", bad.sa.rate = 1.5;
  refused(bad, "cooling rate");
  bad = c, bad.algorithm = "ga", bad.ga.elitism = bad.ga.population;
  refused(bad, "elitism");
  bad = c, bad.data = "";
  refused(bad, "--data");
  bad = c, bad.objective = "games", bad.games = 3;
  refused(bad, "even number of games");
  bad = c, bad.validation = 1.0;
  refused(bad, "below 100%");
  bad = c, bad.validation = 0.6;  // one position, held out: none would be left to train on
  refused(bad, "no training positions");
  RunOptions no_out = quiet("", log);
  CHECK_THROWS_WITH(run_tune(c, no_out), Catch::Contains("output"));
  GamesSettings odd;
  odd.games = 5;
  CHECK_THROWS_AS(GamesObjective(odd), std::invalid_argument);
}
