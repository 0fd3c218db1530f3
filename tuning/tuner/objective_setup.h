// The data loss's objective for a run: the positions (this rank's shard, K from the checkpoint, given or
// fitted, labels blended by --lambda, traced) or the games.
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "tuning/tuner/objective.h"
#include "tuning/tuner/texel.h"
#include "tuning/tuner/traced_objective.h"
#include "tuning/tuner/tuner.h"
#include "util/cluster.h"

namespace jiang::tuner {

// The objective may point into `data` and `traced`, which must outlive it; `k` is set for the positions
// objective. Null if a stop request came first (nothing to save yet). `resume`: the checkpoint, named
// `checkpoint_name` in messages. Throws TuneError.
std::unique_ptr<Objective> make_objective(const TuneConfig& config, const RunOptions& options,
                                          const nlohmann::json* resume, const std::string& checkpoint_name,
                                          Cluster& cluster, spdlog::logger& logger, TexelData& data,
                                          TracedData& traced, double& k);

}  // namespace jiang::tuner
