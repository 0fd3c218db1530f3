// The positions objective: the sigmoid, K fitting, the validation split, quiet leaves, and a loss that
// does not depend on the number of threads.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "tests/tuner_support.h"
#include "tuning/tuner/texel.h"

using namespace jiang;
using namespace jiang::tuner;
using namespace jiang::tuner_test;

namespace {

std::vector<LabelledPosition> labelled(const std::vector<Position>& positions, const std::vector<float>& results) {
  std::vector<LabelledPosition> out;
  for (size_t i = 0; i < positions.size(); ++i) out.push_back({positions[i].fen(), results[i], int(i + 1), int(i), std::nullopt});
  return out;
}

}  // namespace

TEST_CASE("The sigmoid maps centipawns to Red's expected score", "[tuner][texel]") {
  CHECK(win_probability(1.0, 0) == Approx(0.5));
  CHECK(win_probability(1.0, 400) == Approx(1.0 / 1.1));
  CHECK(win_probability(1.0, -400) == Approx(1.0 - 1.0 / 1.1));
  CHECK(win_probability(2.0, 200) == Approx(win_probability(1.0, 400)));
}

TEST_CASE("Red's evaluation is the side to move's, negated when Black moves", "[tuner][texel]") {
  const Evaluator eval;
  const Position red = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R w - - 0 1");
  const Position black = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R b - - 0 1");
  CHECK(red_eval(eval, red) == eval.evaluate(red));
  CHECK(red_eval(eval, black) == -eval.evaluate(black));
  CHECK(red_eval(eval, red) < 0);  // Red is a horse down whoever moves
  CHECK(red_eval(eval, black) < 0);
}

TEST_CASE("K fitting finds the K that generated the labels", "[tuner][texel]") {
  const std::vector<Position> positions = sample_positions(1500, 11);
  PositionSet set;
  set.leaves = positions;
  const Evaluator eval;
  const std::vector<int> evals = red_evals(set, eval, 2);
  for (double k : {0.3, 1.0, 1.7, 4.0}) {
    std::vector<float> results;
    for (int e : evals) results.push_back(float(win_probability(k, e)));
    const double fitted = fit_k(evals, results);
    INFO("K " << k << " fitted " << fitted);
    CHECK(fitted == Approx(k).epsilon(0.01));
    CHECK(mean_squared_error(evals, results, fitted) < 1e-8);
  }
}

TEST_CASE("K fitting finds K from noisy game results", "[tuner][texel]") {
  // Results drawn as wins and losses with the sigmoid's probability: the fitted K is near the true one.
  const std::vector<Position> positions = sample_positions(6000, 12);
  PositionSet set;
  set.leaves = positions;
  const std::vector<int> evals = red_evals(set, Evaluator(), 2);
  constexpr double kTrue = 1.3;
  Rng rng(5);
  std::vector<float> results;
  for (int e : evals) results.push_back(uniform01(rng) < win_probability(kTrue, e) ? 1.0f : 0.0f);
  const double fitted = fit_k(evals, results);
  INFO("fitted " << fitted);
  CHECK(fitted == Approx(kTrue).epsilon(0.15));
  // It is the minimum: a little either side is worse.
  CHECK(mean_squared_error(evals, results, fitted) <= mean_squared_error(evals, results, fitted * 1.05));
  CHECK(mean_squared_error(evals, results, fitted) <= mean_squared_error(evals, results, fitted / 1.05));
}

TEST_CASE("The loss does not depend on the number of threads", "[tuner][texel]") {
  const std::vector<Position> positions = sample_positions(9000, 13);  // several chunks
  PositionSet set;
  set.leaves = positions;
  Rng rng(1);
  for (size_t i = 0; i < positions.size(); ++i) set.results.push_back(float(uniform_int(rng, 0, 2)) / 2.0f);
  const Params params = perturbed({{"material.rook.mg", 37}, {"tempo", -5}});
  const Evaluator eval(params);
  const double one = mean_squared_error(set, eval, 1.1, 1);
  CHECK(mean_squared_error(set, eval, 1.1, 2) == one);  // bit for bit
  CHECK(mean_squared_error(set, eval, 1.1, 3) == one);
  CHECK(mean_squared_error(set, eval, 1.1, 8) == one);
  // And it is the mean of the squared errors.
  double sum = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    const double d = set.results[i] - win_probability(1.1, red_eval(eval, positions[i]));
    sum += d * d;
  }
  CHECK(one == Approx(sum / double(positions.size())).epsilon(1e-12));
}

TEST_CASE("A raised stop flag interrupts a loss evaluation", "[tuner][texel]") {
  PositionSet set;
  set.leaves = sample_positions(100, 14);
  set.results.assign(100, 0.5f);
  std::atomic<bool> stop{true};
  CHECK_THROWS_AS(mean_squared_error(set, Evaluator(), 1.0, 2, &stop), Interrupted);
  stop = false;
  CHECK_NOTHROW(mean_squared_error(set, Evaluator(), 1.0, 2, &stop));
}

TEST_CASE("Lambda blends the search score into the labels that have one", "[tuner][texel]") {
  PositionSet set;
  set.results = {1.0f, 0.0f, 0.5f};
  set.scores = {100, kNoScore, -50};
  CHECK(blend_labels(set, 0.8, 0.25) == 2);
  CHECK(set.results[0] == Approx(0.25 + 0.75 * win_probability(0.8, 100)));
  CHECK(set.results[1] == 0.0f);  // no score: the result alone
  CHECK(set.results[2] == Approx(0.125 + 0.75 * win_probability(0.8, -50)));
  CHECK(set.scores.empty());
  PositionSet only_scores;
  only_scores.results = {1.0f};
  only_scores.scores = {-200};
  blend_labels(only_scores, 1.0, 0.0);
  CHECK(only_scores.results[0] == Approx(win_probability(1.0, -200)));
}

TEST_CASE("A search score is part of the data's fingerprint", "[tuner][texel]") {
  std::vector<LabelledPosition> input = labelled(sample_positions(3, 4), {1.0f, 0.5f, 0.0f});
  const uint64_t without = fingerprint(input);
  input[1].score = 35;
  const uint64_t with = fingerprint(input);
  input[1].score = -35;
  CHECK(without != with);
  CHECK(fingerprint(input) != with);
  const TexelData data = prepare_texel_data(input, 0.0, 1, Params(), 1);
  CHECK(data.train.scores == std::vector<int32_t>{kNoScore, -35, kNoScore});
}

TEST_CASE("The validation split is seeded, disjoint and complete", "[tuner][texel]") {
  const std::vector<Position> positions = sample_positions(1000, 15);
  std::vector<float> results;
  for (size_t i = 0; i < positions.size(); ++i) results.push_back(float(i % 3) / 2.0f);
  const std::vector<LabelledPosition> input = labelled(positions, results);
  const Params params;

  const TexelData a = prepare_texel_data(input, 0.1, 7, params, 2);
  CHECK(a.train.size() == 900);
  CHECK(a.validation.size() == 100);
  CHECK(a.train.results.size() == 900);
  const TexelData b = prepare_texel_data(input, 0.1, 7, params, 1);  // same seed, other thread count
  CHECK(a.validation.leaves == b.validation.leaves);
  CHECK(a.train.leaves == b.train.leaves);
  CHECK(a.fingerprint == b.fingerprint);
  const TexelData c = prepare_texel_data(input, 0.1, 8, params, 2);
  CHECK_FALSE(a.validation.leaves == c.validation.leaves);

  // Every leaf is the quiet leaf of its position, without a game record (a compact Position).
  SearchScratch scratch;
  const Evaluator eval(params);
  size_t train = 0;
  // The split keeps file order: walk both sets in step with the input.
  size_t validation = 0;
  for (size_t i = 0; i < input.size(); ++i) {
    // From the FEN, as the tuner reads it: the game record (repetitions) must not change the leaf.
    const Position leaf = quiet_leaf(Position::from_fen(input[i].fen), eval, scratch);
    if (train < a.train.size() && a.train.leaves[train] == leaf && a.train.results[train] == results[i]) {
      CHECK(a.train.leaves[train].plies_played() == 0);
      ++train;
    } else {
      REQUIRE(validation < a.validation.size());
      CHECK(a.validation.leaves[validation] == leaf);
      CHECK(a.validation.results[validation] == results[i]);
      ++validation;
    }
  }
  CHECK(train == 900);
  CHECK(validation == 100);

  const TexelData none = prepare_texel_data(input, 0.0, 7, params, 2);
  CHECK(none.train.size() == 1000);
  CHECK(none.validation.size() == 0);
  CHECK_THROWS_AS(prepare_texel_data({}, 0.1, 7, params, 2), std::invalid_argument);
  CHECK_THROWS_AS(prepare_texel_data(labelled({positions[0]}, {0.5f}), 0.9, 7, params, 2), std::invalid_argument);
}

TEST_CASE("The validation split holds out whole games", "[tuner][texel]") {
  const std::vector<Position> positions = sample_positions(600, 17);
  std::vector<LabelledPosition> input = labelled(positions, std::vector<float>(positions.size(), 0.5f));
  // 60 games of 10 positions, each game labelled with its own number.
  for (size_t i = 0; i < input.size(); ++i) {
    input[i].game = int(i / 10);
    input[i].result = float(input[i].game) / 64.0f;
  }
  const TexelData data = prepare_texel_data(input, 0.1, 7, Params(), 2);
  CHECK(data.validation.size() == 60);
  CHECK(data.train.size() == 540);
  std::set<float> held_out(data.validation.results.begin(), data.validation.results.end());
  CHECK(held_out.size() == 6);
  for (float game : data.train.results) CHECK(held_out.count(game) == 0);
  // One game that is the whole file leaves nothing to train on.
  for (LabelledPosition& p : input) p.game = 0;
  CHECK_THROWS_WITH(prepare_texel_data(input, 0.1, 7, Params(), 2), Catch::Contains("every game"));
}

TEST_CASE("The positions objective is zero where the labels came from", "[tuner][texel]") {
  const std::vector<Position> positions = sample_positions(800, 16);
  const Params target;
  const Params start = perturbed({{"material.cannon.mg", 60}});
  const Evaluator start_eval(start), target_eval(target);
  SearchScratch scratch;
  std::vector<float> results;
  for (const Position& p : positions)
    results.push_back(float(win_probability(1.0, red_eval(target_eval, quiet_leaf(p, start_eval, scratch)))));
  const TexelData data = prepare_texel_data(labelled(positions, results), 0.0, 1, start, 2);
  PositionsObjective objective(data, 1.0, 2);
  const double at_target = objective.loss(target.values());
  const double at_start = objective.loss(start.values());
  CHECK(at_target < 1e-12);
  CHECK(at_start > 100 * at_target);
  CHECK(objective.evaluations() == 2);
  CHECK_FALSE(objective.validation_loss(target.values()).has_value());
}
