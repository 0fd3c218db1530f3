#include "util/param_registry.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>

#include <nlohmann/json.hpp>

#include "util/atomic_file.h"
#include "util/json_number.h"

namespace jiang {
namespace {

// The weights file is about 14 KB; one a hundred times larger is something else.
constexpr uintmax_t kMaxFileBytes = 1 << 20;

// SPSA's default perturbation: a twentieth of the range, the share Stockfish's tuning guides start from.
constexpr int kDefaultStepsPerRange = 20;

}  // namespace

int default_step(const ParamInfo& info) {
  return info.step > 0 ? info.step : std::max(1, (info.max - info.min) / kDefaultStepsPerRange);
}

ParamRegistry::ParamRegistry(std::vector<ParamInfo> infos, std::string kind)
    : infos_(std::move(infos)), kind_(std::move(kind)) {}

std::optional<int> ParamRegistry::find(std::string_view name) const {
  for (int i = 0; i < size(); ++i)
    if (infos_[size_t(i)].name == name) return i;
  return std::nullopt;
}

std::vector<std::string> ParamRegistry::groups() const {
  std::vector<std::string> result;
  for (const ParamInfo& info : infos_)
    if (std::find(result.begin(), result.end(), info.group) == result.end()) result.push_back(info.group);
  return result;
}

std::vector<int> ParamRegistry::select(const std::vector<std::string>& names_or_groups) const {
  std::vector<int> indices;
  for (const std::string& key : names_or_groups) {
    bool matched = false;
    for (int i = 0; i < size(); ++i) {
      const ParamInfo& info = infos_[size_t(i)];
      // A group, a prefix that ends at a dot ("position.horse"), or a full name.
      const bool hit = info.name == key || info.group == key ||
                       (info.name.size() > key.size() && info.name.compare(0, key.size(), key) == 0 &&
                        info.name[key.size()] == '.');
      if (!hit) continue;
      matched = true;
      if (std::find(indices.begin(), indices.end(), i) == indices.end()) indices.push_back(i);
    }
    if (!matched) throw ParamError("no parameter or group named '" + key + "'");
  }
  return indices;
}

std::vector<int> ParamRegistry::defaults() const {
  std::vector<int> values;
  for (const ParamInfo& info : infos_) values.push_back(info.default_value);
  return values;
}

ParamError ParamRegistry::out_of_bounds(int index, const std::string& value) const {
  const ParamInfo& info = (*this)[index];
  return ParamError("parameter " + info.name + " = " + value + " is out of bounds [" + std::to_string(info.min) +
                    ", " + std::to_string(info.max) + "]");
}

void ParamRegistry::check(int index, int value) const {
  const ParamInfo& info = (*this)[index];
  if (value < info.min || value > info.max) throw out_of_bounds(index, std::to_string(value));
}

void ParamRegistry::check(const std::vector<int>& values) const {
  if (values.size() != infos_.size())
    throw ParamError("expected " + std::to_string(infos_.size()) + " parameter values, got " +
                     std::to_string(values.size()));
  for (int i = 0; i < size(); ++i) check(i, values[size_t(i)]);
}

nlohmann::ordered_json ParamRegistry::to_json(const std::vector<int>& values) const {
  nlohmann::ordered_json json = nlohmann::ordered_json::object();
  for (int i = 0; i < size(); ++i) json[infos_[size_t(i)].name] = values[size_t(i)];
  return json;
}

std::vector<int> ParamRegistry::from_json(const nlohmann::json& json, int* defaulted) const {
  if (!json.is_object()) throw ParamError(kind_ + " must be a JSON object of \"name\": integer");
  std::vector<int> values = defaults();
  for (const auto& [name, value] : json.items()) {
    const std::optional<int> index = find(name);
    if (!index) throw ParamError("unknown parameter '" + name + "'");
    if (!value.is_number_integer())
      throw ParamError("parameter " + name + " must be an integer, got " + value.dump());
    const std::optional<int> v = json_integer<int>(value);
    if (!v) throw out_of_bounds(*index, value.dump());  // beyond int, beyond every parameter's bounds
    check(*index, *v);
    values[size_t(*index)] = *v;
  }
  if (defaulted) *defaulted = size() - int(json.size());
  return values;
}

std::vector<int> ParamRegistry::load(const std::filesystem::path& path, int* defaulted) const {
  // A device or a pipe (/dev/zero, /dev/stdin) would be read forever, and a huge file is not one of
  // ours: refuse both before reading, so that a GUI's typo cannot hang or exhaust the engine.
  const std::string file = kind_ + " file '" + path.string() + "'";
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (!error && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    throw ParamError(file + " is not a regular file");
  const uintmax_t bytes = std::filesystem::file_size(path, error);
  if (!error && bytes > kMaxFileBytes)
    throw ParamError(file + " is " + std::to_string(bytes) + " bytes; a " + kind_ + " file is under " +
                     std::to_string(kMaxFileBytes));
  std::ifstream in(path);
  if (!in) throw ParamError("cannot read " + file + ": " + std::strerror(errno));
  return read(in, path.string(), defaulted);
}

std::vector<int> ParamRegistry::read(std::istream& in, const std::string& name, int* defaulted) const {
  nlohmann::json json;
  try {
    in >> json;
  } catch (const nlohmann::json::exception& e) {
    throw ParamError(kind_ + " file '" + name + "' is not valid JSON: " + e.what());
  }
  try {
    return from_json(json, defaulted);
  } catch (const ParamError& e) {
    throw ParamError(kind_ + " file '" + name + "': " + e.what());
  }
}

std::string ParamRegistry::to_text(const std::vector<int>& values) const { return to_json(values).dump(2) + '\n'; }

void ParamRegistry::save(const std::filesystem::path& path, const std::vector<int>& values) const {
  try {
    write_file_atomically(path, to_text(values));
  } catch (const FileWriteError& e) {
    throw ParamError(kind_ + " file: " + e.what());
  }
}

}  // namespace jiang
