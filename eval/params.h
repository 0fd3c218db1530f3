// The registry of evaluation parameters: every weight has a name, a group, a compiled-in default and the
// bounds a tuner may move it within. The registry reads and writes them as JSON.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "eval/weights.h"

namespace jiang {

// A weights file or value the registry cannot accept. The message names the parameter or the file.
class ParamError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ParamInfo {
  std::string name;   // e.g. "material.rook.mg", "position.horse.eg.c7"
  std::string group;  // the part before the first dot: material, position, mobility, ...
  int default_value;
  int min;
  int max;
};

class Params {
 public:
  Params();  // the compiled-in defaults

  static const std::vector<ParamInfo>& registry();
  static int size() { return int(registry().size()); }
  static std::optional<int> find(std::string_view name);
  static std::vector<std::string> groups();
  // Indices of the named parameters or groups; throws ParamError naming an unknown one.
  static std::vector<int> select(const std::vector<std::string>& names_or_groups);

  int get(int index) const { return values_[index]; }
  void set(int index, int value);  // throws ParamError when out of bounds
  const std::vector<int>& values() const { return values_; }
  void set_values(const std::vector<int>& values);  // throws ParamError on a wrong size or bound
  const Weights& weights() const { return weights_; }

  // A flat object {"name": value, ...} in registry order. Reading accepts a subset (the rest keep their
  // defaults, counted in *defaulted so that the engine can say so: a file from before a term was added)
  // but rejects unknown names, non-integers and values out of bounds.
  nlohmann::ordered_json to_json() const;
  static Params from_json(const nlohmann::json& json, int* defaulted = nullptr);
  static Params load(const std::filesystem::path& path, int* defaulted = nullptr);  // throws ParamError
  // The same from a stream; `name` stands for the file in messages.
  static Params read(std::istream& in, const std::string& name, int* defaulted = nullptr);
  std::string to_text() const;                            // what save writes: to_json(), indented
  void save(const std::filesystem::path& path) const;     // atomic: temporary file, then rename

  bool operator==(const Params& other) const { return values_ == other.values_; }

 private:
  void compile();  // values_ -> weights_

  std::vector<int> values_;
  Weights weights_;
};

}  // namespace jiang
