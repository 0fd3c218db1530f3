// The tuner's checkpoint (tuning/tuner/tuner.cpp), as `jiang tune --resume` reads it: the file and its
// configuration either read or throw TuneError, and the algorithm's state either loads or throws
// std::invalid_argument (what load_state promises); nothing else escapes. A state that loads is
// written and loaded again unchanged.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "eval/params.h"
#include "fuzz/check.h"
#include "tuning/tuner/algorithms.h"
#include "tuning/tuner/tuner.h"

namespace {

using namespace jiang;
using namespace jiang::tuner;

// The configuration of a checkpoint that reads and could run, or nothing.
std::optional<TuneConfig> runnable_config(const std::string& text, nlohmann::json& checkpoint) {
  std::istringstream in(text);
  try {
    checkpoint = read_checkpoint(in, "input");
    TuneConfig config = config_from_json(checkpoint.at("config"));
    check_config(config);
    return config;
  } catch (const TuneError&) {
    return std::nullopt;
  }
}

std::unique_ptr<Algorithm> make_algorithm(const TuneConfig& config) {
  std::vector<int> tuned;
  for (const std::string& name : config.params) {
    const std::optional<int> index = Params::find(name);
    if (!index) return nullptr;  // run_tune stops here with a TuneError
    tuned.push_back(*index);
  }
  if (tuned.empty()) return nullptr;
  const SearchSpace space = make_search_space(config.start.values(), tuned);
  if (config.algorithm == "hc") return make_hill_climbing(space, config.hc);
  if (config.algorithm == "sa") return make_annealing(space, config.sa);
  return make_genetic(space, config.ga);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  nlohmann::json checkpoint;
  const std::optional<TuneConfig> config =
      runnable_config(std::string(reinterpret_cast<const char*>(data), size), checkpoint);
  if (!config || !checkpoint.contains("state")) return 0;
  const std::unique_ptr<Algorithm> algorithm = make_algorithm(*config);
  if (!algorithm) return 0;
  try {
    algorithm->load_state(checkpoint["state"]);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  const nlohmann::json state = algorithm->state();
  const std::unique_ptr<Algorithm> again = make_algorithm(*config);
  try {
    again->load_state(state);
  } catch (const std::invalid_argument& e) {
    fuzz::require(false, "a state written by an algorithm loads again", e.what());
  }
  fuzz::require(again->state() == state, "a state loads and writes back unchanged", state.dump());
  return 0;
}
