// EngineClient as a GUI's analysis uses it: every info line passed on, `go infinite` with MultiPV until
// `stop`, the bestmove consumed; against jiang itself in both protocols, and a fake engine that answers
// `go infinite` at once.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "match/engine_client.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/position.h"
#include "tests/match_support.h"

using namespace jiang;
using namespace jiang::match;
using namespace jiang::match_test;
using SteadyClock = std::chrono::steady_clock;

namespace {

// Far beyond what three lines at depth 5 take on a loaded machine: only a broken analysis waits this long.
constexpr auto kAnalysisBound = 60s;
constexpr int kWantedDepth = 5;
constexpr int kLines = 3;

bool legal_in(const Position& pos, const std::string& text) {
  const std::optional<Move> move = parse_move(text);
  return move && is_legal(pos, *move);
}

std::unique_ptr<EngineClient> started(const std::string& spec) {
  EngineSpec s = parse_engine_spec(spec);
  auto client = std::make_unique<EngineClient>(s, resolve_program(s.program), nullptr);
  client->start(-1);
  return client;
}

}  // namespace

TEST_CASE("A GUI's analysis of jiang: MultiPV lines with every field, stopped on demand, bestmove consumed",
          "[match][analysis]") {
  const auto [proto, wdl_option] = GENERATE(std::pair<std::string, std::string>{"uci", "UCI_ShowWDL"},
                                            std::pair<std::string, std::string>{"ucci", "showwdl"});
  INFO("proto=" << proto);
  auto jiang = started("name=jiang cmd=" JIANG_BINARY " proto=" + proto + " option." + wdl_option + "=true");
  std::vector<EngineInfo> infos;
  jiang->on_info([&](const EngineInfo& info) { infos.push_back(info); });

  Position pos = Position::from_fen(std::string(kStartFen));
  pos.make_move(*parse_move("h2e2"));
  REQUIRE(jiang->start_analysis(std::string(kStartFen), {"h2e2"}, kLines));
  // Until every line has reached the depth: the engine keeps thinking, as `go infinite` asks.
  const auto bound = SteadyClock::now() + kAnalysisBound;
  std::map<int, int> deepest;  // multipv -> depth
  const auto deep_enough = [&] {
    for (const EngineInfo& i : infos)
      if (i.multipv) deepest[i.multipv] = std::max(deepest[i.multipv], i.depth);
    return int(deepest.size()) == kLines &&
           std::all_of(deepest.begin(), deepest.end(), [](const auto& d) { return d.second >= kWantedDepth; });
  };
  while (SteadyClock::now() < bound && !deep_enough())
    REQUIRE(jiang->follow_analysis(SteadyClock::now() + 100ms, -1) == EngineClient::AnalysisState::Running);
  REQUIRE(deepest.size() == size_t(kLines));
  for (const auto& [line, depth] : deepest) CHECK(depth >= kWantedDepth);

  const std::optional<BestMove> best = jiang->stop_analysis();
  REQUIRE(best);
  CHECK(legal_in(pos, best->move));
  CHECK(jiang->healthy());

  // The lines of one depth: ranked 1..3, each with its own first move, every field a GUI shows.
  std::map<int, std::set<std::string>> first_moves;  // depth -> first moves of its lines
  for (const EngineInfo& i : infos) {
    if (i.depth != kWantedDepth || !i.score) continue;
    INFO("multipv " << i.multipv);
    CHECK((i.multipv >= 1 && i.multipv <= kLines));
    REQUIRE_FALSE(i.pv.empty());
    CHECK(legal_in(pos, i.pv[0]));
    first_moves[i.depth].insert(i.pv[0]);
    CHECK(i.nodes.value_or(0) > 0);
    CHECK(i.nps);
    CHECK(i.time_ms);
    CHECK(i.hashfull);
    REQUIRE(i.wdl);
    CHECK(i.wdl->win + i.wdl->draw + i.wdl->loss == 1000);
  }
  CHECK(first_moves[kWantedDepth].size() == size_t(kLines));

  // The engine is ready for the next request: a game's search answers for its own position, and its info
  // lines reach the callback too.
  infos.clear();
  SearchRequest request{std::string(kStartFen), {}, {}, {}, 30s};
  request.budget.depth = 3;
  const SearchReply reply = jiang->search(request, -1);
  REQUIRE(reply.status == SearchReply::Status::BestMove);
  CHECK(legal_in(Position::from_fen(std::string(kStartFen)), reply.best.move));
  CHECK(reply.depth == 3);
  CHECK_FALSE(infos.empty());
  CHECK(infos.back().depth == 3);
}

TEST_CASE("An analysis the engine ends by itself is Ended, and its bestmove is the one stop_analysis gives",
          "[match][analysis]") {
  const auto dir = temp_dir("analysis-ended");
  auto fake = started("name=fake cmd=" + kFakeEngine + " args='illegal " + (dir / "pids").string() + "'");
  REQUIRE(fake->start_analysis(std::string(kStartFen), {}, 1));
  CHECK(fake->follow_analysis(SteadyClock::now() + 10s, -1) == EngineClient::AnalysisState::Ended);
  const std::optional<BestMove> best = fake->stop_analysis();
  REQUIRE(best);
  CHECK(best->move == "e0e2");
  CHECK_FALSE(fake->stop_analysis());  // nothing left to stop
  CHECK(fake->healthy());
}

TEST_CASE("Analysis asks only for what the engine offers", "[match][analysis]") {
  const auto dir = temp_dir("analysis-multipv");
  auto fake = started("name=fake cmd=" + kFakeEngine + " args='illegal " + (dir / "pids").string() + "'");
  CHECK_THROWS_WITH(fake->start_analysis(std::string(kStartFen), {}, 2), Catch::Contains("no MultiPV option"));
  CHECK_THROWS_AS(fake->start_analysis(std::string(kStartFen), {}, 0), EngineError);
  CHECK(fake->healthy());
}
