// The positions objective's data, made ready for a run: read, split, reduced to quiet leaves, K fitted,
// traced. In a run of several ranks (util/cluster.h) every rank reads the whole file (so the split and
// the fingerprint are the same everywhere) and keeps only its shard of each set (texel.h, Shard); an
// error on any rank ends the run on every rank (ClusterError), and so does a stop request on any rank
// (Interrupted on every rank).
#pragma once

#include <atomic>
#include <memory>

#include "tuning/tuner/traced_objective.h"
#include "tuning/tuner/tune_config.h"
#include "util/cluster.h"

namespace spdlog {
class logger;
}  // namespace spdlog

namespace jiang::tuner {

// This rank's shard of config.data, quiet leaves under config.start. Throws TuneError (alone) or
// ClusterError for bad data, Interrupted if `stop` was raised on any rank.
TexelData load_shard(const TuneConfig& config, int threads, const std::atomic<bool>* stop, Cluster& cluster,
                     spdlog::logger& logger);

// The K that fits the training positions of every shard under `start` (texel.h, fit_k): the same on
// every rank, and the same as one process fits.
double fit_k_over_shards(const PositionSet& train, const Params& start, int threads, Cluster& cluster);

// Traces the shard at `start` and lets its positions go; null if interrupted on any rank.
std::unique_ptr<Objective> traced_objective(TexelData& data, TracedData& traced, const Params& start, double k,
                                            int threads, const std::atomic<bool>* stop, Cluster& cluster,
                                            spdlog::logger& logger);

}  // namespace jiang::tuner
