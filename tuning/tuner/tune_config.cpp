#include "tuning/tuner/tune_config.h"

#include <algorithm>
#include <concepts>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "tuning/tuner/json_fields.h"
#include "tuning/tuner/tune_config_fields.h"

namespace jiang::tuner {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

// The values of a registry: the weights, the search's parameters.
template <class T>
concept RegistryValues = requires(const T& t) {
  T::table();
  t.values();
};

template <class T>
ordered_json to_json_value(const T& value) {
  if constexpr (RegistryValues<T>)
    return value.to_json();
  else
    return value;
}
ordered_json to_json_value(const std::optional<double>& value) { return optional_json(value); }
template <class Bool>
ordered_json to_json_value(const Choice<Bool>& value) {
  return value.value ? value.yes : value.no;
}

class Writer {
 public:
  template <class T>
  void field(const char* key, const char*, unsigned, const T& value) {
    (*object_)[key] = to_json_value(value);
  }
  template <class Body>
  void group(const char* key, unsigned, Body&& body) {
    ordered_json inner = ordered_json::object();
    ordered_json* outer = std::exchange(object_, &inner);
    body();
    object_ = outer;
    (*object_)[key] = std::move(inner);
  }
  ordered_json take() { return std::move(root_); }

 private:
  ordered_json root_ = ordered_json::object();
  ordered_json* object_ = &root_;
};

template <class T>
void read_value(const json& j, const char* key, T& value) {
  if constexpr (std::integral<T> && !std::same_as<T, bool>)
    value = integer_at<T>(j, key);
  else if constexpr (RegistryValues<T>)
    value = T::from_json(j.at(key));
  else
    value = j.at(key).get<T>();
}
void read_value(const json& j, const char* key, std::optional<double>& value) { value = optional_from(j.at(key)); }
template <class Bool>
void read_value(const json& j, const char* key, Choice<Bool>& value) {
  value.value = j.at(key).get<std::string>() == value.yes;
}

// A field newer than the checkpoint keeps its default, which that run had.
class Reader {
 public:
  explicit Reader(const json& root) : object_(&root) {}
  template <class T>
  void field(const char* key, const char*, unsigned flags, T&& value) {
    if ((flags & kLater) && !object_->contains(key)) return;
    read_value(*object_, key, value);
  }
  template <class Body>
  void group(const char* key, unsigned flags, Body&& body) {
    if ((flags & kLater) && !object_->contains(key)) return;
    const json* outer = std::exchange(object_, &object_->at(key));
    body();
    object_ = outer;
  }

 private:
  const json* object_;
};

// What check_checkpoint needs to know of each key: its flags, which keys hold an algorithm's options,
// and which of those options are end conditions.
struct Roles {
  std::map<std::string, unsigned> flags;
  std::vector<std::string> algorithms;
  std::vector<std::pair<std::string, std::string>> end_conditions;
  std::string current_group;

  void field(const char* key, const char*, unsigned field_flags) {
    if (current_group.empty())
      flags[key] = field_flags;
    else if (field_flags & kEndCondition)
      end_conditions.emplace_back(current_group, key);
  }
  template <class Body>
  void group(const char* key, unsigned group_flags, Body&& body) {
    flags[key] = group_flags;
    algorithms.push_back(key);
    current_group = key;
    body();
    current_group.clear();
  }
};

const Roles& roles() {
  static const Roles walked = [] {
    Roles r;
    visit_config(r);
    return r;
  }();
  return walked;
}

bool contains(const std::vector<std::string>& list, const std::string& key) {
  return std::find(list.begin(), list.end(), key) != list.end();
}

// Whether a difference in `key` makes the checkpoint another run's: only the chosen algorithm's options
// and the chosen objective's settings matter, and nothing merely informative.
bool matters(const std::string& key, const TuneConfig& config) {
  const unsigned flags = roles().flags.at(key);
  if (flags & kInformative) return false;
  if (contains(roles().algorithms, key)) return key == config.algorithm;
  if (flags & kGames) return config.objective == "games";
  if (flags & kPositions) return config.objective == "positions";
  return true;
}

// The two configurations as JSON, with what a resumed run may change taken out and what an older
// checkpoint lacks filled in with the defaults it ran with.
std::pair<json, json> comparable(const TuneConfig& config, const json& checkpoint) {
  json ours = json::parse(config_to_json(config).dump());
  json theirs = checkpoint.at("config");
  const json defaults = json::parse(config_to_json(TuneConfig{}).dump());
  if (theirs.is_object())
    for (const auto& [key, flags] : roles().flags)
      if ((flags & kLater) && !theirs.contains(key)) theirs[key] = defaults[key];
  for (const auto& [group, key] : roles().end_conditions) {
    if (ours.contains(group)) ours[group].erase(key);
    if (theirs.contains(group) && theirs[group].is_object()) theirs[group].erase(key);
  }
  return {std::move(ours), std::move(theirs)};
}

}  // namespace

ordered_json config_to_json(const TuneConfig& config) {
  Writer writer;
  visit_config(writer, config);
  return writer.take();
}

TuneConfig config_from_json(const json& j) {
  try {
    TuneConfig c;
    Reader reader(j);
    visit_config(reader, c);
    return c;
  } catch (const json::exception& e) {
    throw TuneError(std::string("the checkpoint's configuration is incomplete or malformed: ") + e.what());
  } catch (const ParamError& e) {
    throw TuneError(std::string("the checkpoint's configuration: ") + e.what());
  } catch (const TuneError& e) {
    throw TuneError(std::string("the checkpoint's configuration: ") + e.what());
  }
}

bool tunes_search(const TuneConfig& config) {
  return std::any_of(config.params.begin(), config.params.end(),
                     [](const std::string& name) { return SearchParams::find(name).has_value(); });
}

const ParamRegistry& tuned_registry(const TuneConfig& config) {
  return tunes_search(config) ? SearchParams::table() : Params::table();
}

const std::vector<int>& start_values(const TuneConfig& config) {
  return tunes_search(config) ? config.search_start.values() : config.start.values();
}

namespace {

// What SPSA and the search's parameters ask of the rest of the configuration.
void check_spsa_and_search(const TuneConfig& c) {
  if (c.algorithm == "spsa") {
    if (c.objective != "games") throw TuneError("spsa plays games: it needs --objective games");
    if (c.l2 > 0) throw TuneError("spsa measures no loss to add --l2 to");
    if (c.spsa.pairs < 1 || !(c.spsa.a_ratio >= 0) || !(c.spsa.alpha > 0) || !(c.spsa.gamma >= 0) ||
        !(c.spsa.r_end > 0))
      throw TuneError("spsa needs pairs >= 1, A ratio >= 0, alpha > 0, gamma >= 0 and r_end > 0");
  }
  if (!tunes_search(c)) return;
  if (std::any_of(c.params.begin(), c.params.end(), [](const std::string& name) {
        const std::optional<int> i = SearchParams::find(name);
        return i && SearchParams::registry()[*i].group == "time";
      }))
    throw TuneError("the time manager's parameters (time.*) act only at a time control, and the games objective "
                    "plays at fixed nodes or depth: measure them with `jiang match` (option.time.NAME=VALUE in an "
                    "engine spec)");
  if (!std::all_of(c.params.begin(), c.params.end(),
                   [](const std::string& name) { return SearchParams::find(name).has_value(); }))
    throw TuneError("a run tunes the search's parameters (search.*) or the evaluation's weights, not both");
  if (c.objective != "games") throw TuneError("the search's parameters are tuned by games: --objective games");
  if (c.algorithm == "adam") throw TuneError("adam follows a loss's gradient; tune the search with spsa, hc, sa or ga");
}

}  // namespace

void check_config(const TuneConfig& c) {
  if (c.algorithm != "hc" && c.algorithm != "sa" && c.algorithm != "ga" && c.algorithm != "adam" &&
      c.algorithm != "spsa")
    throw TuneError("unknown algorithm '" + c.algorithm + "' (hc, sa, ga, adam or spsa)");
  check_spsa_and_search(c);
  if (c.objective != "positions" && c.objective != "games")
    throw TuneError("unknown objective '" + c.objective + "' (positions or games)");
  if (c.objective == "positions" && c.data.empty()) throw TuneError("the positions objective needs --data FILE");
  if (c.hc.step < 1 || c.hc.min_step < 1 || c.hc.min_step > c.hc.step)
    throw TuneError("hill climbing needs 1 <= minimum step <= step");
  if (!(c.sa.t_start > 0) || !(c.sa.t_end > 0) || !(c.sa.rate > 0 && c.sa.rate < 1) || c.sa.step < 1 || c.sa.moves < 1)
    throw TuneError("annealing needs positive temperatures, a cooling rate in (0, 1), step >= 1 and moves >= 1");
  if (c.ga.population < 2 || c.ga.generations < 0 || c.ga.tournament < 1 || c.ga.elitism < 0 ||
      c.ga.elitism >= c.ga.population || c.ga.crossover_rate < 0 || c.ga.crossover_rate > 1 ||
      c.ga.mutation_rate < 0 || c.ga.mutation_rate > 1 || c.ga.mutation_step < 1)
    throw TuneError("the genetic algorithm needs population >= 2, 0 <= elitism < population, tournament >= 1, "
                    "rates in [0, 1] and mutation step >= 1");
  if (!(c.adam.rate > 0) || c.adam.epochs < 0) throw TuneError("adam needs a positive rate and epochs >= 0");
  if (!(c.l2 >= 0)) throw TuneError("--l2 must be at least 0");
  if (c.patience < 0) throw TuneError("--patience must be at least 0");
  if (!(c.lambda >= 0 && c.lambda <= 1)) throw TuneError("--lambda must be from 0 to 1");
  if (c.patience > 0 && (c.objective != "positions" || !(c.validation > 0)))
    throw TuneError("--patience needs a validation loss: the positions objective with --validation above 0");
  if (c.objective == "games" && (c.games < 2 || c.games % 2 != 0 || (c.depth > 0) == (c.nodes > 0)))
    throw TuneError("the games objective needs an even number of games and exactly one of depth and nodes");
}

void check_checkpoint(const TuneConfig& config, const json& checkpoint, const std::string& where) {
  const auto [ours, theirs] = comparable(config, checkpoint);
  std::string differences;
  for (const auto& [key, value] : ours.items()) {
    if (!matters(key, config)) continue;
    if (theirs.contains(key) && theirs.at(key) == value) continue;
    std::string theirs_text = theirs.contains(key) ? theirs.at(key).dump() : "missing";
    std::string ours_text = value.dump();
    // Weights are too long to show.
    if (value.is_object() && !contains(roles().algorithms, key)) theirs_text = "other weights", ours_text = "these";
    differences += "\n  " + key + ": " + theirs_text + " in the checkpoint, " + ours_text + " now";
  }
  if (!differences.empty())
    throw TuneError("checkpoint '" + where + "' belongs to a different run:" + differences +
                    "\nresume with the checkpoint's own settings (give no algorithm options), or start a new run");
}

}  // namespace jiang::tuner
