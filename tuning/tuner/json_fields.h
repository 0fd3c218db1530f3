// Reading and writing the fields of the tuner's JSON (the checkpoint and its configuration).
#pragma once

#include <concepts>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "tuning/tuner/tune_config.h"
#include "util/json_number.h"

namespace jiang::tuner {

// An integer field, range-checked before the conversion (util/json_number.h); a missing one throws
// json::out_of_range, as every other field does.
template <std::integral Int>
Int integer_at(const nlohmann::json& j, const char* key) {
  const std::optional<Int> value = json_integer<Int>(j.at(key));
  if (!value) throw TuneError(std::string("\"") + key + "\" is not a whole number in range");
  return *value;
}

inline nlohmann::json optional_json(const std::optional<double>& x) {
  return x ? nlohmann::json(*x) : nlohmann::json(nullptr);
}

inline std::optional<double> optional_from(const nlohmann::json& j) {
  if (j.is_null()) return std::nullopt;
  return j.get<double>();
}

}  // namespace jiang::tuner
