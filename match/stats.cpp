#include "match/stats.h"

#include <algorithm>
#include <cmath>

namespace jiang::match {
namespace {

// The z-score of a two-sided 95% interval.
constexpr double kZ95 = 1.959963984540054;
// What an empty pentanomial class counts as in the LLR: a thousandth of a pair keeps the logarithms
// finite and moves the ratio by far less than one real pair would.
constexpr double kEmptyClassWeight = 1e-3;
// Pair scores (per game) of the five classes LL, LD, DD+WL, WD, WW.
constexpr std::array<double, 5> kPairScores = {0.0, 0.25, 0.5, 0.75, 1.0};

// The distribution nearest `observed` (in likelihood) whose mean is `score`: observed[i] / (1 + theta
// (a_i - score)), where theta solves sum observed[i] (a_i - score) / (1 + theta (a_i - score)) = 0. That
// sum falls strictly as theta grows, from +inf at -1 / (1 - score) to -inf at 1 / score, so bisection
// finds the root.
std::array<double, 5> nearest_with_mean(const std::array<double, 5>& observed, double score) {
  const auto slope = [&](double theta) {
    double sum = 0;
    for (size_t i = 0; i < observed.size(); ++i) {
      const double d = kPairScores[i] - score;
      sum += observed[i] * d / (1 + theta * d);
    }
    return sum;
  };
  double lo = -1 / (1 - score), hi = 1 / score;
  // Each halving gains a bit; 200 of them reach the limit of a double between any two bounds.
  for (int i = 0; i < 200 && lo < hi; ++i) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    (slope(mid) > 0 ? lo : hi) = mid;
  }
  const double theta = lo + (hi - lo) / 2;
  std::array<double, 5> p{};
  for (size_t i = 0; i < p.size(); ++i) p[i] = observed[i] / (1 + theta * (kPairScores[i] - score));
  return p;
}

// The score, its Elo and margin from `counts[i]` units (games or pairs of `games_per_unit` games) of
// score `scores[i]` per game: the spread of the unit scores gives the standard error of the mean.
template <size_t N>
std::optional<EloEstimate> estimate(const std::array<double, N>& scores, const std::array<int, N>& counts,
                                    int games_per_unit) {
  int units = 0;
  double score = 0;
  for (size_t i = 0; i < N; ++i) {
    units += counts[i];
    score += counts[i] * scores[i];
  }
  if (units == 0) return std::nullopt;
  score /= units;
  double variance = 0;  // of one unit's score
  for (size_t i = 0; i < N; ++i) variance += counts[i] * std::pow(scores[i] - score, 2);
  variance /= units;
  const double spread = kZ95 * std::sqrt(variance / units);
  // Half a game inside 0 and 1: the most extreme score with a finite Elo this many games can show.
  const double edge = 0.5 / (double(units) * games_per_unit);
  const auto elo_at = [&](double s) { return score_to_elo(std::clamp(s, edge, 1 - edge)); };
  return EloEstimate{score, elo_at(score), (elo_at(score + spread) - elo_at(score - spread)) / 2};
}

}  // namespace

double points(Outcome o) { return o == Outcome::Win ? 1.0 : o == Outcome::Draw ? 0.5 : 0.0; }

void Pentanomial::add(Outcome first, Outcome second) {
  const double total = points(first) + points(second);
  if (total == 0) ++ll;
  else if (total == 0.5) ++ld;
  else if (total == 1.5) ++wd;
  else if (total == 2) ++ww;
  else if (first == Outcome::Draw) ++dd;
  else ++wl;
}

double elo_to_score(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

double score_to_elo(double score) { return -400 * std::log10(1 / score - 1) + 0.0; }  // + 0.0: no "-0"

std::optional<EloEstimate> estimate_elo(const Pentanomial& p) {
  const std::array<int, 5> counts = p.classes();
  return estimate(kPairScores, counts, 2);
}

std::optional<EloEstimate> estimate_elo(int wins, int draws, int losses) {
  return estimate(std::array<double, 3>{0.0, 0.5, 1.0}, std::array<int, 3>{losses, draws, wins}, 1);
}

std::optional<std::string> sprt_settings_error(const SprtSettings& s) {
  if (!(s.elo0 < s.elo1)) return "elo0 must be below elo1";
  if (!(s.alpha > 0 && s.alpha < 1)) return "alpha must be between 0 and 1";
  if (!(s.beta > 0 && s.beta < 1)) return "beta must be between 0 and 1";
  if (!(s.alpha + s.beta < 1)) return "alpha + beta must be below 1";
  // Beyond this the expected score is 0 or 1 to a double's precision and the test has no meaning.
  constexpr double kMaxAbsElo = 2000;
  if (std::abs(s.elo0) > kMaxAbsElo || std::abs(s.elo1) > kMaxAbsElo) return "elo0 and elo1 must be within +/-2000";
  return std::nullopt;
}

SprtBounds sprt_bounds(const SprtSettings& s) {
  return {std::log(s.beta / (1 - s.alpha)), std::log((1 - s.beta) / s.alpha)};
}

double sprt_llr(const Pentanomial& p, const SprtSettings& s) {
  if (p.pairs() == 0) return 0;
  const std::array<int, 5> counts = p.classes();
  std::array<double, 5> observed{};
  double total = 0;
  for (size_t i = 0; i < counts.size(); ++i) total += observed[i] = counts[i] ? counts[i] : kEmptyClassWeight;
  for (double& x : observed) x /= total;
  const std::array<double, 5> h0 = nearest_with_mean(observed, elo_to_score(s.elo0));
  const std::array<double, 5> h1 = nearest_with_mean(observed, elo_to_score(s.elo1));
  double llr = 0;
  for (size_t i = 0; i < observed.size(); ++i) llr += observed[i] * std::log(h1[i] / h0[i]);
  return total * llr;
}

SprtVerdict sprt_verdict(double llr, const SprtBounds& bounds) {
  if (llr >= bounds.upper) return SprtVerdict::AcceptH1;
  if (llr <= bounds.lower) return SprtVerdict::AcceptH0;
  return SprtVerdict::Continue;
}

}  // namespace jiang::match
