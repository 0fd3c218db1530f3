// Reading and writing the algorithms' states (Algorithm::state, load_state): tuned values as JSON arrays,
// and fields that throw std::invalid_argument, as load_state promises, when missing or of the wrong type.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "tuning/tuner/algorithms.h"
#include "util/json_number.h"

namespace jiang::tuner {

// The tuned values of a full vector, and a full vector from tuned values (the rest from the start).
nlohmann::json tuned_json(const SearchSpace& space, const std::vector<int>& full);
std::vector<int> full_from_json(const SearchSpace& space, const nlohmann::json& values, const char* what);
// A field of an algorithm's state; std::invalid_argument if it is missing.
const nlohmann::json& field(const nlohmann::json& state, const char* key);

template <typename T>
T get(const nlohmann::json& state, const char* key) {
  const nlohmann::json& value = field(state, key);
  const auto wrong_type = [key] {
    return std::invalid_argument(std::string("algorithm state: \"") + key + "\" has the wrong type");
  };
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    const std::optional<T> n = json_integer<T>(value);  // range-checked: get<int>() of 1e300 is undefined
    if (!n) throw wrong_type();
    return *n;
  } else {
    try {
      return value.get<T>();
    } catch (const nlohmann::json::exception&) {
      throw wrong_type();
    }
  }
}


}  // namespace jiang::tuner
