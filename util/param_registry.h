// A registry of named integer parameters, each with a group, a default, the bounds a tuner may move it
// within and a step, and what every registry of them shares: finding and selecting them by name or
// group, checking values against the bounds, and reading and writing them as a flat JSON object. The
// evaluation's weights (eval/params.h) and the search's margins (engine/search_params.h) are two such
// registries; ParamSet is the values of one, with what they compile to.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace jiang {

// A parameters file or value a registry cannot accept. The message names the parameter or the file.
class ParamError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ParamInfo {
  std::string name;   // e.g. "material.rook.mg", "search.razor_base"
  std::string group;  // the part before the first dot: material, position, ..., search
  int default_value;
  int min;
  int max;
  // A change that plays measurably differently, in the parameter's own units: SPSA's perturbation at the
  // end of a run (its c_end). 0: none given; the tuner takes a share of the range (default_step).
  int step = 0;
};

class ParamRegistry {
 public:
  // `kind` names the values in messages: "weights" gives "weights file 'x.json': ...".
  ParamRegistry(std::vector<ParamInfo> infos, std::string kind);

  const std::vector<ParamInfo>& infos() const { return infos_; }
  int size() const { return int(infos_.size()); }
  const ParamInfo& operator[](int index) const { return infos_[size_t(index)]; }
  auto begin() const { return infos_.begin(); }
  auto end() const { return infos_.end(); }
  const std::string& kind() const { return kind_; }

  std::optional<int> find(std::string_view name) const;
  std::vector<std::string> groups() const;
  // Indices of the named parameters, groups or prefixes ending at a dot ("position.horse"), in the order
  // named; throws ParamError naming an unknown one.
  std::vector<int> select(const std::vector<std::string>& names_or_groups) const;
  std::vector<int> defaults() const;

  // Throw ParamError for a value out of its bounds, or a vector of the wrong size.
  void check(int index, int value) const;
  void check(const std::vector<int>& values) const;

  // A flat object {"name": value, ...} in registry order. Reading accepts a subset (the rest keep their
  // defaults, counted in *defaulted so that a caller can say so) but rejects unknown names,
  // non-integers and values out of bounds.
  nlohmann::ordered_json to_json(const std::vector<int>& values) const;
  std::vector<int> from_json(const nlohmann::json& json, int* defaulted = nullptr) const;
  // From a file (refusing devices, pipes and huge files) or a stream named `name` in messages.
  std::vector<int> load(const std::filesystem::path& path, int* defaulted = nullptr) const;
  std::vector<int> read(std::istream& in, const std::string& name, int* defaulted = nullptr) const;
  std::string to_text(const std::vector<int>& values) const;  // to_json(), indented
  void save(const std::filesystem::path& path, const std::vector<int>& values) const;  // atomic

 private:
  ParamError out_of_bounds(int index, const std::string& value) const;

  std::vector<ParamInfo> infos_;
  std::string kind_;
};

// SPSA's perturbation of a parameter without a step of its own: a twentieth of its range, at least 1.
int default_step(const ParamInfo& info);

// The values of one registry and what they compile to, for the registry's users to derive from:
// `Derived` provides `static const ParamRegistry& table()` and `static void compile(const std::vector<int>&
// values, Compiled& out)`. Values are always within their bounds.
template <class Derived, class Compiled>
class ParamSet {
 public:
  ParamSet() : values_(Derived::table().defaults()) { Derived::compile(values_, compiled_); }

  static const std::vector<ParamInfo>& registry() { return Derived::table().infos(); }
  static int size() { return Derived::table().size(); }
  static std::optional<int> find(std::string_view name) { return Derived::table().find(name); }
  static std::vector<std::string> groups() { return Derived::table().groups(); }
  static std::vector<int> select(const std::vector<std::string>& keys) { return Derived::table().select(keys); }

  int get(int index) const { return values_[size_t(index)]; }
  void set(int index, int value) {  // throws ParamError when out of bounds
    Derived::table().check(index, value);
    values_[size_t(index)] = value;
    Derived::compile(values_, compiled_);
  }
  const std::vector<int>& values() const { return values_; }
  void set_values(const std::vector<int>& values) {  // throws ParamError on a wrong size or bound
    Derived::table().check(values);
    values_ = values;
    Derived::compile(values_, compiled_);
  }
  const Compiled& compiled() const { return compiled_; }

  // Deduced, so that only its callers need nlohmann/json.hpp:
  auto to_json() const { return Derived::table().to_json(values_); }  // an ordered_json
  static Derived from_json(const nlohmann::json& json, int* defaulted = nullptr) {
    return made(Derived::table().from_json(json, defaulted));
  }
  static Derived load(const std::filesystem::path& path, int* defaulted = nullptr) {
    return made(Derived::table().load(path, defaulted));
  }
  static Derived read(std::istream& in, const std::string& name, int* defaulted = nullptr) {
    return made(Derived::table().read(in, name, defaulted));
  }
  std::string to_text() const { return Derived::table().to_text(values_); }
  void save(const std::filesystem::path& path) const { Derived::table().save(path, values_); }

  bool operator==(const ParamSet& other) const { return values_ == other.values_; }

 private:
  static Derived made(const std::vector<int>& values) {
    Derived made;
    made.set_values(values);
    return made;
  }

  std::vector<int> values_;
  Compiled compiled_{};
};

}  // namespace jiang
