#include "tuning/tuner/texel.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <unordered_map>

#include "engine/search.h"
#include "tuning/tuner/parallel.h"
#include "tuning/tuner/rng.h"
#include "util/fingerprint.h"

namespace jiang::tuner {
namespace {

// Items per chunk of a parallel loop: large enough that threads rarely meet at the shared counter,
// small enough to balance two cores over a few thousand positions and to notice a stop request quickly.
constexpr size_t kLossChunk = 4096;
constexpr size_t kLeafChunk = 1024;

constexpr double kLn10Over400 = std::numbers::ln10 / 400.0;

inline double squared_error(double k, int eval, float result) {
  const double p = 1.0 / (1.0 + std::exp(-k * kLn10Over400 * eval));
  const double d = double(result) - p;
  return d * d;
}

// Marks whole games, in a seeded shuffle of the games, until at least `held_out` positions are marked:
// a game's positions are near-copies of one another under one label, so a validation set that shares
// games with the training set would track the training loss even while the weights learn the games.
std::vector<uint8_t> hold_out_games(const std::vector<LabelledPosition>& positions, size_t held_out,
                                    uint64_t split_seed) {
  std::vector<uint8_t> in_validation(positions.size(), 0);
  if (held_out == 0) return in_validation;
  std::vector<int> games;
  for (const LabelledPosition& p : positions) games.push_back(p.game);
  std::sort(games.begin(), games.end());
  games.erase(std::unique(games.begin(), games.end()), games.end());
  Rng rng(split_seed);
  for (size_t i = games.size() - 1; i > 0; --i) std::swap(games[i], games[size_t(uniform_int(rng, 0, int64_t(i)))]);

  std::unordered_map<int, std::vector<size_t>> members;
  for (size_t i = 0; i < positions.size(); ++i) members[positions[i].game].push_back(i);
  size_t marked = 0;
  for (size_t g = 0; g < games.size() && marked < held_out; ++g)
    for (size_t i : members[games[g]]) {
      in_validation[i] = 1;
      ++marked;
    }
  return in_validation;
}

}  // namespace

uint64_t fingerprint(const std::vector<LabelledPosition>& positions) {
  uint64_t h = kFnv1aBasis;
  auto mix = [&h](unsigned char c) { h = fnv1a(std::span<const uint8_t>(&c, 1), h); };
  for (const LabelledPosition& p : positions) {
    h = fnv1a(p.fen, h);
    mix(' ');
    // The result to a thousandth, as the file format writes it.
    const long long milli = std::llround(p.result * 1000.0);
    for (int shift = 0; shift < 64; shift += 8) mix(static_cast<unsigned char>(milli >> shift));
    // The search score, when the line has one (it changes the labels under --lambda).
    if (p.score) {
      mix('s');
      for (int shift = 0; shift < 32; shift += 8) mix(static_cast<unsigned char>(*p.score >> shift));
    }
    // The game, which decides the validation split.
    for (int shift = 0; shift < 32; shift += 8) mix(static_cast<unsigned char>(p.game >> shift));
    mix('\n');
  }
  return h;
}

std::pair<size_t, size_t> shard_range(size_t n, Shard shard) {
  const size_t blocks = (n + kTraceBlock - 1) / kTraceBlock;
  const auto first_block = [&](int index) { return blocks * size_t(index) / size_t(shard.count); };
  return {std::min(n, first_block(shard.index) * kTraceBlock), std::min(n, first_block(shard.index + 1) * kTraceBlock)};
}

TexelData prepare_texel_data(const std::vector<LabelledPosition>& positions, double validation_fraction,
                             uint64_t split_seed, const Params& leaf_params, int threads,
                             const std::atomic<bool>* stop, Shard shard) {
  const size_t n = positions.size();
  if (validation_fraction < 0.0 || validation_fraction >= 1.0)
    throw std::invalid_argument("the validation share must be at least 0% and below 100%");
  const size_t held_out = size_t(std::llround(validation_fraction * double(n)));
  if (n == 0 || held_out >= n)
    throw std::invalid_argument("no training positions are left (" + std::to_string(n) + " positions, " +
                                std::to_string(held_out) + " held out for validation)");

  const std::vector<uint8_t> in_validation = hold_out_games(positions, held_out, split_seed);
  if (std::find(in_validation.begin(), in_validation.end(), 0) == in_validation.end())
    throw std::invalid_argument("no training positions are left: the validation share takes every game");

  TexelData data;
  data.fingerprint = fingerprint(positions);
  // Each position's index in its set, then the shard's range of each set.
  std::vector<size_t> index_in_set(n);
  std::array<size_t, 2> set_size{};
  for (size_t i = 0; i < n; ++i) index_in_set[i] = set_size[in_validation[i]]++;
  const std::array<std::pair<size_t, size_t>, 2> range{shard_range(set_size[0], shard),
                                                        shard_range(set_size[1], shard)};
  std::vector<size_t> mine;  // the positions of the shard, in file order
  for (size_t i = 0; i < n; ++i) {
    const auto [first, end] = range[in_validation[i]];
    if (index_in_set[i] < first || index_in_set[i] >= end) continue;
    index_in_set[i] -= first;
    PositionSet& set = in_validation[i] ? data.validation : data.train;
    set.results.push_back(float(positions[i].result));
    set.scores.push_back(positions[i].score ? int32_t(*positions[i].score) : kNoScore);
    mine.push_back(i);
  }
  data.train.total = set_size[0];
  data.validation.total = set_size[1];
  data.train.leaves.resize(data.train.results.size());
  data.validation.leaves.resize(data.validation.results.size());

  const Evaluator eval(leaf_params);
  // A bad FEN stops the work with the first error's line (parallel_chunks rethrows it here).
  const bool complete = parallel_chunks(mine.size(), kLeafChunk, threads, stop, [&](size_t, size_t begin, size_t end) {
    SearchScratch scratch;
    for (size_t m = begin; m < end; ++m) {
      const size_t i = mine[m];
      try {
        Position leaf = quiet_leaf(Position::from_fen(positions[i].fen), eval, scratch);
        leaf.clear_history();  // the copy below then holds no record at all
        (in_validation[i] ? data.validation : data.train).leaves[index_in_set[i]] = leaf;
      } catch (const FenError& e) {
        throw std::invalid_argument("line " + std::to_string(positions[i].line) + ": " + e.what());
      }
    }
  });
  if (!complete) throw Interrupted();
  return data;
}

int64_t quantized_squared_error(double k, int red_eval, float result) {
  return std::llround(squared_error(k, red_eval, result) * kErrorUnits);
}

double win_probability(double k, double red_eval) { return 1.0 / (1.0 + std::exp(-k * kLn10Over400 * red_eval)); }

std::vector<int> red_evals(const PositionSet& set, const Evaluator& eval, int threads) {
  std::vector<int> evals(set.leaves.size());
  parallel_chunks(set.leaves.size(), kLossChunk, threads, nullptr, [&](size_t, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) evals[i] = red_eval(eval, set.leaves[i]);
  });
  return evals;
}

double mean_squared_error(const std::vector<int>& evals, const std::vector<float>& results, double k) {
  if (evals.empty()) return 0.0;
  double sum = 0.0;
  for (size_t i = 0; i < evals.size(); ++i) sum += squared_error(k, evals[i], results[i]);
  return sum / double(evals.size());
}

std::optional<int64_t> quantized_error_sum(const PositionSet& set, const Evaluator& eval, double k, int threads,
                                           const std::atomic<bool>* stop) {
  std::atomic<int64_t> total{0};
  const bool complete = parallel_chunks(set.size(), kLossChunk, threads, stop, [&](size_t, size_t begin, size_t end) {
    int64_t sum = 0;
    for (size_t i = begin; i < end; ++i) sum += quantized_squared_error(k, red_eval(eval, set.leaves[i]), set.results[i]);
    total += sum;  // an integer sum: the same in any order
  });
  if (!complete) return std::nullopt;
  return total.load();
}

double mean_over_shards(Cluster& cluster, std::optional<int64_t> shard_sum, size_t total) {
  std::vector<int64_t> sums{shard_sum.value_or(0), shard_sum ? 0 : 1};  // the error sum, the shards interrupted
  cluster.sum(sums);
  if (sums[1] > 0) throw Interrupted();
  return total ? mean_of_quantized(sums[0], total) : 0.0;
}

double mean_squared_error(const PositionSet& set, const Evaluator& eval, double k, int threads,
                          const std::atomic<bool>* stop) {
  if (set.size() == 0) return 0.0;
  const std::optional<int64_t> sum = quantized_error_sum(set, eval, k, threads, stop);
  if (!sum) throw Interrupted();
  return mean_of_quantized(*sum, set.size());
}

size_t blend_labels(PositionSet& set, double k, double lambda) {
  size_t blended = 0;
  for (size_t i = 0; i < set.scores.size(); ++i) {
    if (set.scores[i] == kNoScore) continue;
    set.results[i] = float(lambda * set.results[i] + (1.0 - lambda) * win_probability(k, set.scores[i]));
    ++blended;
  }
  std::vector<int32_t>().swap(set.scores);
  return blended;
}

double fit_k(const std::vector<int>& evals, const std::vector<float>& results) {
  auto loss = [&](double k) { return mean_squared_error(evals, results, k); };
  // A coarse scan: 61 points, 20 per decade from kMinK to kMaxK.
  constexpr int kGrid = 61;
  const double ratio = std::pow(kMaxK / kMinK, 1.0 / (kGrid - 1));
  int best = 0;
  double best_loss = loss(kMinK);
  for (int i = 1; i < kGrid; ++i) {
    const double l = loss(kMinK * std::pow(ratio, i));
    if (l < best_loss) best_loss = l, best = i;
  }
  // Golden-section search between the neighbours of the best grid point.
  double a = kMinK * std::pow(ratio, std::max(0, best - 1));
  double b = kMinK * std::pow(ratio, std::min(kGrid - 1, best + 1));
  constexpr double kInvPhi = 0.6180339887498949;
  double c = b - kInvPhi * (b - a), d = a + kInvPhi * (b - a);
  double fc = loss(c), fd = loss(d);
  while (b - a > 1e-7 * (a + b)) {
    if (fc < fd) {
      b = d, d = c, fd = fc;
      c = b - kInvPhi * (b - a);
      fc = loss(c);
    } else {
      a = c, c = d, fc = fd;
      d = a + kInvPhi * (b - a);
      fd = loss(d);
    }
  }
  const double k = 0.5 * (a + b);
  return loss(k) <= best_loss ? k : kMinK * std::pow(ratio, best);
}

double PositionsObjective::loss(const std::vector<int>& values) {
  Params params;
  params.set_values(values);
  const std::optional<int64_t> sum = quantized_error_sum(data_.train, Evaluator(params), k_, threads_, stop_flag());
  const double l = mean_over_shards(cluster_, sum, data_.train.total_size());
  count_evaluation();
  return l;
}

std::optional<double> PositionsObjective::validation_loss(const std::vector<int>& values) {
  if (data_.validation.total_size() == 0) return std::nullopt;
  Params params;
  params.set_values(values);
  return mean_over_shards(cluster_, quantized_error_sum(data_.validation, Evaluator(params), k_, threads_, stop_flag()),
                          data_.validation.total_size());
}

}  // namespace jiang::tuner
