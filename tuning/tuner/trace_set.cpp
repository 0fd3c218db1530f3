#include "tuning/tuner/trace_set.h"

#include <algorithm>
#include <bitset>
#include <string>

#include "tuning/tuner/parallel.h"

namespace jiang::tuner {
namespace {

// More changed parameters than this and the loss is computed in full: updating costs about as much.
constexpr size_t kMostIncremental = 16;
constexpr int kLargestCoefficient = 127;  // an int8_t step
constexpr int kLargestGap = 255;          // a uint8_t step

// The .eg twin of a .mg parameter ("material.rook.mg", "position.horse.mg.c7"), if any.
std::optional<int> eg_twin(const std::string& name) {
  for (const std::string& mg : {std::string(".mg."), std::string(".mg")}) {
    const size_t at = name.rfind(mg);
    if (at == std::string::npos || (mg.size() == 3 && at + 3 != name.size())) continue;
    std::string twin = name;
    twin.replace(at, 3, ".eg");
    return Params::find(twin);
  }
  return std::nullopt;
}

// A block of `n` positions with their results.
TraceBlock make_block(const Position* leaves, const float* results, size_t n, const Tracer& tracer,
                      const FeatureTable& features) {
  TraceBlock block;
  std::vector<std::vector<std::pair<uint16_t, int8_t>>> by_feature(features.features().size());
  for (size_t p = 0; p < n; ++p) {
    const uint16_t i = uint16_t(p);
    const PositionTrace trace = tracer.trace(leaves[p]);
    for (const auto& [feature, coef] : features.encode(trace.linear)) by_feature[feature].push_back({i, coef});
    TraceRecord record{uint32_t(block.threats.size()), {}, trace.shape};
    for (Color c : {Red, Black}) {
      record.threats[c] = uint8_t(trace.threats[c].size());
      block.threats.insert(block.threats.end(), trace.threats[c].begin(), trace.threats[c].end());
    }
    const DangerCounts none{};
    if (record.threats[Red] || record.threats[Black] || trace.shape.danger[Red] != none ||
        trace.shape.danger[Black] != none)
      block.nonlinear.push_back(i);
    block.records.push_back(record);
    block.packed.push_back(pack(leaves[p]));
    block.results.push_back(results[p]);
  }
  for (const auto& entries : by_feature) {
    block.column.push_back(uint32_t(block.gap.size()));
    int at = 0;
    for (const auto& [i, coef] : entries) {
      for (; i - at > kLargestGap; at += kLargestGap) block.gap.push_back(uint8_t(kLargestGap)), block.coef.push_back(0);
      block.gap.push_back(uint8_t(i - at));
      block.coef.push_back(coef);
      at = i;
    }
  }
  block.column.push_back(uint32_t(block.gap.size()));
  return block;
}

}  // namespace

PhaseValue nonlinear_of(const TraceBlock& block, uint16_t i, const TraceWeights& w) {
  const TraceRecord& r = block.records[i];
  const Threat* threats = block.threats.data() + r.first_threat;
  return nonlinear_red(r.shape, {threats, r.threats[Red]}, {threats + r.threats[Red], r.threats[Black]},
                       w.params.weights(), w.tables.exchange_value);
}

FeatureTable::FeatureTable() {
  const int n = Params::size();
  of_param_.resize(n);
  pair_of_.assign(n, -1);
  auto add = [&](int mg, int eg) {
    features_.push_back({int16_t(mg), int16_t(eg)});
    if (mg >= 0) of_param_[mg].push_back(int(features_.size()) - 1);
    if (eg >= 0 && eg != mg) of_param_[eg].push_back(int(features_.size()) - 1);
  };
  for (int i = 0; i < n; ++i) add(i, -1), add(-1, i), add(i, i);  // feature 3i + 0, 1, 2
  for (int i = 0; i < n; ++i)
    if (const std::optional<int> twin = eg_twin(Params::registry()[i].name)) {
      pair_of_[i] = int(features_.size());
      add(i, *twin);
    }
}

std::vector<std::pair<uint16_t, int8_t>> FeatureTable::encode(const std::vector<LinearTerm>& terms) const {
  std::vector<std::pair<uint16_t, int8_t>> out;
  auto emit = [&](int feature, int coef) {
    for (; coef != 0;) {
      const int step = std::clamp(coef, -kLargestCoefficient, kLargestCoefficient);
      out.push_back({uint16_t(feature), int8_t(step)});
      coef -= step;
    }
  };
  std::vector<LinearTerm> rest = terms;  // by parameter
  auto find = [&](int param) {
    auto it = std::lower_bound(rest.begin(), rest.end(), param, [](const LinearTerm& t, int p) { return t.param < p; });
    return it != rest.end() && it->param == param ? &*it : nullptr;
  };
  for (LinearTerm& t : rest) {
    if (!t.mg && !t.eg) continue;  // taken by its twin
    const int pair = pair_of_[t.param];
    LinearTerm* twin = pair >= 0 ? find(features_[pair].eg) : nullptr;
    if (twin && t.eg == 0 && twin->mg == 0 && twin->eg == t.mg) {
      emit(pair, t.mg);
      *twin = {twin->param, 0, 0};
    } else if (t.mg == t.eg) {
      emit(3 * t.param + 2, t.mg);
    } else {
      emit(3 * t.param, t.mg);
      emit(3 * t.param + 1, t.eg);
    }
  }
  return out;
}

TraceSet::TraceSet(const PositionSet& set, const Tracer& tracer, int threads, const std::atomic<bool>* stop)
    : order_(tracer.order()),
      blocks_((set.size() + kTraceBlock - 1) / kTraceBlock),
      size_(set.size()),
      total_(set.total_size()) {
  const bool complete = parallel_chunks(set.size(), kTraceBlock, threads, stop, [&](size_t b, size_t begin, size_t end) {
    blocks_[b] = make_block(&set.leaves[begin], &set.results[begin], end - begin, tracer, features_);
  });
  if (!complete) throw Interrupted();
}

void TraceSet::retrace(const Tracer& tracer, int threads, const std::atomic<bool>* stop, Cluster& cluster) {
  std::vector<TraceBlock> next(blocks_.size());
  const bool complete = parallel_chunks(blocks_.size(), 1, threads, stop, [&](size_t b, size_t, size_t) {
    const TraceBlock& old = blocks_[b];
    std::vector<Position> leaves;
    leaves.reserve(old.packed.size());
    for (const PackedPosition& packed : old.packed) leaves.push_back(unpack(packed));
    next[b] = make_block(leaves.data(), old.results.data(), leaves.size(), tracer, features_);
  });
  if (any(cluster, !complete)) throw Interrupted();  // every rank keeps its old traces, or none does
  blocks_ = std::move(next);
  order_ = tracer.order();
}

size_t TraceSet::bytes() const {
  size_t total = sizeof(*this);
  for (const TraceBlock& b : blocks_)
    total += sizeof(b) + b.records.size() * sizeof(TraceRecord) + b.packed.size() * sizeof(PackedPosition) +
             b.results.size() * sizeof(float) + b.threats.size() * sizeof(Threat) +
             b.nonlinear.size() * sizeof(uint16_t) + b.column.size() * sizeof(uint32_t) + b.gap.size() * 2;
  return total;
}

double TracedLoss::loss(TraceWeights next, const std::atomic<bool>* stop) {
  const std::vector<int>& values = next.values;
  if (!same_exchange_order(next.tables.exchange_order, set_.order())) {
    current_.reset();
    return evaluated_in_full(next, stop);
  }
  std::vector<int> changed;
  bool nonlinear_changed = false;
  if (current_)
    for (int i = 0; i < int(values.size()); ++i)
      if (values[i] != current_->values[i]) {
        changed.push_back(i);
        nonlinear_changed |= Tracer::nonlinear(i);
      }
  const bool incremental = current_ && changed.size() <= kMostIncremental;
  std::vector<int> feature_mg, feature_eg;
  if (!incremental) {
    state_.resize(set_.blocks().size());
    for (const Feature& f : set_.features().features()) {
      feature_mg.push_back(f.mg >= 0 ? values[f.mg] : 0);
      feature_eg.push_back(f.eg >= 0 ? values[f.eg] : 0);
    }
  }
  const TraceWeights* from = current_ ? &*current_ : nullptr;
  const bool complete = parallel_chunks(set_.blocks().size(), 1, threads_, stop, [&](size_t b, size_t, size_t) {
    if (incremental) update(b, *from, next, changed, nonlinear_changed);
    else full(b, next, feature_mg, feature_eg);
  });
  std::optional<int64_t> sum;
  if (complete) {
    sum = 0;
    for (const BlockState& s : state_) *sum += s.sum;
  }
  current_.reset();  // until every rank has its part: if one was interrupted, blocks may be at the old weights
  const double mean = mean_over_shards(cluster_, sum, set_.total_size());
  current_ = std::move(next);
  return mean;
}

void TracedLoss::full(size_t b, const TraceWeights& w, const std::vector<int>& feature_mg,
                      const std::vector<int>& feature_eg) {
  const TraceBlock& block = set_.blocks()[b];
  BlockState& s = state_[b];
  const size_t n = block.records.size();
  s.mg.assign(n, 0);
  s.eg.assign(n, 0);
  s.error.assign(n, 0);
  s.sum = 0;
  for (int f = 0; f < int(feature_mg.size()); ++f) {
    const int mg = feature_mg[f], eg = feature_eg[f];
    if (mg || eg) walk(block, f, [&](uint16_t i, int coef) { s.mg[i] += coef * mg, s.eg[i] += coef * eg; });
  }
  for (uint16_t i : block.nonlinear) {
    const PhaseValue nl = nonlinear_of(block, i, w);
    s.mg[i] += nl.mg, s.eg[i] += nl.eg;
  }
  for (uint16_t i = 0; i < n; ++i) refresh(b, i);
}

void TracedLoss::update(size_t b, const TraceWeights& from, const TraceWeights& to, const std::vector<int>& changed,
                        bool nonlinear_changed) {
  const TraceBlock& block = set_.blocks()[b];
  BlockState& s = state_[b];
  std::bitset<kTraceBlock> touched;
  std::vector<uint16_t> touched_list;
  auto touch = [&](uint16_t i) {
    if (!touched[i]) touched[i] = true, touched_list.push_back(i);
  };
  for (int p : changed) {
    const int d = to.values[p] - from.values[p];
    for (int f : set_.features().of_param(p)) {
      const Feature& feature = set_.features().features()[f];
      const int mg = feature.mg == p ? d : 0, eg = feature.eg == p ? d : 0;
      walk(block, f, [&](uint16_t i, int coef) {
        s.mg[i] += coef * mg, s.eg[i] += coef * eg;
        touch(i);
      });
    }
  }
  if (nonlinear_changed)
    for (uint16_t i : block.nonlinear) {
      const PhaseValue change = nonlinear_of(block, i, to) - nonlinear_of(block, i, from);
      if (change == PhaseValue{}) continue;
      s.mg[i] += change.mg, s.eg[i] += change.eg;
      touch(i);
    }
  for (uint16_t i : touched_list) refresh(b, i);
}

void TracedLoss::refresh(size_t b, uint16_t i) {
  const TraceBlock& block = set_.blocks()[b];
  BlockState& s = state_[b];
  const int eval = blend_red({s.mg[i], s.eg[i]}, block.records[i].shape);
  const int64_t error = quantized_squared_error(k_, eval, block.results[i]);
  s.sum += error - s.error[i];
  s.error[i] = error;
}

double TracedLoss::evaluated_in_full(const TraceWeights& w, const std::atomic<bool>* stop) const {
  const Evaluator eval(w.params);
  std::atomic<int64_t> total{0};
  const bool complete = parallel_chunks(set_.blocks().size(), 1, threads_, stop, [&](size_t b, size_t, size_t) {
    const TraceBlock& block = set_.blocks()[b];
    int64_t sum = 0;
    for (size_t i = 0; i < block.packed.size(); ++i)
      sum += quantized_squared_error(k_, red_eval(eval, unpack(block.packed[i])), block.results[i]);
    total += sum;
  });
  return mean_over_shards(cluster_, complete ? std::optional<int64_t>(total.load()) : std::nullopt, set_.total_size());
}

std::vector<int> TracedLoss::evals() const {
  std::vector<int> out;
  for (size_t b = 0; b < state_.size(); ++b)
    for (size_t i = 0; i < state_[b].mg.size(); ++i)
      out.push_back(blend_red({state_[b].mg[i], state_[b].eg[i]}, set_.blocks()[b].records[i].shape));
  return out;
}

size_t TracedLoss::state_bytes() const {
  size_t total = 0;
  for (const BlockState& s : state_) total += s.mg.size() * (2 * sizeof(int32_t) + sizeof(int64_t));
  return total;
}

}  // namespace jiang::tuner
