// The games objective: the candidate against the baseline in pairs of games with colours swapped.
#include <catch2/catch.hpp>

#include "tests/tuner_support.h"
#include "tuning/tuner/games.h"
#include "tuning/tuner/tuner.h"

using namespace jiang;
using namespace jiang::tuner;
using namespace jiang::tuner_test;
using nlohmann::json;

TEST_CASE("The games objective scores the candidate over pairs of games", "[tuner][games]") {
  GamesSettings settings;
  settings.games = 4;
  settings.limits = {0, 200};
  settings.threads = 2;
  GamesObjective objective(settings);
  // The baseline against itself: every pair is the same game twice with colours swapped, so the pair
  // scores exactly 1 of 2 whatever happens.
  const double even = objective.loss(Params().values());
  CHECK(even == Approx(0.5));
  const auto tally = objective.last_tally();
  CHECK(tally.wins + tally.draws + tally.losses == 4);
  CHECK(tally.wins == tally.losses);

  // A candidate that values its rooks, horses and cannons at next to nothing gives them away and loses:
  // its loss is higher, and the same every time. (Rooks alone were not enough: at 200 nodes such a
  // candidate drew all four games once the search changed.)
  Params weak;
  for (const char* name : {"material.rook.mg", "material.rook.eg", "material.horse.mg", "material.horse.eg",
                           "material.cannon.mg", "material.cannon.eg"})
    weak.set(*Params::find(name), 10);  // whatever the defaults are
  const double bad = objective.loss(weak.values());
  CHECK(bad > 0.5);
  CHECK(objective.loss(weak.values()) == bad);
  GamesSettings one_thread = settings;
  one_thread.threads = 1;
  GamesObjective serial(one_thread);
  CHECK(serial.loss(weak.values()) == bad);
  CHECK(objective.evaluations() == 3);
}

TEST_CASE("A stop flag abandons the games and interrupts the evaluation", "[tuner][games]") {
  GamesSettings settings;
  settings.games = 2;
  settings.limits = {0, 200};
  GamesObjective objective(settings);
  std::atomic<bool> stop{true};
  objective.set_stop_flag(&stop);
  CHECK_THROWS_AS(objective.loss(Params().values()), Interrupted);
  CHECK(objective.evaluations() == 0);
}

TEST_CASE("A tuning run on games works end to end and resumes", "[tuner][games]") {
  const std::filesystem::path dir = temp_dir("games");
  const CapturedLog log;
  TuneConfig c;
  c.algorithm = "hc";
  c.objective = "games";
  c.games = 2;
  c.nodes = 200;
  c.params = {"material.rook.mg"};
  c.start = perturbed({{"material.rook.mg", -600}});
  c.hc.step = 300;
  c.hc.min_step = 100;
  RunOptions o;
  o.out = dir / "games.json";
  o.threads = 2;
  o.iterations = 1;
  o.logger = log.logger;
  const TuneOutcome outcome = run_tune(c, o);
  CHECK(outcome.iterations == 1);
  CHECK(outcome.best_loss <= outcome.start_loss);
  CHECK_FALSE(outcome.best_validation_loss.has_value());
  CHECK(Params::load(o.out) == outcome.best);
  const json checkpoint = read_checkpoint(outcome.checkpoint);
  CHECK(checkpoint.at("config").at("objective") == "games");
  o.iterations = 2;
  const TuneOutcome resumed = run_tune(c, o, &checkpoint);
  CHECK(resumed.iterations == 2);
  CHECK(resumed.best_loss <= outcome.best_loss);
}
