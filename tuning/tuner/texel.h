// Texel's method: the loss of a weight set is the mean squared error between the game results and the
// win probability its evaluation predicts, over positions from self-play games.
//
//   loss = mean over positions of (result - sigmoid(eval))^2,  sigmoid(e) = 1 / (1 + 10^(-K * e / 400))
//
// where result is Red's score (1, 0.5, 0) and e the static evaluation of the position's quiet leaf (the
// end of its quiescence search's principal variation) from Red's point of view, by the engine's own
// Evaluator. With K = 1 an advantage of 400 cp predicts a 91% score. K is fitted to the data with the
// starting weights before tuning and then kept fixed, so that the tuner cannot lower the loss by merely
// scaling every weight.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "eval/evaluate.h"
#include "movegen/position.h"
#include "tuning/selfplay/positions_file.h"
#include "tuning/tuner/objective.h"
#include "util/cluster.h"

namespace jiang::tuner {

// Positions per block: the unit of the loss loops' work, of the traces' storage (trace_set.h) and of the
// shards of an MPI run, so that every block holds the same positions whatever the number of ranks.
inline constexpr size_t kTraceBlock = 4096;

// This process's part of the positions in a run of several (util/cluster.h): rank `index` of `count`
// holds a run of whole blocks of each set, the ranks in order.
struct Shard {
  int index = 0;
  int count = 1;
};

// Positions ready for the loss: quiet leaves (their game record cleared, so each costs sizeof(Position))
// with Red's result.
struct PositionSet {
  std::vector<Position> leaves;
  std::vector<float> results;
  std::vector<int32_t> scores;  // the search scores for Red (kNoScore: the line had none), until blended
  size_t total = 0;  // the positions of the whole set, over every shard (0: this set is whole)
  size_t size() const { return results.size(); }  // the results outlive the leaves once traced
  size_t total_size() const { return total ? total : size(); }
};

struct TexelData {
  PositionSet train;
  PositionSet validation;
  uint64_t fingerprint = 0;  // of the positions as read; a checkpoint must be resumed on the same data
};

// A position without a search score, in PositionSet::scores.
inline constexpr int32_t kNoScore = INT32_MIN;

// A 64-bit hash of the labelled positions (each FEN, result, score and game, in file order).
uint64_t fingerprint(const std::vector<LabelledPosition>& positions);

// Holds out whole games (LabelledPosition::game), taken from a shuffle seeded with `split_seed` until
// they hold round(validation_fraction * n) positions (both sets keep file order), and replaces every position by its quiet leaf under `leaf_params`, in parallel.
// With a shard, keeps only the shard's blocks of each set (the split is the same for every shard).
// Throws std::invalid_argument when a set would be empty or a FEN (of the shard) is invalid, Interrupted
// when `stop` is raised first.
TexelData prepare_texel_data(const std::vector<LabelledPosition>& positions, double validation_fraction,
                             uint64_t split_seed, const Params& leaf_params, int threads,
                             const std::atomic<bool>* stop = nullptr, Shard shard = {});

// The positions [first, end) of a set of `n` that shard `shard` holds: whole blocks, the ranks in order.
std::pair<size_t, size_t> shard_range(size_t n, Shard shard);

// The predicted score for Red of an evaluation of `red_eval` centipawns for Red.
double win_probability(double k, double red_eval);
// The evaluation from Red's point of view: Evaluator::evaluate, negated when Black is to move.
inline int red_eval(const Evaluator& eval, const Position& pos) {
  const int score = eval.evaluate(pos);
  return pos.side_to_move() == Red ? score : -score;
}
// Red's evaluation of every position, in parallel.
std::vector<int> red_evals(const PositionSet& set, const Evaluator& eval, int threads);

// The losses of weight sets sum each position's squared error as an integer count of 2^-36: integer sums
// are exact in any order, so a loss does not depend on the thread count or on whether it was updated
// from the last loss (tracing) or summed afresh. A squared error (at most 1) is rounded by at most
// 2^-37 (7e-12); 2^27 positions still fit in an int64 sum.
inline constexpr double kErrorUnits = double(int64_t(1) << 36);
int64_t quantized_squared_error(double k, int red_eval, float result);
inline double mean_of_quantized(int64_t sum, size_t n) { return double(sum) / kErrorUnits / double(n); }
// The mean over every shard of a set of `total` positions, from this shard's sum of quantized errors
// (none: its computation was interrupted). Throws Interrupted on every rank if any shard was interrupted.
double mean_over_shards(Cluster& cluster, std::optional<int64_t> shard_sum, size_t total);

// Blends the search score into each label that has one: lambda * result + (1 - lambda) *
// win_probability(k, score); a label without a score stays the result. Frees the scores. Returns how
// many labels had one. Called with the K fitted on the results alone, so that the score speaks the
// same units as the evaluation.
size_t blend_labels(PositionSet& set, double k, double lambda);

// The loss of fixed evaluations for a given K (in order, single-threaded).
double mean_squared_error(const std::vector<int>& evals, const std::vector<float>& results, double k);
// The loss of an evaluator over a set, in parallel, as integer units summed exactly: the result
// does not depend on `threads`. Throws Interrupted if `stop` is raised before it finishes.
double mean_squared_error(const PositionSet& set, const Evaluator& eval, double k, int threads,
                          const std::atomic<bool>* stop = nullptr);
// The sum of the set's quantized squared errors under `eval`, or none if `stop` was raised first.
std::optional<int64_t> quantized_error_sum(const PositionSet& set, const Evaluator& eval, double k, int threads,
                                           const std::atomic<bool>* stop);

// The K that minimises the loss of fixed evaluations: a scan over a logarithmic grid from kMinK to
// kMaxK, then a golden-section search around the best grid point.
inline constexpr double kMinK = 0.01;
inline constexpr double kMaxK = 10.0;
double fit_k(const std::vector<int>& evals, const std::vector<float>& results);

// The "positions" objective over prepared data (this rank's shard of it), with a fixed K.
class PositionsObjective : public Objective {
 public:
  PositionsObjective(const TexelData& data, double k, int threads, Cluster& cluster = single_process())
      : data_(data), k_(k), threads_(threads), cluster_(cluster) {}
  double loss(const std::vector<int>& values) override;
  std::optional<double> validation_loss(const std::vector<int>& values) override;
  double k() const { return k_; }

 private:
  const TexelData& data_;
  double k_;
  int threads_;
  Cluster& cluster_;
};

}  // namespace jiang::tuner
