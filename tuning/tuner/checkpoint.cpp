#include "tuning/tuner/checkpoint.h"

#include <cerrno>
#include <cstring>
#include <fstream>

#include <nlohmann/json.hpp>

#include "tuning/tuner/json_fields.h"
#include "util/atomic_file.h"
#include "util/fingerprint.h"

namespace jiang::tuner {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

constexpr const char* kCheckpointFormat = "jiang tune checkpoint";
constexpr int kCheckpointVersion = 1;

// A point of the run's registry, by name.
ordered_json weights_json(const TuneConfig& config, const std::vector<int>& values) {
  const ParamRegistry& registry = tuned_registry(config);
  registry.check(values);
  return registry.to_json(values);
}

json patience_json(const Progress& p) {
  return {{"lowest_validation", optional_json(p.lowest_validation)}, {"weights", p.lowest_weights},
          {"lowest_loss", p.lowest_loss}, {"lowest_iteration", p.lowest_iteration}, {"since_lowest", p.since_lowest}};
}

void patience_from_json(const json& j, Progress& p) {
  p.lowest_validation = optional_from(j.at("lowest_validation"));
  p.lowest_weights = j.at("weights").get<std::vector<int>>();
  if (p.lowest_validation && p.lowest_weights.size() != size_t(Params::size()))
    throw TuneError("\"patience\" holds weights of the wrong size");
  p.lowest_loss = j.at("lowest_loss").get<double>();
  p.lowest_iteration = integer_at<int64_t>(j, "lowest_iteration");
  p.since_lowest = integer_at<int64_t>(j, "since_lowest");
}

}  // namespace

ordered_json checkpoint_json(const RunSnapshot& s) {
  const Algorithm& algorithm = s.algorithm;
  const Progress& progress = s.progress;
  ordered_json j;
  j["format"] = kCheckpointFormat;
  j["version"] = kCheckpointVersion;
  j["config"] = config_to_json(s.config);
  j["data_positions"] = s.data.train.total_size() + s.data.validation.total_size();
  j["data_fingerprint"] = hex64(s.data.fingerprint);
  j["train_positions"] = s.data.train.total_size();
  j["validation_positions"] = s.data.validation.total_size();
  j["validation_seed"] = s.config.seed;
  j["out"] = s.out.string();
  j["k"] = s.k;
  j["iteration"] = progress.iteration;
  j["evaluations"] = progress.evaluations;
  j["elapsed_s"] = s.elapsed_s;
  j["finished"] = algorithm.initialized() && algorithm.finished();
  j["start_loss"] = progress.start_loss;
  j["start_validation_loss"] = optional_json(progress.start_validation);
  if (algorithm.initialized()) {
    j["current"] = weights_json(s.config, algorithm.current());
    j["current_loss"] = algorithm.current_loss();
    j["best"] = weights_json(s.config, algorithm.best());
    j["best_loss"] = algorithm.best_loss();
  }
  j["best_validation_loss"] = optional_json(progress.best_validation);
  j["patience"] = patience_json(progress);
  j["rng"] = rng_to_string(s.rng);
  j["state"] = algorithm.state();
  return j;
}

void write_checkpoint_file(const std::filesystem::path& path, const ordered_json& checkpoint) {
  try {
    write_file_atomically(path, checkpoint.dump(1) + "\n");
  } catch (const FileWriteError& e) {
    throw TuneError(e.what());
  }
}

void restore_from_checkpoint(const json& checkpoint, Algorithm& algorithm, Rng& rng, Progress& progress) {
  algorithm.load_state(checkpoint.at("state"));
  rng = rng_from_string(checkpoint.at("rng").get<std::string>());
  progress.iteration = integer_at<int64_t>(checkpoint, "iteration");
  progress.evaluations = integer_at<uint64_t>(checkpoint, "evaluations");
  progress.elapsed_before = checkpoint.at("elapsed_s").get<double>();
  progress.start_loss = checkpoint.at("start_loss").get<double>();
  progress.start_validation = optional_from(checkpoint.at("start_validation_loss"));
  progress.best_validation = optional_from(checkpoint.at("best_validation_loss"));
  if (checkpoint.contains("patience")) patience_from_json(checkpoint.at("patience"), progress);
}

std::filesystem::path default_checkpoint_path(const std::filesystem::path& out) {
  std::filesystem::path p = out;
  return p.replace_extension(".checkpoint.json");
}

json read_checkpoint(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw TuneError("cannot read checkpoint '" + path.string() + "': " + std::strerror(errno));
  return read_checkpoint(in, path.string());
}

json read_checkpoint(std::istream& in, const std::string& name) {
  json j;
  try {
    in >> j;
  } catch (const json::exception& e) {
    throw TuneError("checkpoint '" + name + "' is not valid JSON: " + e.what());
  }
  // Compared as JSON values, which never throws, whatever type the file gave them.
  if (!j.is_object() || !j.contains("format") || j["format"] != kCheckpointFormat)
    throw TuneError("'" + name + "' is not a jiang tune checkpoint");
  const json version = j.contains("version") ? j["version"] : json(nullptr);
  if (version != kCheckpointVersion)
    throw TuneError("checkpoint '" + name + "' has version " + version.dump() + "; this jiang reads version " +
                    std::to_string(kCheckpointVersion));
  // What `jiang tune --resume` reads before the run begins; the run checks the rest as it reads it.
  if (!j.contains("config") || !j["config"].is_object())
    throw TuneError("checkpoint '" + name + "' has no configuration object");
  if (j.contains("out") && !j["out"].is_string())
    throw TuneError("checkpoint '" + name + "': \"out\" is not a file name");
  return j;
}

}  // namespace jiang::tuner
