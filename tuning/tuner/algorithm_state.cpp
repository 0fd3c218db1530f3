#include "tuning/tuner/algorithm_state.h"


namespace jiang::tuner {

using nlohmann::json;

json tuned_json(const SearchSpace& space, const std::vector<int>& full) {
  json values = json::array();
  for (int index : space.tuned) values.push_back(full[index]);
  return values;
}

std::vector<int> full_from_json(const SearchSpace& space, const json& values, const char* what) {
  if (!values.is_array() || values.size() != space.tuned.size())
    throw std::invalid_argument(std::string(what) + ": expected " + std::to_string(space.tuned.size()) +
                                " values, one per tuned parameter");
  std::vector<int> full = space.start;
  for (size_t i = 0; i < space.tuned.size(); ++i) {
    if (!values[i].is_number_integer()) throw std::invalid_argument(std::string(what) + ": not an integer");
    const int index = space.tuned[i];
    const std::optional<int> v = json_integer<int>(values[i]);  // an unsigned 2^64-1 is not -1
    if (!v || *v < space.min[index] || *v > space.max[index])
      throw std::invalid_argument(std::string(what) + ": " + (*space.registry)[index].name + " = " +
                                  values[i].dump() + " is out of bounds");
    full[index] = *v;
  }
  return full;
}

const json& field(const json& state, const char* key) {
  if (!state.is_object() || !state.contains(key))
    throw std::invalid_argument(std::string("algorithm state without \"") + key + "\"");
  return state[key];
}

}  // namespace jiang::tuner
