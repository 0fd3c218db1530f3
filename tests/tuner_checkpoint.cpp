// Nothing lost: a run stopped (by --iterations, by the stop flag between iterations or in the middle of
// one) and resumed from its checkpoint ends exactly like a run that never stopped; a checkpoint that
// does not fit is refused and left intact.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <map>
#include <sstream>
#include <thread>

#include "tests/tuner_support.h"
#include "tuning/tuner/algorithms.h"
#include "tuning/tuner/tuner.h"

using namespace jiang;
using namespace jiang::tuner;
using namespace jiang::tuner_test;
using nlohmann::json;

namespace {

struct Data {
  std::filesystem::path dir, file, other;
};

const Data& data() {
  static const Data d = [] {
    Data d;
    d.dir = temp_dir("checkpoint");
    d.file = d.dir / "positions.txt";
    d.other = d.dir / "other.txt";
    const Params start = perturbed({{"material.rook.mg", 80}, {"mobility.rook.mg", 6}, {"tempo", -9}});
    write_synthetic(d.file, sample_positions(800, 31), start, Params(), 1.0);
    write_synthetic(d.other, sample_positions(800, 32), start, Params(), 1.0);
    return d;
  }();
  return d;
}

TuneConfig config_for(const std::string& algorithm) {
  TuneConfig c;
  c.algorithm = algorithm;
  c.data = data().file.string();
  c.start = perturbed({{"material.rook.mg", 80}, {"mobility.rook.mg", 6}, {"tempo", -9}});
  c.params = {"material.horse.mg", "material.rook.mg", "material.cannon.mg", "mobility.rook.mg", "tempo"};
  std::sort(c.params.begin(), c.params.end(),
            [](const std::string& a, const std::string& b) { return *Params::find(a) < *Params::find(b); });
  c.seed = 99;
  c.validation = 0.1;
  c.hc.step = 8;
  c.sa = {1e-5, 1e-9, 0.97, 10, 3};
  c.ga.population = 10;
  c.ga.generations = 40;
  c.ga.mutation_rate = 0.3;
  c.adam.rate = 2.0;
  c.adam.epochs = 60;
  return c;
}

int64_t total_iterations(const std::string& algorithm) { return algorithm == "ga" ? 8 : algorithm == "sa" ? 60 : 25; }

RunOptions options_for(const std::filesystem::path& out, const CapturedLog& log, int threads) {
  RunOptions o = run_options(out, log, threads);
  o.checkpoint_every_s = 0;  // a checkpoint after every iteration: the most chances to get it wrong
  return o;
}

// The loss history without the elapsed-time column, which differs from run to run.
std::string history_without_time(const std::filesystem::path& csv) {
  std::istringstream in(read_text(csv));
  std::string result;
  for (std::string line; std::getline(in, line);) {
    const size_t first = line.find(',');
    const size_t second = line.find(',', first + 1);
    result += line.substr(0, first) + line.substr(second) + "\n";
  }
  return result;
}

struct Reference {
  TuneOutcome outcome;
  std::string weights, history;
};

// Computed once per algorithm (every section of a test case runs the case from its start again).
const Reference& uninterrupted(const std::string& algorithm) {
  static std::map<std::string, Reference> cache;
  if (const auto it = cache.find(algorithm); it != cache.end()) return it->second;
  const CapturedLog log;
  const std::filesystem::path out = data().dir / (algorithm + "-whole.json");
  RunOptions o = options_for(out, log, 2);
  o.iterations = total_iterations(algorithm);
  Reference r;
  r.outcome = run_tune(config_for(algorithm), o);
  r.weights = read_text(out);
  r.history = history_without_time(csv_path(out));
  return cache[algorithm] = r;
}

void check_same(const Reference& whole, const TuneOutcome& resumed, const std::filesystem::path& out) {
  CHECK(resumed.iterations == whole.outcome.iterations);
  CHECK(resumed.best == whole.outcome.best);
  CHECK(resumed.best_loss == whole.outcome.best_loss);  // bit for bit
  CHECK(resumed.best_validation_loss == whole.outcome.best_validation_loss);
  CHECK(resumed.k == whole.outcome.k);
  CHECK(read_text(out) == whole.weights);
  CHECK(history_without_time(csv_path(out)) == whole.history);
}

// Runs the algorithm whole, then stopped and resumed in several ways; each resumed run must end the same.
void check_resume(const std::string& algorithm) {
  const Reference& whole = uninterrupted(algorithm);
  REQUIRE(whole.outcome.iterations == total_iterations(algorithm));
  REQUIRE(whole.outcome.best_loss < whole.outcome.start_loss);
  const std::filesystem::path out = data().dir / (algorithm + "-parts.json");

  SECTION("stopped by --iterations, resumed with one thread") {
    const CapturedLog log;
    RunOptions first = options_for(out, log, 2);
    first.iterations = total_iterations(algorithm) / 3;
    const TuneOutcome part = run_tune(config_for(algorithm), first);
    CHECK_FALSE(part.interrupted);
    CHECK(part.iterations == total_iterations(algorithm) / 3);
    // A second stop and resume on the way.
    RunOptions second = options_for(out, log, 1);
    second.iterations = 2 * total_iterations(algorithm) / 3;
    const json checkpoint1 = read_checkpoint(part.checkpoint);
    run_tune(config_for(algorithm), second, &checkpoint1);
    RunOptions third = options_for(out, log, 1);
    third.iterations = total_iterations(algorithm);
    const json checkpoint2 = read_checkpoint(part.checkpoint);
    CHECK(checkpoint2.at("iteration") == 2 * total_iterations(algorithm) / 3);
    const TuneOutcome resumed = run_tune(config_for(algorithm), third, &checkpoint2);
    check_same(whole, resumed, out);
    CHECK(log.text().find("resuming " + algorithm) != std::string::npos);
  }

  SECTION("stopped by the stop flag between iterations") {
    const CapturedLog log;
    std::atomic<bool> stop{false};
    RunOptions first = options_for(out, log, 2);
    first.iterations = total_iterations(algorithm);
    first.stop = &stop;
    first.checkpoint_every_s = 1e9;  // only the checkpoint the stop writes
    first.after_iteration = [&](int64_t iteration) {
      if (iteration == total_iterations(algorithm) / 2) stop = true;
    };
    const TuneOutcome part = run_tune(config_for(algorithm), first);
    CHECK(part.interrupted);
    CHECK(part.iterations == total_iterations(algorithm) / 2);
    CHECK(log.text().find("resume with --resume") != std::string::npos);
    const json checkpoint = read_checkpoint(part.checkpoint);
    RunOptions rest = options_for(out, log, 2);
    rest.iterations = total_iterations(algorithm);
    const TuneOutcome resumed = run_tune(config_for(algorithm), rest, &checkpoint);
    CHECK_FALSE(resumed.interrupted);
    check_same(whole, resumed, out);
  }

  SECTION("stopped by the stop flag inside an iteration") {
    // The flag rises after the first evaluation of iteration 4, so that the next evaluation throws:
    // hc's -step (or the validation loss of an improved point), ga's next child, sa's validation
    // loss if the neighbour was a new best. The unfinished iteration is thrown away and redone.
    const CapturedLog log;
    std::atomic<bool> stop{false};
    RunOptions first = options_for(out, log, 2);
    first.iterations = total_iterations(algorithm);
    first.stop = &stop;
    int64_t iteration = 0;
    uint64_t last_evaluations = 0, mark = 0;
    first.after_iteration = [&](int64_t i) {
      iteration = i;
      mark = last_evaluations;
    };
    first.after_evaluation = [&](uint64_t evaluations) {
      last_evaluations = evaluations;
      if (iteration == 3 && evaluations == mark + 1) stop = true;
    };
    const TuneOutcome part = run_tune(config_for(algorithm), first);
    CHECK(part.interrupted);
    CHECK(part.iterations <= 4);
    if (algorithm != "sa") CHECK(log.text().find("the unfinished iteration 4 is discarded") != std::string::npos);
    const json checkpoint = read_checkpoint(part.checkpoint);
    RunOptions rest = options_for(out, log, 2);
    rest.iterations = total_iterations(algorithm);
    const TuneOutcome resumed = run_tune(config_for(algorithm), rest, &checkpoint);
    check_same(whole, resumed, out);
  }

  SECTION("stopped by the stop flag at any moment") {
    // The flag is raised from another thread after a while: wherever it lands (loading, K fitting,
    // the first evaluation, the middle of an iteration), the resumed run must end the same.
    for (int delay_ms : {0, 2, 50}) {
      const CapturedLog log;
      std::atomic<bool> stop{false};
      RunOptions first = options_for(out, log, 2);
      first.iterations = total_iterations(algorithm);
      first.stop = &stop;
      std::thread raiser([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
        stop = true;
      });
      const TuneOutcome part = run_tune(config_for(algorithm), first);
      raiser.join();
      INFO("delay " << delay_ms << " ms, stopped at iteration " << part.iterations);
      // On a loaded machine the raiser can wake only after the run has ended (seen under ctest -j2 at a
      // load of 8 on 2 cores, for hc and ga before adam existed): that run is whole and must equal the
      // uninterrupted one.
      if (!part.interrupted) {
        CHECK(part.iterations == total_iterations(algorithm));
        check_same(whole, part, out);
        continue;
      }
      RunOptions rest = options_for(out, log, 2);
      rest.iterations = total_iterations(algorithm);
      if (part.checkpoint_written) {
        const json checkpoint = read_checkpoint(part.checkpoint);
        check_same(whole, run_tune(config_for(algorithm), rest, &checkpoint), out);
      } else {  // stopped while loading: nothing to resume, a new run starts over
        CHECK(log.text().find("no checkpoint written") != std::string::npos);
        check_same(whole, run_tune(config_for(algorithm), rest), out);
      }
    }
  }
}

}  // namespace

TEST_CASE("Checkpoint then resume equals an uninterrupted run: hill climbing", "[tuner][checkpoint]") { check_resume("hc"); }
TEST_CASE("Checkpoint then resume equals an uninterrupted run: annealing", "[tuner][checkpoint]") { check_resume("sa"); }
TEST_CASE("Checkpoint then resume equals an uninterrupted run: genetic", "[tuner][checkpoint]") { check_resume("ga"); }
TEST_CASE("Checkpoint then resume equals an uninterrupted run: adam", "[tuner][checkpoint]") { check_resume("adam"); }

TEST_CASE("A finished run goes on when resumed with a later end condition", "[tuner][checkpoint]") {
  // The end conditions (hc's minimum step, sa's end temperature, ga's generations) only decide when a
  // run ends: a run ended early and carried on equals a run with the later end from the start.
  for (const std::string algorithm : {"hc", "sa", "ga"}) {
    INFO(algorithm);
    auto config = [&](bool early) {
      TuneConfig c = config_for(algorithm);
      c.hc.step = 16;
      c.hc.min_step = early ? 4 : 1;
      c.sa.t_start = 1e-5;
      c.sa.t_end = early ? 1e-6 : 1e-7;
      c.sa.rate = 0.9;
      c.ga.generations = early ? 3 : 6;
      return c;
    };
    const CapturedLog log;
    const std::filesystem::path whole_out = data().dir / (algorithm + "-end-whole.json");
    const TuneOutcome whole = run_tune(config(false), options_for(whole_out, log, 2));
    CHECK(whole.finished);
    const std::filesystem::path out = data().dir / (algorithm + "-end-parts.json");
    const TuneOutcome early = run_tune(config(true), options_for(out, log, 2));
    CHECK(early.finished);
    CHECK(early.iterations < whole.iterations);
    const json checkpoint = read_checkpoint(early.checkpoint);
    const TuneOutcome extended = run_tune(config(false), options_for(out, log, 1), &checkpoint);
    CHECK(extended.finished);
    CHECK(extended.iterations == whole.iterations);
    CHECK(extended.best == whole.best);
    CHECK(extended.best_loss == whole.best_loss);
    CHECK(read_text(out) == read_text(whole_out));
  }
}

TEST_CASE("The checkpoint holds what a resumed run needs", "[tuner][checkpoint]") {
  const CapturedLog log;
  const std::filesystem::path out = data().dir / "contents.json";
  RunOptions o = options_for(out, log, 2);
  o.iterations = 3;
  const TuneOutcome outcome = run_tune(config_for("ga"), o);
  CHECK(outcome.checkpoint == data().dir / "contents.checkpoint.json");
  CHECK(outcome.csv == data().dir / "contents.csv");
  const json j = read_checkpoint(outcome.checkpoint);
  CHECK(j.at("config").at("algorithm") == "ga");
  CHECK(j.at("config").at("params").size() == 5);
  CHECK(j.at("config").at("data") == data().file.string());
  CHECK(j.at("config").at("seed") == 99);
  CHECK(j.at("validation_seed") == 99);
  CHECK(j.at("k").get<double>() == outcome.k);
  CHECK(j.at("iteration") == 3);
  CHECK(j.at("data_positions") == 800);
  CHECK(j.at("train_positions") == 720);
  CHECK(j.at("validation_positions") == 80);
  CHECK(j.at("rng").get<std::string>().size() > 1000);
  CHECK(Params::from_json(j.at("best")) == outcome.best);
  CHECK(Params::from_json(j.at("config").at("start")) == config_for("ga").start);
  CHECK(j.at("best_loss").get<double>() == outcome.best_loss);
  CHECK(j.at("state").at("generation") == 3);
  CHECK(j.at("state").at("population").size() == 10);
  CHECK(j.at("state").at("population")[0].size() == 5);
  // The CSV: a header and one row per iteration, the first for the start.
  const std::string csv = read_text(outcome.csv);
  CHECK(csv.rfind("iteration,elapsed_s,evaluations,current_loss,best_loss,validation_loss,population_mean_loss,l2_penalty\n0,", 0) == 0);
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 5);
}

TEST_CASE("A checkpoint that does not fit is refused and left intact", "[tuner][checkpoint]") {
  const CapturedLog log;
  const std::filesystem::path out = data().dir / "mismatch.json";
  RunOptions o = options_for(out, log, 2);
  o.iterations = 4;
  const TuneOutcome outcome = run_tune(config_for("hc"), o);
  const std::string saved = read_text(outcome.checkpoint);
  const std::string saved_weights = read_text(out);
  const json checkpoint = read_checkpoint(outcome.checkpoint);
  RunOptions more = options_for(out, log, 2);
  more.iterations = 8;

  auto refused = [&](const TuneConfig& config, const std::string& message) {
    INFO(message);
    try {
      run_tune(config, more, &checkpoint);
      FAIL("the checkpoint was accepted");
    } catch (const TuneError& e) {
      CHECK_THAT(e.what(), Catch::Contains(message));
    }
    CHECK(read_text(outcome.checkpoint) == saved);
    CHECK(read_text(out) == saved_weights);
  };
  TuneConfig other_algorithm = config_for("hc");
  other_algorithm.algorithm = "sa";
  refused(other_algorithm, "algorithm: \"hc\" in the checkpoint, \"sa\" now");
  TuneConfig other_params = config_for("hc");
  other_params.params.pop_back();
  refused(other_params, "params:");
  TuneConfig other_seed = config_for("hc");
  other_seed.seed = 1;
  refused(other_seed, "seed: 99 in the checkpoint, 1 now");
  TuneConfig other_step = config_for("hc");
  other_step.hc.step = 2;
  refused(other_step, "hc:");
  TuneConfig other_start = config_for("hc");
  other_start.start = Params();
  refused(other_start, "start: other weights");
  TuneConfig other_data = config_for("hc");
  other_data.data = data().other.string();
  refused(other_data, "are not the data checkpoint");
  TuneConfig missing_data = config_for("hc");
  missing_data.data = (data().dir / "missing.txt").string();
  refused(missing_data, "missing.txt");

  // The options of another algorithm do not matter, nor does --strict: accepted.
  TuneConfig same = config_for("hc");
  same.sa.rate = 0.5;
  same.strict = true;
  CHECK_NOTHROW(run_tune(same, more, &checkpoint));
}

TEST_CASE("A new run does not overwrite an existing checkpoint without --force", "[tuner][checkpoint]") {
  const CapturedLog log;
  const std::filesystem::path out = data().dir / "existing.json";
  RunOptions o = options_for(out, log, 2);
  o.iterations = 2;
  const TuneOutcome outcome = run_tune(config_for("sa"), o);
  const std::string saved = read_text(outcome.checkpoint);
  o.force = false;
  CHECK_THROWS_WITH(run_tune(config_for("sa"), o), Catch::Contains("already exists") && Catch::Contains("--resume"));
  CHECK(read_text(outcome.checkpoint) == saved);
  // A failed start (bad data) with --force does not touch it either.
  o.force = true;
  TuneConfig bad = config_for("sa");
  bad.data = (data().dir / "missing.txt").string();
  CHECK_THROWS_AS(run_tune(bad, o), TuneError);
  CHECK(read_text(outcome.checkpoint) == saved);
}

TEST_CASE("Malformed checkpoints are clear errors", "[tuner][checkpoint]") {
  const std::filesystem::path dir = temp_dir("bad-checkpoints");
  CHECK_THROWS_WITH(read_checkpoint(dir / "none.json"), Catch::Contains("cannot read checkpoint"));
  std::ofstream(dir / "text.json") << "not json";
  CHECK_THROWS_WITH(read_checkpoint(dir / "text.json"), Catch::Contains("not valid JSON"));
  std::ofstream(dir / "weights.json") << Params().to_json().dump();
  CHECK_THROWS_WITH(read_checkpoint(dir / "weights.json"), Catch::Contains("not a jiang tune checkpoint"));
  std::ofstream(dir / "future.json") << R"({"format": "jiang tune checkpoint", "version": 99})";
  CHECK_THROWS_WITH(read_checkpoint(dir / "future.json"), Catch::Contains("version 99"));
  std::ofstream(dir / "empty-config.json") << R"({"format": "jiang tune checkpoint", "version": 1, "config": {}})";
  const json j = read_checkpoint(dir / "empty-config.json");
  CHECK_THROWS_AS(config_from_json(j.at("config")), TuneError);
}

// Found by fuzz_checkpoint: fields of the wrong type made nlohmann's type_error escape instead of
// TuneError, and numbers such as 1e300 were cast to int (undefined behaviour) or 2^64-1 read as -1.
TEST_CASE("Checkpoint readers throw TuneError or invalid_argument and nothing else", "[tuner][checkpoint][fuzz]") {
  const auto read = [](const std::string& text) {
    std::istringstream in(text);
    return read_checkpoint(in, "input");
  };
  const std::string head = R"({"format": "jiang tune checkpoint", "version": 1)";
  CHECK_THROWS_WITH(read(R"({"format": 1, "version": 1, "config": {}})"), Catch::Contains("not a jiang tune checkpoint"));
  CHECK_THROWS_WITH(read(R"({"format": "jiang tune checkpoint", "version": "1", "config": {}})"),
                    Catch::Contains("version \"1\""));
  CHECK_THROWS_WITH(read(head + "}"), Catch::Contains("no configuration"));
  CHECK_THROWS_WITH(read(head + R"(, "config": [], "out": "x.json"})"), Catch::Contains("no configuration"));
  CHECK_THROWS_WITH(read(head + R"(, "config": {}, "out": 7})"), Catch::Contains("\"out\""));
  CHECK_NOTHROW(read(head + R"(, "config": {}, "out": "x.json"})"));

  TuneConfig config;
  config.params = {"tempo"};
  const json good = json::parse(config_to_json(config).dump());
  CHECK(config_from_json(good).params == config.params);
  for (const auto& [key, value] : std::vector<std::pair<std::string, json>>{
           {"games", 1e300}, {"games", json::parse("18446744073709551615")}, {"depth", -1e300}, {"depth", 2.5},
           {"seed", -1}, {"nodes", "2000"}}) {
    INFO(key << " = " << value.dump());
    json bad = good;
    bad[key] = value;
    CHECK_THROWS_AS(config_from_json(bad), TuneError);
  }
  json whole = good;
  whole["hc"]["step"] = 4.0;  // a whole number written as a float still reads
  CHECK(config_from_json(whole).hc.step == 4);
  whole["hc"]["step"] = 1e300;
  CHECK_THROWS_AS(config_from_json(whole), TuneError);

  const SearchSpace space = make_search_space(Params().values(), {*Params::find("tempo")});
  const auto load = [&](const std::string& state) { make_hill_climbing(space, {})->load_state(json::parse(state)); };
  CHECK_THROWS_AS(load(R"({"initialized": true})"), std::invalid_argument);
  CHECK_THROWS_AS(load(R"({"initialized": true, "values": [18446744073709551615], "loss": 1, "step": 1,
                           "position": 0, "improved": false})"),
                  std::invalid_argument);
  CHECK_THROWS_AS(load(R"({"initialized": true, "values": [10], "loss": 1, "step": 1e300, "position": 0,
                           "improved": false})"),
                  std::invalid_argument);
  CHECK_THROWS_AS(load(R"([1, 2])"), std::invalid_argument);
  CHECK_NOTHROW(load(R"({"initialized": true, "values": [10], "loss": 1, "step": 1, "position": 0, "improved": false})"));
}

TEST_CASE("A shrunk output is the start moved part of the way to the best, and the checkpoint keeps the best", "[tuner][checkpoint]") {
  const CapturedLog log;
  const std::filesystem::path out = data().dir / "hc-shrunk.json";
  RunOptions o = options_for(out, log, 2);
  o.iterations = total_iterations("hc");
  o.shrink = 0.5;
  const TuneConfig config = config_for("hc");
  const TuneOutcome outcome = run_tune(config, o);
  CHECK(outcome.best == uninterrupted("hc").outcome.best);  // the run itself is unchanged

  const Params written = Params::load(out);
  int moved = 0;
  for (int i = 0; i < Params::size(); ++i) {
    const int start = config.start.get(i), best = outcome.best.get(i);
    CHECK(written.get(i) == start + int(std::lround(0.5 * double(best - start))));
    if (best != start) ++moved;
  }
  CHECK(moved > 0);
  const json checkpoint = read_checkpoint(outcome.checkpoint);
  CHECK(Params::from_json(checkpoint.at("best")) == outcome.best);

  o.shrink = 0.0;
  CHECK_THROWS_WITH(run_tune(config, o), Catch::Contains("--shrink"));
}
