#include "match/rating.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace jiang::match {
namespace {

// Logistic Elo: a difference d wins with probability 1 / (1 + exp(-kScale d)).
const double kScale = std::log(10.0) / 400;
// Two-sided 95% of the normal distribution.
constexpr double kZ95 = 1.959963985;
// Newton's method from equal ratings converges in a handful of steps; more means no maximum exists.
constexpr int kMaxIterations = 200;
constexpr double kToleranceElo = 1e-7;
// A step larger than this is cut: far from the maximum the quadratic model overshoots.
constexpr double kMaxStepElo = 400;
// Ratings this far apart mean the fit ran off to infinity (a group that won every game).
constexpr double kDivergedElo = 5000;

using Matrix = std::vector<std::vector<double>>;

// The inverse of a symmetric positive definite matrix (Gauss-Jordan with partial pivoting).
Matrix inverse(Matrix a) {
  const size_t n = a.size();
  Matrix inv(n, std::vector<double>(n, 0));
  for (size_t i = 0; i < n; ++i) inv[i][i] = 1;
  for (size_t col = 0; col < n; ++col) {
    size_t pivot = col;
    for (size_t r = col + 1; r < n; ++r)
      if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
    std::swap(a[col], a[pivot]);
    std::swap(inv[col], inv[pivot]);
    const double d = a[col][col];
    for (size_t c = 0; c < n; ++c) a[col][c] /= d, inv[col][c] /= d;
    for (size_t r = 0; r < n; ++r) {
      if (r == col || a[r][col] == 0) continue;
      const double f = a[r][col];
      for (size_t c = 0; c < n; ++c) a[r][c] -= f * a[col][c], inv[r][c] -= f * inv[col][c];
    }
  }
  return inv;
}

// The engines that games link to `from`, directly or through others.
std::vector<bool> linked_to(const ResultMatrix& m, int from) {
  std::vector<bool> seen(size_t(m.engines()), false);
  std::vector<int> todo{from};
  seen[size_t(from)] = true;
  while (!todo.empty()) {
    const int a = todo.back();
    todo.pop_back();
    for (int b = 0; b < m.engines(); ++b)
      if (!seen[size_t(b)] && m.games(a, b) > 0) seen[size_t(b)] = true, todo.push_back(b);
  }
  return seen;
}

double win_probability(double elo_difference) { return 1 / (1 + std::exp(-kScale * elo_difference)); }

// The score model's information matrix (per kScale^2) over the free engines at `elo`: M_ii = sum of
// n p (1 - p) over i's games, M_ij = -n_ij p_ij (1 - p_ij).
Matrix information(const ResultMatrix& m, const std::vector<int>& free, const std::vector<double>& elo) {
  Matrix info(free.size(), std::vector<double>(free.size(), 0));
  for (size_t x = 0; x < free.size(); ++x) {
    const int i = free[x];
    for (int j = 0; j < m.engines(); ++j) {
      if (j == i || m.games(i, j) == 0) continue;
      const double p = win_probability(elo[size_t(i)] - elo[size_t(j)]);
      const double w = m.games(i, j) * p * (1 - p);
      info[x][x] += w;
      const auto y = std::find(free.begin(), free.end(), j);
      if (y != free.end()) info[x][size_t(y - free.begin())] -= w;
    }
  }
  return info;
}

// Newton's method on the likelihood of the free engines' scores, each taken at least half a point from
// all or nothing; false if it did not converge or ran off (then `elo` is not a maximum).
bool newton(const ResultMatrix& m, const std::vector<int>& free, double anchor_elo, std::vector<double>& elo) {
  std::fill(elo.begin(), elo.end(), anchor_elo);
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    std::vector<double> residual(free.size());
    for (size_t x = 0; x < free.size(); ++x) {
      const int i = free[x];
      double expected = 0;
      for (int j = 0; j < m.engines(); ++j)
        if (j != i) expected += m.games(i, j) * win_probability(elo[size_t(i)] - elo[size_t(j)]);
      residual[x] = std::clamp(m.points(i), 0.5, m.games(i) - 0.5) - expected;
    }
    const Matrix cov = inverse(information(m, free, elo));
    double largest = 0;
    for (size_t x = 0; x < free.size(); ++x) {
      double step = 0;
      for (size_t y = 0; y < free.size(); ++y) step += cov[x][y] * residual[y] / kScale;
      step = std::clamp(step, -kMaxStepElo, kMaxStepElo);
      elo[size_t(free[x])] += step;
      largest = std::max(largest, std::abs(step));
    }
    if (largest < kToleranceElo)
      return std::none_of(free.begin(), free.end(),
                          [&](int i) { return std::abs(elo[size_t(i)] - anchor_elo) > kDivergedElo; });
  }
  return false;
}

}  // namespace

ResultMatrix::ResultMatrix(int engines)
    : n_(engines), games_(size_t(engines * engines)), wins_(size_t(engines * engines)), draws_(size_t(engines * engines)) {}

void ResultMatrix::add(int first, int second, double first_points) {
  ++games_[index(first, second)];
  ++games_[index(second, first)];
  if (first_points == 0.5) ++draws_[index(first, second)], ++draws_[index(second, first)];
  else ++wins_[first_points > 0.5 ? index(first, second) : index(second, first)];
}

int ResultMatrix::games(int a) const {
  int n = 0;
  for (int b = 0; b < n_; ++b) n += games(a, b);
  return n;
}

double ResultMatrix::points(int a) const {
  double p = 0;
  for (int b = 0; b < n_; ++b) p += points(a, b);
  return p;
}

int ResultMatrix::draws(int a) const {
  int n = 0;
  for (int b = 0; b < n_; ++b) n += draws(a, b);
  return n;
}

std::vector<Rating> fit_ratings(const ResultMatrix& results, int anchor, double anchor_elo) {
  const size_t n = size_t(results.engines());
  const std::vector<bool> rated = linked_to(results, anchor);
  std::vector<int> free;
  for (int i = 0; i < results.engines(); ++i)
    if (rated[size_t(i)] && i != anchor) free.push_back(i);
  std::vector<double> elo(n);
  ResultMatrix m = results;
  if (!newton(m, free, anchor_elo, elo)) {
    // A group of engines won (or lost) every game against the rest: no maximum exists. One virtual draw
    // in every pairing that played, as BayesElo's prior, keeps the ratings finite.
    for (int i = 0; i < m.engines(); ++i)
      for (int j = i + 1; j < m.engines(); ++j)
        if (results.games(i, j) > 0) m.add(i, j, 0.5);
    newton(m, free, anchor_elo, elo);
  }
  const Matrix cov = free.empty() ? Matrix{} : inverse(information(m, free, elo));
  std::vector<Rating> ratings(n);
  for (size_t i = 0; i < n; ++i) ratings[i] = {elo[i], 0, rated[i]};
  for (size_t x = 0; x < free.size(); ++x)
    ratings[size_t(free[x])].margin = kZ95 * std::sqrt(std::max(cov[x][x], 0.0)) / kScale;
  return ratings;
}

}  // namespace jiang::match
