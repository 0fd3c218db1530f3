// The traced evaluation (tuning/tuner/trace.h): equal to the real evaluation under random weights, the
// packed positions, and the incremental traced loss against the full one.
#include <catch2/catch.hpp>

#include <optional>

#include <algorithm>

#include "tests/tuner_support.h"
#include "tuning/tuner/algorithms.h"
#include "tuning/tuner/packed_position.h"
#include "tuning/tuner/trace.h"
#include "tuning/tuner/traced_objective.h"

using namespace jiang;
using namespace jiang::tuner;
using namespace jiang::tuner_test;

namespace {

// Every parameter moved at random by up to `spread` within its bounds, from the defaults. Material moves
// half as far, so most draws keep the middlegame material in its default order.
std::vector<int> random_values(Rng& rng, int spread) {
  std::vector<int> values = Params().values();
  for (int i = 0; i < Params::size(); ++i) {
    const ParamInfo& info = Params::registry()[i];
    const int s = info.group == "material" ? spread / 2 : spread;
    values[i] = int(uniform_int(rng, std::max(info.min, values[i] - s), std::min(info.max, values[i] + s)));
  }
  return values;
}

}  // namespace

TEST_CASE("A packed position unpacks to the same position", "[tuner][trace]") {
  for (const Position& pos : sample_positions(300, 21)) {
    const Position back = unpack(pack(pos));
    CHECK(back.fen().substr(0, back.fen().find(" -")) == pos.fen().substr(0, pos.fen().find(" -")));
  }
}

TEST_CASE("The traced evaluation is the real evaluation under random weights", "[tuner][trace]") {
  const std::vector<Position> positions = sample_positions(1500, 22);
  const Tracer tracer{Params()};
  std::vector<PositionTrace> traces;
  for (const Position& pos : positions) traces.push_back(tracer.trace(pos));
  Rng rng(5);
  for (int set = 0; set < 8; ++set) {
    // The traces hold for one exchange order (the order of the middlegame material values): weights that
    // change it are drawn again.
    std::optional<TraceWeights> drawn;
    for (int draw = 0; draw < 100 && !drawn; ++draw) {
      drawn.emplace(random_values(rng, 40));
      if (!same_exchange_order(drawn->tables.exchange_order, tracer.order())) drawn.reset();
    }
    REQUIRE(drawn);
    const TraceWeights& w = *drawn;
    const Evaluator eval(w.params);
    int differ = 0;
    for (size_t i = 0; i < positions.size(); ++i) differ += traced_red_eval(traces[i], w) != red_eval(eval, positions[i]);
    CHECK(differ == 0);
  }
}

namespace {

// A horse's middlegame value above the cannon's, whatever the defaults: weights in another exchange order
// than the defaults' (the rook, worth twice the cannon, stays above it).
int horse_above_cannon() { return Params().values()[*Params::find("material.cannon.mg")] + 100; }

// Labelled positions whose results come from weights unlike the defaults, as the tuner sees them.
TexelData labelled_data(int count, uint64_t seed, double validation) {
  const Params target = perturbed({{"material.cannon.mg", 40}, {"mobility.horse.mg", -10}, {"tempo", 20}});
  const Evaluator eval(target);
  std::vector<LabelledPosition> input;
  int n = 0;
  for (const Position& p : sample_positions(count, seed))
    input.push_back({p.fen(), float(win_probability(1.0, red_eval(eval, p))), n + 1, n / 10, std::nullopt}), ++n;
  return prepare_texel_data(input, validation, 3, Params(), 2);
}

}  // namespace

TEST_CASE("The traced loss equals the full loss, step by step", "[tuner][trace]") {
  const TexelData data = labelled_data(1200, 23, 0.2);
  TracedData traced = trace_texel_data(data, Params(), 2);
  TracedPositionsObjective fast(traced, 1.1, 2);
  PositionsObjective slow(data, 1.1, 2);
  std::vector<int> values = Params().values();
  CHECK(fast.loss(values) == slow.loss(values));
  // One and two parameter steps, linear and not, then a jump that changes the exchange order (the
  // fallback) and one back.
  Rng rng(9);
  const std::vector<std::string> names = {"tempo", "danger.curve.mg", "relations.threat_to_move_pct",
                                          "material.rook.mg", "position.horse.mg.c7", "pins.rook.eg",
                                          "danger.attacker.rook", "control.enemy_palace.mg", "material.pawn.eg"};
  for (int step = 0; step < 30; ++step) {
    for (int moved = 0; moved < 1 + step % 2; ++moved) {
      const int p = *Params::find(names[size_t(uniform_int(rng, 0, int64_t(names.size()) - 1))]);
      const ParamInfo& info = Params::registry()[p];
      values[p] = std::clamp(values[p] + int(uniform_int(rng, -12, 12)), info.min, info.max);
    }
    INFO("step " << step);
    CHECK(fast.loss(values) == slow.loss(values));
  }
  const int horse = *Params::find("material.horse.mg");
  const int old_horse = values[horse];
  values[horse] = horse_above_cannon();  // another exchange order
  CHECK(fast.loss(values) == slow.loss(values));
  values[horse] = old_horse;
  CHECK(fast.loss(values) == slow.loss(values));
  CHECK(*fast.validation_loss(values) == *slow.validation_loss(values));
}

TEST_CASE("Hill climbing with the traced loss finds the weights it finds with the full loss", "[tuner][trace]") {
  const TexelData data = labelled_data(400, 24, 0.0);
  TracedData traced = trace_texel_data(data, Params(), 2);
  const std::vector<int> tuned = Params::select({"material", "tempo", "mobility", "danger.curve.mg"});
  std::vector<std::vector<int>> found;
  std::vector<double> losses;
  for (bool fast : {true, false}) {
    std::unique_ptr<Objective> objective;
    if (fast) objective = std::make_unique<TracedPositionsObjective>(traced, 1.0, 2);
    else objective = std::make_unique<PositionsObjective>(data, 1.0, 2);
    auto hc = make_hill_climbing(make_search_space(Params().values(), tuned), {8, 4});
    Rng rng(1);
    hc->initialize(*objective, rng);
    for (int i = 0; i < 200 && !hc->finished(); ++i) hc->step(*objective, rng);
    found.push_back(hc->best());
    losses.push_back(hc->best_loss());
  }
  CHECK(found[0] == found[1]);
  CHECK(losses[0] == losses[1]);
  CHECK(found[0] != Params().values());
}

TEST_CASE("The traced loss does not depend on the thread count", "[tuner][trace]") {
  const TexelData data = labelled_data(9000, 25, 0.0);  // three blocks
  TracedData one = trace_texel_data(data, Params(), 1), two = trace_texel_data(data, Params(), 2);
  TracedPositionsObjective a(one, 1.0, 1), b(two, 1.0, 2);
  std::vector<int> values = Params().values();
  for (const char* name : {"tempo", "material.rook.eg", "danger.curve.mg"}) {
    values[*Params::find(name)] += 5;
    CHECK(a.loss(values) == b.loss(values));
  }
}

TEST_CASE("Weights that settle in another exchange order are traced again, and the loss stays exact",
          "[tuner][trace]") {
  const TexelData data = labelled_data(1200, 26, 0.2);
  TracedData traced = trace_texel_data(data, Params(), 2);
  TracedPositionsObjective fast(traced, 1.1, 2);
  PositionsObjective slow(data, 1.1, 2);
  const ExchangeOrder start_order = traced.train->order();
  std::vector<int> values = Params().values();
  const int horse = *Params::find("material.horse.mg"), tempo = *Params::find("tempo");

  SECTION("a step across and back (rejected) keeps the traces") {
    values[horse] = horse_above_cannon();
    CHECK(fast.loss(values) == slow.loss(values));
    values[horse] = Params().values()[horse];
    CHECK(fast.loss(values) == slow.loss(values));
    CHECK(fast.retraces() == 0);
    CHECK(same_exchange_order(traced.train->order(), start_order));
  }
  SECTION("losses around a point across trace it again, both sets") {
    values[horse] = horse_above_cannon();  // another exchange order
    for (int step = 0; step < kRetraceStreak + 4; ++step) {
      values[tempo] += step % 2 ? -3 : 5;
      INFO("step " << step);
      CHECK(fast.loss(values) == slow.loss(values));
      CHECK(fast.retraces() == (step + 1 >= kRetraceStreak ? 1 : 0));
    }
    CHECK(*fast.validation_loss(values) == *slow.validation_loss(values));
    CHECK(!same_exchange_order(traced.train->order(), start_order));
    CHECK(same_exchange_order(traced.validation->order(), traced.train->order()));
    CHECK(traced.train->size() + traced.validation->size() == 1200);
  }
  SECTION("a gradient across traces again at once, as if traced there from the start") {
    values[horse] = horse_above_cannon();
    const std::vector<int> params = Params::select({"material", "tempo", "mobility"});
    const std::vector<double> g = fast.gradient(values, params);
    CHECK(fast.retraces() == 1);
    Params there_params;
    there_params.set_values(values);
    TracedData fresh = trace_texel_data(data, there_params, 2);
    TracedPositionsObjective there(fresh, 1.1, 2);
    CHECK(g == there.gradient(values, params));
    CHECK(there.retraces() == 0);
  }
}
