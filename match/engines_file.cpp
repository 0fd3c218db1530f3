#include "match/engines_file.h"

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace jiang::match {
namespace {

using Json = nlohmann::json;

// A value as the spec's text: strings as they are, numbers and booleans as JSON writes them ("on" and
// "off" for ponder's booleans).
std::string text_of(const std::string& key, const Json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_boolean() && key == "ponder") return value.get<bool>() ? "on" : "off";
  if (value.is_number() || value.is_boolean()) return value.dump();
  throw SpecError("'" + key + "' must be a string or a number");
}

EngineSpec read_engine(const Json& object, const std::string& where) {
  if (!object.is_object()) throw SpecError(where + " is not an object");
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& [key, value] : object.items()) {
    if (key != "options") {
      pairs.emplace_back(key, text_of(key, value));
      continue;
    }
    if (!value.is_object()) throw SpecError(where + ": \"options\" must be an object of NAME: VALUE");
    for (const auto& [name, option] : value.items()) pairs.emplace_back("option." + name, text_of(name, option));
  }
  return parse_engine_spec(pairs, where);
}

}  // namespace

std::vector<EngineSpec> read_engines_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw SpecError("cannot read the engines file " + path.string());
  std::stringstream text;
  text << in.rdbuf();
  Json j;
  try {
    j = Json::parse(text.str());
  } catch (const Json::exception& e) {
    throw SpecError("the engines file " + path.string() + " is not JSON: " + e.what());
  }
  if (!j.is_array()) throw SpecError("the engines file " + path.string() + " must hold an array of engines");
  std::vector<EngineSpec> specs;
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string where = path.string() + ": engine " + std::to_string(i + 1);
    try {
      specs.push_back(read_engine(j[i], where));
    } catch (const SpecError& e) {
      const std::string message = e.what();
      throw SpecError(message.rfind(where, 0) == 0 ? message : where + ": " + message);
    }
  }
  return specs;
}

}  // namespace jiang::match
