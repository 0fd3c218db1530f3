// The traces of a set of positions, stored compactly in blocks, and the positions loss computed from
// them: in full for any weights, or by the difference from the weights it last computed when only a few
// parameters changed, touching only the positions whose traces contain them.
//
// Storage (per block of kTraceBlock positions): each position's shape (phase, scales, danger counts),
// its packed position (for the fallback below) and result; its threats; and the linear terms by
// feature (a feature multiplies one middlegame and/or one endgame parameter by a count: most parameters
// come in pairs .mg/.eg with the same count), each feature's positions as one-byte gaps with a one-byte
// coefficient. The features by block are the inverted index parameter -> positions.
//
// Weights whose exchange order differs from the traced weights' (a middlegame material value passing
// another) are evaluated in full from the packed positions, by the Evaluator, until the set is traced
// again in their order (retrace: TracedPositionsObjective does it when the weights settle there).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "tuning/tuner/packed_position.h"
#include "tuning/tuner/texel.h"
#include "tuning/tuner/trace.h"

namespace jiang::tuner {

// kTraceBlock (texel.h): positions per block, the parallel loops' chunk; block-local indices fit 16 bits.
static_assert(kTraceBlock <= 65536);

// A linear feature: a count that multiplies a middlegame parameter, an endgame one, or both (-1: none).
struct Feature {
  int16_t mg = -1;
  int16_t eg = -1;
};

class FeatureTable {
 public:
  FeatureTable();
  const std::vector<Feature>& features() const { return features_; }
  const std::vector<int>& of_param(int param) const { return of_param_[param]; }
  // A trace's linear terms as (feature, coefficient) with coefficients in [-127, 127].
  std::vector<std::pair<uint16_t, int8_t>> encode(const std::vector<LinearTerm>& terms) const;

 private:
  std::vector<Feature> features_;
  std::vector<std::vector<int>> of_param_;
  std::vector<int> pair_of_;  // [mg param]: the feature of it and its .eg twin, or -1
};

struct TraceRecord {
  uint32_t first_threat = 0;                // in the block's threats: Red's, then Black's
  std::array<uint8_t, kColors> threats{};   // how many, per side
  TraceShape shape;
};

struct TraceBlock {
  std::vector<TraceRecord> records;
  std::vector<PackedPosition> packed;
  std::vector<float> results;
  std::vector<Threat> threats;
  std::vector<uint16_t> nonlinear;  // the positions with danger counts or threats
  std::vector<uint32_t> column;     // [feature]: its first step; [features]: the end
  std::vector<uint8_t> gap;         // steps: advance by gap, then add coef (0: a step only)
  std::vector<int8_t> coef;
};

// Walks one feature's positions in a block: body(position, coefficient).
template <typename Body>
void walk(const TraceBlock& block, int feature, Body&& body) {
  uint32_t at = 0;
  for (uint32_t k = block.column[feature]; k < block.column[feature + 1]; ++k) {
    at += block.gap[k];
    if (block.coef[k]) body(uint16_t(at), int(block.coef[k]));
  }
}

// The non-linear part of position i's totals (general danger, threats) at weights w.
PhaseValue nonlinear_of(const TraceBlock& block, uint16_t i, const TraceWeights& w);

class TraceSet {
 public:
  // Throws Interrupted if `stop` is raised first.
  TraceSet(const PositionSet& set, const Tracer& tracer, int threads, const std::atomic<bool>* stop = nullptr);
  // Traces the same positions again, from their packed forms, at the tracer's weights (in another exchange
  // order). Collective over the ranks; throws Interrupted if `stop` is raised on any, and then every rank
  // keeps the traces it had.
  void retrace(const Tracer& tracer, int threads, const std::atomic<bool>* stop, Cluster& cluster);
  size_t size() const { return size_; }
  size_t total_size() const { return total_; }  // over every shard (PositionSet::total_size)
  const std::vector<TraceBlock>& blocks() const { return blocks_; }
  const FeatureTable& features() const { return features_; }
  const ExchangeOrder& order() const { return order_; }
  size_t bytes() const;  // the memory the traces take

 private:
  FeatureTable features_;
  ExchangeOrder order_;
  std::vector<TraceBlock> blocks_;
  size_t size_ = 0;
  size_t total_ = 0;
};

// The loss over a trace set (this rank's shard of it: the loss is over every shard), kept at the weights
// it last computed.
class TracedLoss {
 public:
  TracedLoss(const TraceSet& set, double k, int threads, Cluster& cluster = single_process())
      : set_(set), k_(k), threads_(threads), cluster_(cluster) {}
  // Throws Interrupted (and forgets its weights) if `stop` is raised during the computation on any rank.
  double loss(TraceWeights next, const std::atomic<bool>* stop);
  double loss(const std::vector<int>& values, const std::atomic<bool>* stop) { return loss(TraceWeights(values), stop); }
  // Forgets the weights it last computed (after the set was traced again): the next loss is computed in full.
  void forget() { current_.reset(); }
  // Red's traced evaluation of every position at the weights of the last loss (for tests).
  std::vector<int> evals() const;
  size_t state_bytes() const;  // the memory of the kept evaluation, per position 16 bytes

 private:
  struct BlockState {
    std::vector<int32_t> mg, eg;  // Red's totals
    std::vector<int64_t> error;   // quantized squared errors
    int64_t sum = 0;
  };
  void full(size_t b, const TraceWeights& w, const std::vector<int>& feature_mg, const std::vector<int>& feature_eg);
  void update(size_t b, const TraceWeights& from, const TraceWeights& to, const std::vector<int>& changed,
              bool nonlinear_changed);
  void refresh(size_t b, uint16_t i);
  double evaluated_in_full(const TraceWeights& w, const std::atomic<bool>* stop) const;

  const TraceSet& set_;
  double k_;
  int threads_;
  Cluster& cluster_;
  std::vector<BlockState> state_;
  std::optional<TraceWeights> current_;  // the weights state_ holds, if any
};

}  // namespace jiang::tuner
