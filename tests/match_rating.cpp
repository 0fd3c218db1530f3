// The rating fit of a tournament against answers worked out by hand: Bradley-Terry on the logistic Elo
// scale with draws as half wins, 95% intervals from the inverse Fisher information, the anchor, perfect
// scores, engines no game links, and a group that won every game.
#include <catch2/catch.hpp>

#include <cmath>

#include "match/rating.h"

using namespace jiang::match;
using Catch::Detail::Approx;

namespace {

// `wins`, `draws` and `losses` of a against b.
void add(ResultMatrix& m, int a, int b, int wins, int draws, int losses) {
  for (int i = 0; i < wins; ++i) m.add(a, b, 1);
  for (int i = 0; i < draws; ++i) m.add(a, b, 0.5);
  for (int i = 0; i < losses; ++i) m.add(b, a, 1);  // from the other side: the matrix is symmetric
}

}  // namespace

TEST_CASE("75% over 100 games is +190.8 +/- 78.6, with or without draws, from either anchor", "[match][rating]") {
  // 400 log10(3) = 190.85; the margin is 1.96 / (k sqrt(100 * 0.75 * 0.25)) with k = ln 10 / 400.
  for (const auto& [wins, draws] : {std::pair{75, 0}, std::pair{50, 50}}) {
    ResultMatrix m(2);
    add(m, 1, 0, wins, draws, 100 - wins - draws);
    const std::vector<Rating> r = fit_ratings(m, 0, 0);
    CHECK(r[0].elo == 0);
    CHECK(r[0].margin == 0);
    CHECK(r[1].elo == Approx(400 * std::log10(3.0)).margin(1e-6));
    CHECK(r[1].margin == Approx(1.959963985 * 400 / std::log(10.0) / std::sqrt(18.75)).margin(1e-6));
    CHECK(r[1].margin == Approx(78.6).margin(0.05));
    const std::vector<Rating> other = fit_ratings(m, 1, 2000);
    CHECK(other[1].elo == 2000);
    CHECK(other[0].elo == Approx(2000 - 400 * std::log10(3.0)).margin(1e-6));
    CHECK(other[0].margin == Approx(r[1].margin).margin(1e-9));
  }
  CHECK(ResultMatrix(2).games(0, 1) == 0);
}

TEST_CASE("Three engines whose results fit the model exactly: the ratings and the margins by hand", "[match][rating]") {
  // A beats B 75%, B beats C 75%, A beats C 90%: exactly +190.85 and +381.70 apart (10^(381.7/400) = 9).
  ResultMatrix m(3);
  add(m, 0, 1, 75, 0, 25);
  add(m, 1, 2, 60, 30, 10);
  add(m, 0, 2, 90, 0, 10);
  CHECK(m.points(1) == Approx(25 + 75));
  CHECK(m.draws(1) == 30);
  CHECK(m.games(1) == 200);
  const std::vector<Rating> r = fit_ratings(m, 0, 0);
  CHECK(r[1].elo == Approx(-400 * std::log10(3.0)).margin(1e-6));
  CHECK(r[2].elo == Approx(-400 * std::log10(9.0)).margin(1e-6));
  // Information (per k^2) over B and C: [[37.5, -18.75], [-18.75, 27.75]]; its inverse's diagonal is
  // 27.75 / 689.0625 and 37.5 / 689.0625.
  const double unit = 1.959963985 * 400 / std::log(10.0);
  CHECK(r[1].margin == Approx(unit * std::sqrt(27.75 / 689.0625)).margin(1e-6));
  CHECK(r[2].margin == Approx(unit * std::sqrt(37.5 / 689.0625)).margin(1e-6));
}

TEST_CASE("A perfect score is taken half a point inside, and an engine without games is unrated", "[match][rating]") {
  ResultMatrix m(3);
  add(m, 1, 0, 10, 0, 0);
  const std::vector<Rating> r = fit_ratings(m, 0, 0);
  CHECK(r[1].elo == Approx(400 * std::log10(19.0)).margin(1e-6));  // 9.5 of 10
  CHECK(r[1].rated);
  CHECK_FALSE(r[2].rated);
}

TEST_CASE("A group that won every game against the rest still gets finite ratings, in the right order",
          "[match][rating]") {
  ResultMatrix m(4);
  add(m, 0, 1, 5, 10, 5);  // A and B even
  add(m, 2, 3, 8, 4, 8);   // C and D even
  for (int strong : {0, 1})
    for (int weak : {2, 3}) add(m, strong, weak, 20, 0, 0);
  const std::vector<Rating> r = fit_ratings(m, 0, 0);
  CHECK(r[1].elo == Approx(0).margin(1e-6));
  CHECK(r[2].elo == Approx(r[3].elo).margin(1e-6));
  CHECK(r[2].elo < -300);
  CHECK(r[2].elo > -2000);
  CHECK(std::isfinite(r[2].margin));
  CHECK(r[2].margin > 0);
}
