// The traced evaluation (tuning/tuner/trace.h): equal to the real evaluation under random weights, the
// packed positions, and the incremental traced loss against the full one.
#include <catch2/catch.hpp>

#include "tests/tuner_support.h"
#include "tuning/tuner/packed_position.h"
#include "tuning/tuner/trace.h"

using namespace jiang;
using namespace jiang::tuner;
using namespace jiang::tuner_test;

namespace {

// Every parameter moved at random by up to `spread` within its bounds, from the defaults. The spread
// keeps the middlegame material in its default order (their gaps are above 50).
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
    const TraceWeights w(random_values(rng, 40));
    REQUIRE(same_exchange_order(w.tables.exchange_order, tracer.order()));
    const Evaluator eval(w.params);
    int differ = 0;
    for (size_t i = 0; i < positions.size(); ++i) differ += traced_red_eval(traces[i], w) != red_eval(eval, positions[i]);
    CHECK(differ == 0);
  }
}
