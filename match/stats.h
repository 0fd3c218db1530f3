// The statistics of a match between two engines, from the first engine's point of view: results of
// game pairs (one opening, colours swapped) counted as a pentanomial, the Elo difference with its 95%
// margin, and the generalised sequential probability ratio test (GSPRT) on the pair scores. Pure
// functions, so that they can be checked against numbers worked out by hand.
#pragma once

#include <array>
#include <optional>
#include <string>

namespace jiang::match {

// One game's result for the first engine.
enum class Outcome { Loss, Draw, Win };
double points(Outcome o);  // 0, 0.5, 1

// Game pairs by the first engine's total: LL (0), LD (0.5), DD or WL (1, kept apart for the report),
// WD (1.5), WW (2).
struct Pentanomial {
  int ll = 0, ld = 0, dd = 0, wl = 0, wd = 0, ww = 0;

  void add(Outcome first, Outcome second);
  int pairs() const { return ll + ld + dd + wl + wd + ww; }
  // The five classes by pair score 0, 1/4, 1/2, 3/4, 1 (per game), DD and WL together.
  std::array<int, 5> classes() const { return {ll, ld, dd + wl, wd, ww}; }
};

// Logistic Elo <-> expected score: score = 1 / (1 + 10^(-elo / 400)).
double elo_to_score(double elo);
double score_to_elo(double score);  // score in (0, 1)

struct EloEstimate {
  double score = 0.5;   // mean points per game
  double elo = 0;       // logistic Elo of that score
  double margin = 0;    // half the width of the 95% confidence interval, in Elo
};
// From the pair scores: the variance of a pair's mean, so that the correlation of the two games of a
// pair (same opening) is accounted for. A score of 0 or 1 has no finite Elo: it is clamped to half a
// game inside. Nothing without pairs.
std::optional<EloEstimate> estimate_elo(const Pentanomial& p);
// The same from single games, for games whose pair is not complete. Nothing without games.
std::optional<EloEstimate> estimate_elo(int wins, int draws, int losses);

// The SPRT of H0: elo = elo0 against H1: elo = elo1 (logistic Elo), with error rates alpha (accepting
// H1 when H0 holds) and beta (the converse).
struct SprtSettings {
  double elo0 = 0, elo1 = 5;
  double alpha = 0.05, beta = 0.05;
};
// Why the settings cannot be used, or nothing when they can.
std::optional<std::string> sprt_settings_error(const SprtSettings& s);

struct SprtBounds {
  double lower = 0;  // log(beta / (1 - alpha)): at or below it, H0 is accepted
  double upper = 0;  // log((1 - beta) / alpha): at or above it, H1 is accepted
};
SprtBounds sprt_bounds(const SprtSettings& s);

// The generalised log-likelihood ratio of H1 against H0 on the pentanomial: for each hypothesis the
// distribution of the five pair scores closest (maximum likelihood) to the observed one whose mean is
// that hypothesis's score, then the log ratio of the two likelihoods of the observed pairs. Empty
// classes count as a thousandth of a pair, so that every logarithm is finite.
double sprt_llr(const Pentanomial& p, const SprtSettings& s);

enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };
SprtVerdict sprt_verdict(double llr, const SprtBounds& bounds);

}  // namespace jiang::match
