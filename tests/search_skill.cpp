// Strength levels: the choice among the best lines, the node cap, the Elo scale, and weakened searches
// that still play legal moves and still take a free rook.
#include <catch2/catch.hpp>
#include <algorithm>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/skill.h"
#include "engine/wdl.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "support/move_text.h"

using namespace jiang;

namespace {

Skill at_level(double level, uint64_t seed = 1) {
  Skill skill;
  skill.level = level;
  skill.seed = seed;
  return skill;
}

// The moves chosen among `lines` at `level`, one per seed, over many seeds.
struct Choices {
  std::vector<Move> moves;
  long count(Move m) const { return long(std::count(moves.begin(), moves.end(), m)); }
  long size() const { return long(moves.size()); }
};
Choices choices(double level, const std::vector<ScoredMove>& lines, int trials = 400) {
  Choices chosen;
  for (int seed = 1; seed <= trials; ++seed) chosen.moves.push_back(choose_skill_move(at_level(level, uint64_t(seed)), lines));
  return chosen;
}

}  // namespace

TEST_CASE("skill: full strength is no skill, and lower levels search fewer nodes with a larger error", "[skill]") {
  CHECK_FALSE(Skill{}.enabled());
  CHECK_FALSE(at_level(kMaxSkillLevel).enabled());
  CHECK(at_level(0).enabled());
  for (int level = 1; level < kMaxSkillLevel; ++level) {
    INFO("level " << level);
    CHECK(at_level(level).node_cap() > at_level(level - 1).node_cap());
    CHECK(at_level(level).max_error() <= at_level(level - 1).max_error());
  }
  CHECK(at_level(0).max_error() > 0);
}

TEST_CASE("skill: the Elo scale rises with the level and is clamped to its range", "[skill]") {
  CHECK(skill_level_for_elo(kMinSkillElo) == Approx(0));
  CHECK(skill_level_for_elo(kMinSkillElo - 500) == Approx(0));
  // The strongest rating is the strongest level that still limits strength; full strength is beyond it.
  CHECK(skill_level_for_elo(kMaxSkillElo) == Approx(kMaxSkillLevel - 1));
  CHECK(skill_level_for_elo(kMaxSkillElo + 500) == Approx(kMaxSkillLevel - 1));
  double previous = -1;
  for (int elo = kMinSkillElo; elo <= kMaxSkillElo; elo += 25) {
    INFO("Elo " << elo);
    const double level = skill_level_for_elo(elo);
    CHECK(level > previous);
    previous = level;
  }
}

TEST_CASE("skill: the weakest level plays close alternatives but never a much worse move", "[skill]") {
  const std::vector<ScoredMove> close{{parse("h2e2"), 30}, {parse("b2e2"), 20}, {parse("h0g2"), 10}, {parse("c3c4"), 0}};
  const Choices weak = choices(0, close);
  CHECK(weak.count(parse("h2e2")) < weak.size());  // alternatives are played
  CHECK(weak.count(parse("c3c4")) > 0);
  // One level below full strength the error is a centipawn or two: the best line is played.
  CHECK(choices(kMaxSkillLevel - 1, close).count(parse("h2e2")) == 400);

  const std::vector<ScoredMove> one_good{{parse("h2e2"), 900}, {parse("b2e2"), 0}, {parse("h0g2"), -50}};
  CHECK(choices(0, one_good).count(parse("h2e2")) == 400);
}

TEST_CASE("skill: a found mate is played and a mated line is never preferred", "[skill]") {
  const std::vector<ScoredMove> mating{{parse("h2e2"), mate_in(3)}, {parse("b2e2"), 500}, {parse("h0g2"), 480}};
  CHECK(choices(0, mating).count(parse("h2e2")) == 400);
  const std::vector<ScoredMove> defending{{parse("h2e2"), -400}, {parse("b2e2"), mated_in(4)}, {parse("h0g2"), mated_in(2)}};
  CHECK(choices(0, defending).count(parse("h2e2")) == 400);
}

TEST_CASE("skill: a weakened search keeps to its node cap and plays legal, varied moves", "[skill][search]") {
  Engine engine(16);
  std::vector<Move> played;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    engine.set_position(kStartFen, {});
    SearchLimits limits;
    limits.skill = at_level(0, seed);
    const SearchResult result = engine.search(limits);
    INFO("seed " << seed);
    CHECK(is_legal(engine.position(), result.best));
    // The cap is checked at every node; the iteration in flight may finish its move's count.
    CHECK(result.nodes <= limits.skill.node_cap() + 1);
    if (std::find(played.begin(), played.end(), result.best) == played.end()) played.push_back(result.best);
  }
  CHECK(played.size() > 1);
}

TEST_CASE("skill: even the weakest level takes a hanging rook", "[skill][search]") {
  // Red's rook on e2 and Black's undefended rook on e5 face each other: taking wins a rook, anything
  // else loses one, a difference far beyond the weakest level's error.
  const std::string fen = "3akab2/9/4b4/9/4r4/9/9/4R4/9/3AKA3 w - - 0 1";
  Engine engine(16);
  engine.set_position(fen, {});
  const Move take = parse("e2e5");
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    SearchLimits limits;
    limits.skill = at_level(0, seed);
    CHECK(engine.search(limits).best == take);
  }
}

TEST_CASE("wdl: chances in per mille that sum to 1000, rise with the score and mirror for the other side", "[wdl]") {
  int previous_win = -1;
  for (Score s = -1500; s <= 1500; s += 25) {
    INFO("score " << s);
    const Wdl wdl = wdl_from_score(s);
    CHECK(wdl.win + wdl.draw + wdl.loss == 1000);
    CHECK(wdl.draw >= 0);
    CHECK(wdl.win >= previous_win);
    previous_win = wdl.win;
    const Wdl other = wdl_from_score(Score(-s));
    CHECK(other.win == wdl.loss);
    CHECK(other.loss == wdl.win);
  }
  CHECK(wdl_from_score(0).draw > wdl_from_score(0).win);  // an equal position is most often drawn
  CHECK(wdl_from_score(mate_in(5)).win == 1000);
  CHECK(wdl_from_score(mated_in(4)).loss == 1000);
}
