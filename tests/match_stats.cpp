// The match statistics: pentanomial counting, Elo with its 95% margin from the pair scores, the
// logistic GSPRT and when it stops. Expected values come from fastchess's published tests (its
// EloPentanomial and "logistic pentanomial" cases) and from an independent computation (Newton's method
// on the same maximum-likelihood problem, in Python, by hand-checked formulas).
#include <catch2/catch.hpp>

#include "match/stats.h"
#include "match/tally.h"

using namespace jiang::match;
using Catch::Matchers::Matches;

namespace {

// Counts in fastchess's order: LL, LD, WL, DD, WD, WW.
Pentanomial penta(int ll, int ld, int wl, int dd, int wd, int ww) {
  Pentanomial p;
  p.ll = ll, p.ld = ld, p.wl = wl, p.dd = dd, p.wd = wd, p.ww = ww;
  return p;
}

}  // namespace

TEST_CASE("A game pair lands in the pentanomial class of its total", "[match][stats]") {
  Pentanomial p;
  p.add(Outcome::Loss, Outcome::Loss);
  p.add(Outcome::Draw, Outcome::Loss);
  p.add(Outcome::Loss, Outcome::Draw);
  p.add(Outcome::Draw, Outcome::Draw);
  p.add(Outcome::Win, Outcome::Loss);
  p.add(Outcome::Loss, Outcome::Win);
  p.add(Outcome::Win, Outcome::Draw);
  p.add(Outcome::Win, Outcome::Win);
  CHECK(p.ll == 1);
  CHECK(p.ld == 2);
  CHECK(p.dd == 1);
  CHECK(p.wl == 2);
  CHECK(p.wd == 1);
  CHECK(p.ww == 1);
  CHECK(p.pairs() == 8);
  CHECK(p.classes() == std::array<int, 5>{1, 2, 3, 1, 1});
}

TEST_CASE("Logistic Elo and the expected score are inverses", "[match][stats]") {
  CHECK(elo_to_score(0) == Approx(0.5));
  CHECK(elo_to_score(400) == Approx(10.0 / 11));
  for (double elo : {-300.0, -5.0, 0.0, 35.0, 700.0}) CHECK(score_to_elo(elo_to_score(elo)) == Approx(elo).margin(1e-9));
}

TEST_CASE("Elo and its 95% margin from the pair scores match fastchess's published values", "[match][stats]") {
  const auto a = estimate_elo(penta(34, 54, 31, 32, 64, 75));
  REQUIRE(a);
  CHECK(a->score == Approx(0.5793103448));
  CHECK(a->elo == Approx(55.58).margin(0.01));
  CHECK(a->margin == Approx(27.65).margin(0.01));
  const auto b = estimate_elo(penta(332, 433, 457, 41, 333, 334));
  REQUIRE(b);
  CHECK(b->elo == Approx(-8.64).margin(0.01));
  CHECK(b->margin == Approx(10.33).margin(0.01));
}

TEST_CASE("Elo by hand: an even pentanomial and a clean sweep", "[match][stats]") {
  // LL 3, LD 10, DD+WL 30, WD 12, WW 2: mean (2.5 + 15 + 9 + 2) / 57 = 0.5; variance of a pair
  // (3 * 0.25 + 10 * 0.0625 + 12 * 0.0625 + 2 * 0.25) / 57; margin from 0.5 -/+ 1.96 * sqrt(var / 57).
  const auto even = estimate_elo(penta(3, 10, 5, 25, 12, 2));
  REQUIRE(even);
  CHECK(even->elo == Approx(0).margin(1e-9));
  CHECK(even->margin == Approx(38.8731).margin(1e-3));
  // Every pair won: no finite Elo; the score is held half a game inside 1 (20 games: 0.975), and the
  // pairs do not vary, so the margin is 0.
  const auto sweep = estimate_elo(penta(0, 0, 0, 0, 0, 10));
  REQUIRE(sweep);
  CHECK(sweep->elo == Approx(score_to_elo(0.975)));
  CHECK(sweep->margin == 0);
  CHECK_FALSE(estimate_elo(Pentanomial{}));
  // From single games: 6-2-2 gives 0.7, the variance of a game (6 * 0.09 + 2 * 0.04 + 2 * 0.49) / 10.
  const auto games = estimate_elo(6, 2, 2);
  REQUIRE(games);
  CHECK(games->score == Approx(0.7));
  CHECK(games->elo == Approx(147.19).margin(0.01));
}

TEST_CASE("SPRT bounds are log(beta / (1 - alpha)) and log((1 - beta) / alpha)", "[match][stats]") {
  const SprtBounds b = sprt_bounds({0, 5, 0.05, 0.05});
  CHECK(b.lower == Approx(-2.944438979));
  CHECK(b.upper == Approx(2.944438979));
  const SprtBounds c = sprt_bounds({0, 5, 0.1, 0.02});
  CHECK(c.lower == Approx(std::log(0.02 / 0.9)));
  CHECK(c.upper == Approx(std::log(0.98 / 0.1)));
}

TEST_CASE("The pentanomial LLR matches fastchess's published values and an independent solver", "[match][stats]") {
  // fastchess: "logistic pentanomial 1" and "2" (to two decimals); the Python solver: to 1e-6.
  CHECK(sprt_llr(penta(223, 9863, 20279, 1000, 10037, 246), {0.5, 2.5, 0.05, 0.05}) == Approx(-3.0741264).margin(1e-5));
  CHECK(sprt_llr(penta(871, 26175, 55003, 980, 26678, 821), {0, 2, 0.05, 0.05}) == Approx(-4.9786729).margin(1e-5));
  CHECK(sprt_llr(penta(3, 10, 5, 25, 12, 2), {0, 5, 0.05, 0.05}) == Approx(-0.0321342).margin(1e-6));
  CHECK(sprt_llr(penta(3, 10, 5, 25, 12, 2), {-5, 0, 0.05, 0.05}) == Approx(0.0318966).margin(1e-6));
  // Empty classes count as a thousandth of a pair.
  CHECK(sprt_llr(penta(0, 0, 0, 0, 0, 30), {0, 5, 0.05, 0.05}) == Approx(0.4286566).margin(1e-6));
  CHECK(sprt_llr(Pentanomial{}, {0, 5, 0.05, 0.05}) == 0);
}

TEST_CASE("The SPRT stops once the LLR crosses a bound, and not before", "[match][stats]") {
  const SprtSettings s{0, 5, 0.05, 0.05};
  const SprtBounds b = sprt_bounds(s);
  // A stronger engine: each block of 10 pairs scores LD 1, DD 3, WL 1, WD 4, WW 1 (a score of 0.625, about +89 Elo).
  Pentanomial p;
  int pairs_to_decide = 0;
  for (int block = 1; block <= 100 && !pairs_to_decide; ++block) {
    p.ld += 1, p.dd += 3, p.wl += 1, p.wd += 4, p.ww += 1;
    if (sprt_verdict(sprt_llr(p, s), b) != SprtVerdict::Continue) pairs_to_decide = p.pairs();
  }
  REQUIRE(pairs_to_decide > 0);
  CHECK(sprt_verdict(sprt_llr(p, s), b) == SprtVerdict::AcceptH1);
  // The one block fewer had not decided yet.
  p.ld -= 1, p.dd -= 3, p.wl -= 1, p.wd -= 4, p.ww -= 1;
  CHECK(sprt_verdict(sprt_llr(p, s), b) == SprtVerdict::Continue);
  // A weaker one is rejected.
  Pentanomial weak;
  for (int block = 0; block < 100; ++block) weak.ll += 1, weak.ld += 4, weak.dd += 3, weak.wl += 1, weak.wd += 1;
  CHECK(sprt_verdict(sprt_llr(weak, s), b) == SprtVerdict::AcceptH0);
}

TEST_CASE("SPRT settings that make no sense are refused", "[match][stats]") {
  CHECK_FALSE(sprt_settings_error({0, 5, 0.05, 0.05}));
  CHECK(sprt_settings_error({5, 0, 0.05, 0.05}));
  CHECK(sprt_settings_error({5, 5, 0.05, 0.05}));
  CHECK(sprt_settings_error({0, 5, 0, 0.05}));
  CHECK(sprt_settings_error({0, 5, 0.05, 1}));
  CHECK(sprt_settings_error({0, 5, 0.6, 0.5}));
  CHECK(sprt_settings_error({0, 5000, 0.05, 0.05}));
}

TEST_CASE("The result line reads NAME1 vs NAME2: W-D-L score S% elo E +/- M, then the SPRT", "[match][stats]") {
  Tally t;
  t.add_game(Outcome::Win, "mate");
  t.add_game(Outcome::Draw, "repetition");
  t.add_game(Outcome::Loss, "mate");
  t.add_game(Outcome::Win, "time forfeit");
  t.pairs.add(Outcome::Win, Outcome::Draw);
  t.pairs.add(Outcome::Loss, Outcome::Win);
  const ReportContext plain{{"new", "base"}, std::nullopt};
  CHECK_THAT(result_line(t, plain), Matches(R"(new vs base: 2-1-1 score 62\.5% elo \+[0-9]+\.[0-9] \+/- [0-9]+\.[0-9])"));
  const ReportContext sprt{{"new", "base"}, SprtSettings{0, 5, 0.05, 0.05}};
  CHECK_THAT(result_line(t, sprt), Matches(R"(new vs base: 2-1-1 score 62\.5% elo .* sprt: inconclusive llr -?[0-9]+\.[0-9]{2} \(bounds -2\.94, 2\.94\))"));
  const std::vector<std::string> lines = summary_lines(t, plain, 1.0, 0);
  CHECK(lines.back() == result_line(t, plain));
  CHECK_THAT(lines[2], Matches("endings: mate 2, repetition 1, time forfeit 1"));
}
