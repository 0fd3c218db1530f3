// The registry of evaluation parameters: its invariants, the JSON round trip, the shipped weights file,
// the errors a bad weights file must produce, atomic saving, and selecting parameters for the tuner.
#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include <nlohmann/json.hpp>

#include "eval/params.h"

using namespace jiang;
namespace fs = std::filesystem;

namespace {

// The message of the ParamError `f` throws; fails the test if it throws nothing or something else.
template <typename F>
std::string param_error(F&& f) {
  try {
    f();
  } catch (const ParamError& e) {
    return e.what();
  } catch (const std::exception& e) {
    FAIL("expected a ParamError, got another exception: " << e.what());
  } catch (...) {
    FAIL("expected a ParamError, got a non-standard exception");
  }
  FAIL("expected a ParamError, nothing was thrown");
  return {};
}

// A fresh, empty directory under the system's temporary directory, removed when the test ends.
struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& tag) {
    static int counter = 0;
    path = fs::temp_directory_path() /
           ("jiang_eval_params_" + tag + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(path)) names.push_back(e.path().filename().string());
    return names;
  }
};

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  REQUIRE(out.good());
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

int index_of(const std::string& name) {
  const std::optional<int> i = Params::find(name);
  INFO(name);
  REQUIRE(i.has_value());
  return *i;
}

// Parameters with every value drawn at random within its bounds.
Params random_params(std::mt19937& rng) {
  std::vector<int> values;
  for (const ParamInfo& info : Params::registry())
    values.push_back(std::uniform_int_distribution<int>(info.min, info.max)(rng));
  Params p;
  p.set_values(values);
  return p;
}

}  // namespace

TEST_CASE("registry: names unique, defaults within bounds, groups are the name prefixes", "[eval][params]") {
  const auto& reg = Params::registry();
  REQUIRE(Params::size() == int(reg.size()));
  REQUIRE(reg.size() > 100);  // eight piece tables alone are hundreds of squares

  std::set<std::string> names;
  for (const ParamInfo& info : reg) {
    INFO(info.name);
    CHECK(names.insert(info.name).second);
    CHECK(!info.group.empty());
    CHECK(info.name.substr(0, info.name.find('.')) == info.group);
    CHECK(info.min <= info.max);
    CHECK(info.default_value >= info.min);
    CHECK(info.default_value <= info.max);
    CHECK(Params::find(info.name) == std::optional<int>(int(&info - reg.data())));
  }
  CHECK(!Params::find("material.queen.mg").has_value());
  CHECK(!Params::find("").has_value());

  // groups(): each group once, in registry order, and every one of them holds parameters.
  const std::vector<std::string> groups = Params::groups();
  CHECK(std::set<std::string>(groups.begin(), groups.end()).size() == groups.size());
  for (const char* g : {"material", "position", "mobility", "control", "relations", "safety", "danger", "patterns", "pins", "restricted", "pawns", "tempo"}) {
    INFO(g);
    CHECK(std::find(groups.begin(), groups.end(), g) != groups.end());
  }
  for (const std::string& g : groups) {
    INFO(g);
    CHECK(std::any_of(reg.begin(), reg.end(), [&](const ParamInfo& i) { return i.group == g; }));
  }
  // A default Params holds exactly the registry's defaults.
  const Params defaults;
  for (int i = 0; i < Params::size(); ++i) CHECK(defaults.get(i) == reg[i].default_value);
}

TEST_CASE("registry: position tables only hold squares the piece can stand on", "[eval][params]") {
  // Counted from the rules, not from the code: on half a board (files a..e, ranks 0..9 from the owner's
  // side) a general has 6 squares (d0-e2), an advisor 3 (d0, e1, d2), an elephant 4 (c0, a2, e2, c4),
  // a pawn 3 + 3 before the river (a3, c3, e3, a4, c4, e4) and 25 after it; the rest all 50.
  const std::pair<const char*, int> expected[] = {{"king", 6},  {"advisor", 3}, {"elephant", 4}, {"horse", 50},
                                                  {"rook", 50}, {"cannon", 50}, {"pawn", 31}};
  for (const auto& [type, squares] : expected) {
    INFO(type);
    CHECK(Params::select({std::string("position.") + type}).size() == size_t(2 * squares));
  }
  CHECK(Params::find("position.advisor.mg.e1").has_value());
  CHECK(!Params::find("position.advisor.mg.e0").has_value());
  CHECK(!Params::find("position.pawn.mg.b3").has_value());  // b3 is not a pawn's starting file
  CHECK(Params::find("position.pawn.mg.b5").has_value());
}

TEST_CASE("set() and set_values() reach the compiled weights and respect the bounds", "[eval][params]") {
  Params p;
  p.set(index_of("material.rook.mg"), 1234);
  CHECK(p.weights().material[Rook].mg == 1234);
  CHECK(p.weights().material[Rook].eg == Params().weights().material[Rook].eg);
  // A position parameter lands on its square: index rank * 5 + file of the half board.
  p.set(index_of("position.horse.eg.c7"), 77);
  CHECK(p.weights().position[Horse][7 * kHalfFiles + 2].eg == 77);
  p.set(index_of("tempo"), 33);
  CHECK(p.weights().tempo == 33);

  const int rook = index_of("material.rook.mg");
  const ParamInfo& info = Params::registry()[rook];
  const std::string high = param_error([&] { p.set(rook, info.max + 1); });
  CHECK_THAT(high, Catch::Contains("material.rook.mg") && Catch::Contains("out of bounds"));
  param_error([&] { p.set(rook, info.min - 1); });
  p.set(rook, info.max);  // the bounds themselves are allowed
  p.set(rook, info.min);
  CHECK(p.get(rook) == info.min);

  std::vector<int> values = Params().values();
  values.pop_back();
  param_error([&] { p.set_values(values); });
  values = Params().values();
  values[rook] = info.max + 1;
  const std::string msg = param_error([&] { p.set_values(values); });
  CHECK_THAT(msg, Catch::Contains("material.rook.mg"));
  CHECK(p.get(rook) == info.min);  // a rejected set_values changes nothing
}

TEST_CASE("JSON round trip is exact", "[eval][params]") {
  SECTION("defaults") {
    const Params p;
    CHECK(Params::from_json(nlohmann::json::parse(p.to_json().dump())) == p);
  }
  SECTION("random values within bounds") {
    std::mt19937 rng(20240611);
    for (int round = 0; round < 20; ++round) {
      const Params p = random_params(rng);
      const Params back = Params::from_json(nlohmann::json::parse(p.to_json().dump(2)));
      REQUIRE(back == p);
      CHECK(back.values() == p.values());
      CHECK(back.weights().material[Cannon] == p.weights().material[Cannon]);
    }
  }
  SECTION("to_json lists every parameter once, in registry order") {
    const auto json = Params().to_json();
    REQUIRE(json.size() == Params::registry().size());
    int i = 0;
    for (const auto& [name, value] : json.items()) {
      CHECK(name == Params::registry()[i].name);
      CHECK(value.get<int>() == Params::registry()[i].default_value);
      ++i;
    }
  }
  SECTION("through save() and load()") {
    TempDir dir("roundtrip");
    std::mt19937 rng(7);
    const Params p = random_params(rng);
    p.save(dir.path / "w.json");
    CHECK(Params::load(dir.path / "w.json") == p);
  }
}

TEST_CASE("data/weights.json is the compiled-in defaults", "[eval][params]") {
  // The shipped file and the defaults in eval/params.cpp must not drift apart: regenerate the file
  // (`jiang weights`) whenever a default changes.
  const fs::path file = fs::path(JIANG_DATA_DIR) / "weights.json";
  REQUIRE(fs::exists(file));
  std::ifstream in(file);
  const nlohmann::ordered_json on_disk = nlohmann::ordered_json::parse(in);
  const nlohmann::ordered_json defaults = Params().to_json();
  // Every name, every value and the order: a diff of the two reads like the registry.
  CHECK(on_disk.size() == defaults.size());
  for (const auto& [name, value] : defaults.items()) {
    INFO(name);
    REQUIRE(on_disk.contains(name));
    CHECK(on_disk[name] == value);
  }
  CHECK(on_disk == defaults);
  CHECK(Params::load(file) == Params());
}

TEST_CASE("a partial weights file keeps the other defaults", "[eval][params]") {
  const Params p = Params::from_json(nlohmann::json::parse(R"({"tempo": 20, "material.horse.eg": 470})"));
  const Params d;
  for (int i = 0; i < Params::size(); ++i) {
    const std::string& name = Params::registry()[i].name;
    INFO(name);
    if (name == "tempo") CHECK(p.get(i) == 20);
    else if (name == "material.horse.eg") CHECK(p.get(i) == 470);
    else CHECK(p.get(i) == d.get(i));
  }
  CHECK(p.weights().tempo == 20);
  CHECK(p.weights().material[Horse].eg == 470);
  CHECK(Params::from_json(nlohmann::json::object()) == d);  // an empty object is the defaults
}

TEST_CASE("bad weights are ParamErrors that say what is wrong", "[eval][params]") {
  SECTION("unknown name") {
    const std::string msg = param_error([] { Params::from_json(nlohmann::json::parse(R"({"material.queen.mg": 900})")); });
    CHECK_THAT(msg, Catch::Contains("material.queen.mg") && Catch::Contains("unknown"));
  }
  SECTION("value out of bounds") {
    const ParamInfo& info = Params::registry()[index_of("material.rook.mg")];
    nlohmann::json j;
    j["material.rook.mg"] = info.max + 1;
    std::string msg = param_error([&] { Params::from_json(j); });
    CHECK_THAT(msg, Catch::Contains("material.rook.mg") && Catch::Contains("out of bounds"));
    j["material.rook.mg"] = info.min - 1;
    param_error([&] { Params::from_json(j); });
    // Beyond 32 bits: must not wrap around into range (2^32 + 100 would wrap to 100).
    j["material.rook.mg"] = 4294967396LL;
    msg = param_error([&] { Params::from_json(j); });
    CHECK_THAT(msg, Catch::Contains("material.rook.mg"));
    j["material.rook.mg"] = -4294967196LL;
    param_error([&] { Params::from_json(j); });
  }
  SECTION("numbers beyond 64 bits signed are out of bounds, not wrapped (2^64-1 was read as -1)") {
    for (const char* text : {R"({"tempo": 18446744073709551615})", R"({"tempo": 9223372036854775808})",
                             R"({"tempo": -9223372036854775808})"}) {
      INFO(text);
      const std::string msg = param_error([&] { Params::from_json(nlohmann::json::parse(text)); });
      CHECK_THAT(msg, Catch::Contains("tempo") && Catch::Contains("out of bounds"));
    }
  }
  SECTION("not an integer") {
    for (const char* text : {R"({"tempo": 1.5})", R"({"tempo": 10.0})", R"({"tempo": "10"})", R"({"tempo": true})",
                             R"({"tempo": null})", R"({"tempo": [10]})", R"({"tempo": {"v": 10}})"}) {
      INFO(text);
      const std::string msg = param_error([&] { Params::from_json(nlohmann::json::parse(text)); });
      CHECK_THAT(msg, Catch::Contains("tempo") && Catch::Contains("integer"));
    }
  }
  SECTION("not an object") {
    for (const char* text : {"[1, 2, 3]", "42", R"("tempo")", "null", "[]"}) {
      INFO(text);
      const std::string msg = param_error([&] { Params::from_json(nlohmann::json::parse(text)); });
      CHECK_THAT(msg, Catch::Contains("object"));
    }
  }
  SECTION("invalid JSON file") {
    TempDir dir("invalid");
    const fs::path file = dir.path / "broken.json";
    write_file(file, "{\"tempo\": 10,\n");
    const std::string msg = param_error([&] { Params::load(file); });
    CHECK_THAT(msg, Catch::Contains(file.string()) && Catch::Contains("JSON"));
    write_file(file, "");
    CHECK_THAT(param_error([&] { Params::load(file); }), Catch::Contains(file.string()));
  }
  SECTION("a file with a bad value names the file and the parameter") {
    TempDir dir("badvalue");
    const fs::path file = dir.path / "w.json";
    write_file(file, R"({"tempo": 10, "mobility.horse.mg": 100000})");
    const std::string msg = param_error([&] { Params::load(file); });
    CHECK_THAT(msg, Catch::Contains(file.string()) && Catch::Contains("mobility.horse.mg"));
  }
  SECTION("a directory, a device or a huge file is refused before it is read") {
    TempDir dir("notweights");
    CHECK_THAT(param_error([&] { Params::load(dir.path); }), Catch::Contains("not a regular file"));
    CHECK_THAT(param_error([] { Params::load("/dev/zero"); }), Catch::Contains("not a regular file"));
    const fs::path huge = dir.path / "huge.json";
    write_file(huge, "{\"tempo\": 10}" + std::string(2 << 20, ' '));
    CHECK_THAT(param_error([&] { Params::load(huge); }), Catch::Contains("bytes"));
  }
  SECTION("missing file") {
    TempDir dir("missing");
    const fs::path file = dir.path / "does_not_exist.json";
    const std::string msg = param_error([&] { Params::load(file); });
    CHECK_THAT(msg, Catch::Contains(file.string()));
  }
}

TEST_CASE("save() replaces the file atomically and leaves no temporary file", "[eval][params]") {
  TempDir dir("save");
  const fs::path target = dir.path / "weights.json";
  std::mt19937 rng(99);
  const Params a = random_params(rng), b = random_params(rng);
  REQUIRE(!(a == b));

  SECTION("new file, then overwrite") {
    a.save(target);
    CHECK(Params::load(target) == a);
    b.save(target);
    CHECK(Params::load(target) == b);
    CHECK(dir.entries() == std::vector<std::string>{"weights.json"});
  }

  SECTION("a failed write says why and changes nothing") {
    a.save(target);
    const fs::path nowhere = dir.path / "no-such-dir" / "weights.json";
    CHECK_THAT(param_error([&] { b.save(nowhere); }),
               Catch::Contains(nowhere.string()) && Catch::Contains("No such file or directory"));
    CHECK(Params::load(target) == a);
    CHECK(dir.entries() == std::vector<std::string>{"weights.json"});
  }

  SECTION("a reader never sees a partial file") {
    a.save(target);
    // One thread keeps replacing the file; this one keeps reading it. With write-in-place a reader
    // would sooner or later find it empty or cut short.
    std::atomic<bool> done{false};
    std::thread writer([&] {
      for (int i = 0; i < 300; ++i) (i % 2 ? a : b).save(target);
      done = true;
    });
    int reads = 0, bad = 0;
    std::string first_bad;
    while (!done || reads < 50) {
      const std::string text = read_file(target);
      ++reads;
      bool ok = false;
      try {
        const Params p = Params::from_json(nlohmann::json::parse(text));
        ok = p == a || p == b;
      } catch (const std::exception&) {
      }
      if (!ok && bad++ == 0) first_bad = text.substr(0, 200);
    }
    writer.join();
    INFO("reads: " << reads << ", first bad content: " << first_bad);
    CHECK(bad == 0);
    CHECK(dir.entries() == std::vector<std::string>{"weights.json"});
  }

  SECTION("a temporary left by a process killed mid-write is replaced, not left behind") {
    std::ofstream(dir.path / "weights.json.tmp") << "{ \"material.rook.mg\": 9";
    a.save(target);
    CHECK(Params::load(target) == a);
    CHECK(dir.entries() == std::vector<std::string>{"weights.json"});
  }

  SECTION("a failed save leaves the old file and no temporary") {
    a.save(target);
    // The target is a directory that cannot be replaced by a file.
    const fs::path blocked = dir.path / "blocked";
    fs::create_directories(blocked / "inside");
    param_error([&] { b.save(blocked); });
    CHECK(fs::is_directory(blocked / "inside"));
    CHECK(Params::load(target) == a);
    std::vector<std::string> entries = dir.entries();
    std::sort(entries.begin(), entries.end());
    CHECK(entries == std::vector<std::string>{"blocked", "weights.json"});
    // A directory that does not exist: an error, nothing created.
    param_error([&] { b.save(dir.path / "no_such_dir" / "w.json"); });
    CHECK(!fs::exists(dir.path / "no_such_dir"));
  }
}

TEST_CASE("select() by group, by prefix, by full name, and unknown names are errors", "[eval][params]") {
  const auto& reg = Params::registry();
  auto names_of = [&](const std::vector<int>& indices) {
    std::vector<std::string> names;
    for (int i : indices) names.push_back(reg[i].name);
    return names;
  };

  SECTION("a group") {
    const std::vector<std::string> names = names_of(Params::select({"mobility"}));
    CHECK(names == std::vector<std::string>{"mobility.horse.mg", "mobility.horse.eg", "mobility.rook.mg",
                                            "mobility.rook.eg", "mobility.cannon.mg", "mobility.cannon.eg"});
    for (int i : Params::select({"material"})) CHECK(reg[i].group == "material");
    CHECK(Params::select({"material"}).size() == 12);  // six piece types besides the general, two phases
  }
  SECTION("a prefix ending at a dot") {
    const std::vector<int> horse = Params::select({"position.horse"});
    REQUIRE(horse.size() == 100);
    for (int i : horse) CHECK(reg[i].name.rfind("position.horse.", 0) == 0);
    const std::vector<int> horse_mg = Params::select({"position.horse.mg"});
    CHECK(horse_mg.size() == 50);
    CHECK(names_of(Params::select({"material.rook"})) == std::vector<std::string>{"material.rook.mg", "material.rook.eg"});
  }
  SECTION("a full name") {
    CHECK(names_of(Params::select({"tempo"})) == std::vector<std::string>{"tempo"});
    CHECK(names_of(Params::select({"position.horse.mg.c7"})) == std::vector<std::string>{"position.horse.mg.c7"});
  }
  SECTION("several, without duplicates, in the order asked") {
    const std::vector<std::string> names = names_of(Params::select({"tempo", "material.rook", "material.rook.mg"}));
    CHECK(names == std::vector<std::string>{"tempo", "material.rook.mg", "material.rook.eg"});
  }
  SECTION("unknown names and prefixes that do not end at a dot") {
    const std::vector<std::string> bad_keys = {"queen", "position.hors", "material.rook.m", "position.horse.", "",
                                               "Material"};
    for (const std::string& bad : bad_keys) {
      INFO(bad);
      const std::vector<std::string> keys = {"mobility", bad};
      const std::string msg = param_error([&] { Params::select(keys); });
      CHECK_THAT(msg, Catch::Contains(std::string(1, '\'') + bad + '\''));
    }
  }
}
