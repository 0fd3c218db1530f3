#include "tuning/tuner/objective_setup.h"

#include <algorithm>
#include <chrono>
#include <vector>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "games/openings.h"
#include "tuning/tuner/games.h"
#include "tuning/tuner/json_fields.h"
#include "tuning/tuner/positions_loader.h"
#include "util/fingerprint.h"

namespace jiang::tuner {

using nlohmann::json;

namespace {

std::unique_ptr<Objective> games_objective(const TuneConfig& config, int threads, Cluster& cluster,
                                           spdlog::logger& logger) {
  GamesSettings settings;
  settings.games = config.games;
  settings.limits.depth = config.depth;
  settings.limits.nodes = config.nodes;
  settings.openings = config.openings;
  settings.baseline = config.baseline;
  settings.threads = threads;
  settings.cluster = &cluster;
  logger.info("games objective: {} games a candidate against {}, {} {} a move, {} openings{}", config.games,
              config.baseline_file.empty() ? "the default weights" : config.baseline_file,
              config.depth > 0 ? config.depth : config.nodes, config.depth > 0 ? "plies" : "nodes",
              config.openings.empty() ? games::builtin_openings().size() : config.openings.size(),
              cluster.size() > 1 ? fmt::format(", spread over {} ranks", cluster.size()) : std::string());
  return std::make_unique<GamesObjective>(std::move(settings));
}

// A resumed run keeps its checkpoint's K, and so must be given the data it was made with.
double checkpoint_k(const TuneConfig& config, const json& resume, const TexelData& data,
                    const std::string& checkpoint_name) {
  try {
    const std::string expected = resume.at("data_fingerprint").get<std::string>();
    if (expected != hex64(data.fingerprint))
      throw TuneError("the data in " + config.data + " are not the data checkpoint '" + checkpoint_name +
                      "' was made with (" + std::to_string(integer_at<size_t>(resume, "data_positions")) +
                      " positions, fingerprint " + expected + ")");
    return resume.at("k").get<double>();
  } catch (const json::exception& e) {
    throw TuneError("checkpoint '" + checkpoint_name + "' is malformed: " + e.what());
  }
}

double choose_k(const TuneConfig& config, const json* resume, const TexelData& data,
                const std::string& checkpoint_name, int threads, Cluster& cluster, spdlog::logger& logger) {
  if (resume) {
    const double k = checkpoint_k(config, *resume, data, checkpoint_name);
    logger.info("K = {:.6f} (from the checkpoint)", k);
    return k;
  }
  if (config.k) {
    logger.info("K = {:.6f} (given)", *config.k);
    return *config.k;
  }
  const auto fit_start = std::chrono::steady_clock::now();
  const double k = fit_k_over_shards(data.train, config.start, threads, cluster);
  logger.info("fitted K = {:.6f} in {:.1f} s", k,
              std::chrono::duration<double>(std::chrono::steady_clock::now() - fit_start).count());
  return k;
}

// Under --lambda below 1, the labels of the positions with a search score become blends (texel.h); the
// others stay results. Every rank blends its shard and logs the counts of the whole set.
void blend_score_labels(TexelData& data, double lambda, double k, Cluster& cluster, spdlog::logger& logger) {
  if (lambda >= 1.0) {
    std::vector<int32_t>().swap(data.train.scores);
    std::vector<int32_t>().swap(data.validation.scores);
    return;
  }
  std::vector<int64_t> counts{int64_t(blend_labels(data.train, k, lambda)),
                              int64_t(blend_labels(data.validation, k, lambda))};
  cluster.sum(counts);
  const int64_t total = int64_t(data.train.total_size() + data.validation.total_size());
  logger.info("labels: {} x result + {} x the search score's win probability for {} of {} positions{}", lambda,
              1.0 - lambda, counts[0] + counts[1], total,
              counts[0] + counts[1] < total ? " (the others have no score: their label is the result)" : "");
}

}  // namespace

std::unique_ptr<Objective> make_objective(const TuneConfig& config, const RunOptions& options, const json* resume,
                                          const std::string& checkpoint_name, Cluster& cluster, spdlog::logger& logger,
                                          TexelData& data, TracedData& traced, double& k) {
  const int threads = std::max(1, options.threads);
  if (config.objective == "games") return games_objective(config, threads, cluster, logger);
  try {
    data = load_shard(config, threads, options.stop, cluster, logger);
  } catch (const Interrupted&) {
    // Nothing done yet, nothing to save: an existing checkpoint stays as it is.
    if (resume)
      logger.warn("interrupted while loading the data; {} is unchanged: resume with --resume {}", checkpoint_name,
                  checkpoint_name);
    else
      logger.warn("interrupted while loading the data, before tuning began: no checkpoint written");
    return nullptr;
  }
  k = choose_k(config, resume, data, checkpoint_name, threads, cluster, logger);
  blend_score_labels(data, config.lambda, k, cluster, logger);
  if (options.full_loss) return std::make_unique<PositionsObjective>(data, k, threads, cluster);
  return traced_objective(data, traced, config.start, k, threads, options.stop, cluster, logger);
}

}  // namespace jiang::tuner
