#include "tuning/tuner/positions_loader.h"

#include <chrono>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>

namespace jiang::tuner {
namespace {

// At most this many malformed-line warnings are logged one by one; the rest are counted.
constexpr size_t kWarningsShown = 20;

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// The resident memory of this process in MB (Linux), or -1.
double resident_mb() {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  return -1;
}

std::vector<LabelledPosition> read_all(const TuneConfig& config, spdlog::logger& logger) {
  std::vector<std::string> warnings;
  const auto read_start = Clock::now();
  std::vector<LabelledPosition> positions;
  try {
    positions = read_positions(config.data, config.strict, &warnings);
  } catch (const PositionsFileError& e) {
    throw TuneError(e.what());
  }
  for (size_t i = 0; i < warnings.size() && i < kWarningsShown; ++i)
    logger.warn("skipped a malformed line: {}", warnings[i]);
  if (warnings.size() > kWarningsShown)
    logger.warn("... and {} more malformed lines skipped", warnings.size() - kWarningsShown);
  logger.info("read {} positions from {} in {:.1f} s", positions.size(), config.data, seconds_since(read_start));
  return positions;
}

}  // namespace

TexelData load_shard(const TuneConfig& config, int threads, const std::atomic<bool>* stop, Cluster& cluster,
                     spdlog::logger& logger) {
  TexelData data;
  bool interrupted = false;
  const auto leaf_start = Clock::now();
  agree(cluster, [&] {
    const std::vector<LabelledPosition> positions = read_all(config, logger);
    try {
      data = prepare_texel_data(positions, config.validation, config.seed, config.start, threads, stop,
                                Shard{cluster.rank(), cluster.size()});
    } catch (const std::invalid_argument& e) {
      throw TuneError(config.data + ": " + e.what());
    } catch (const Interrupted&) {
      interrupted = true;
    }
  });
  if (any(cluster, interrupted)) throw Interrupted();
  logger.info("quiet leaves of {} training and {} validation positions{} in {:.1f} s ({} bytes a position; "
              "resident memory {:.0f} MB)",
              data.train.total_size(), data.validation.total_size(),
              cluster.size() > 1 ? fmt::format(" (this rank: {} and {})", data.train.size(), data.validation.size())
                                 : std::string(),
              seconds_since(leaf_start), sizeof(Position) + sizeof(float), resident_mb());
  return data;
}

double fit_k_over_shards(const PositionSet& train, const Params& start, int threads, Cluster& cluster) {
  // Every shard's evaluations and results, in rank order: the training set in its order.
  const std::vector<int> evals = all_gather_values(cluster, red_evals(train, Evaluator(start), threads));
  const std::vector<float> results = all_gather_values(cluster, train.results);
  return fit_k(evals, results);
}

std::unique_ptr<Objective> traced_objective(TexelData& data, TracedData& traced, const Params& start, double k,
                                            int threads, const std::atomic<bool>* stop, Cluster& cluster,
                                            spdlog::logger& logger) {
  const auto trace_start = Clock::now();
  bool interrupted = false;
  try {
    traced = trace_texel_data(data, start, threads, stop);
  } catch (const Interrupted&) {
    interrupted = true;
  }
  if (any(cluster, interrupted)) {
    logger.warn("interrupted while tracing the positions, before tuning began: no checkpoint written");
    return nullptr;
  }
  std::vector<Position>().swap(data.train.leaves);  // the traces replace the positions
  std::vector<Position>().swap(data.validation.leaves);
  const size_t positions = traced.train->size() + (traced.validation ? traced.validation->size() : 0);
  const size_t bytes = traced.train->bytes() + (traced.validation ? traced.validation->bytes() : 0);
  logger.info("traced {} positions{} in {:.1f} s ({:.0f} bytes a position; resident memory {:.0f} MB)", positions,
              cluster.size() > 1 ? " (rank 0's shard)" : "", seconds_since(trace_start),
              double(bytes) / double(std::max<size_t>(positions, 1)), resident_mb());
  return std::make_unique<TracedPositionsObjective>(traced, k, threads, cluster, &logger);
}

}  // namespace jiang::tuner
