// Ratings of several engines from all their games: the maximum-likelihood Bradley-Terry fit on the
// logistic Elo scale, a draw counting half a win for each side (as Ordo does), with each rating's 95%
// interval relative to an anchor from the inverse Fisher information. A pure function of the results,
// so that it can be checked against numbers worked out by hand: 75% over 100 games is +190.8 +/- 78.6.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace jiang::match {

// The results between every two engines, from either side.
class ResultMatrix {
 public:
  explicit ResultMatrix(int engines);
  int engines() const { return n_; }
  // One game of `first` against `second`: 1 a win for `first`, 0.5 a draw, 0 a loss.
  void add(int first, int second, double first_points);
  int games(int a, int b) const { return games_[index(a, b)]; }  // between a and b
  int wins(int a, int b) const { return wins_[index(a, b)]; }   // of a against b
  int draws(int a, int b) const { return draws_[index(a, b)]; }
  double points(int a, int b) const { return wins(a, b) + 0.5 * draws(a, b); }
  int games(int a) const;
  double points(int a) const;
  int draws(int a) const;

 private:
  size_t index(int a, int b) const { return size_t(a) * size_t(n_) + size_t(b); }
  int n_;
  std::vector<int> games_, wins_, draws_;
};

struct Rating {
  double elo = 0;
  double margin = 0;    // half the width of the 95% interval (0 for the anchor)
  bool rated = false;   // false: no game links the engine to the anchor
};

// The fit. `anchor` is held at `anchor_elo`. An engine with every point or none has no finite
// maximum-likelihood rating: its score is taken half a point inside, as the two-engine estimate does;
// a group that won or lost every game against the rest gets one virtual draw in each pairing (a prior).
std::vector<Rating> fit_ratings(const ResultMatrix& results, int anchor, double anchor_elo);

}  // namespace jiang::match
