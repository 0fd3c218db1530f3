#include "eval/params.h"

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
constexpr uintmax_t kMaxWeightsFileBytes = 1 << 20;

constexpr std::string_view kTypeNames[kPieceTypes] = {"", "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"};

// Default position tables, drawn as the owner sees the board: the first row is the enemy's back rank
// (rank 9), the last the owner's own (rank 0); columns are files a..e, f..i mirror them. Only squares
// the piece can stand on become parameters.
using HalfTable = std::array<std::array<int, kHalfFiles>, kRanks>;

constexpr HalfTable kPawnMg = {{{-72, -70, 60, 6, -40}, {82, 92, 102, 109, 122}, {82, 92, 107, 122, 127},
                                {66, 90, 97, 107, 112}, {-23, 82, 15, -16, 49}, {-32, 0, -11, 0, 30},
                                {-60, 0, -48, 0, -11}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}}};
constexpr HalfTable kPawnEg = {{{-36, -19, -34, -53, -48}, {98, 36, 30, 29, 138}, {46, 36, 62, 128, 133},
                                {29, 30, 68, 37, 30}, {43, 28, 81, 94, 102}, {28, 0, 5, 0, 62},
                                {44, 0, -64, 0, 56}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}}};
constexpr HalfTable kHorseMg = {{{72, 67, -56, -67, -77}, {-72, 82, 92, 87, 77}, {37, 87, -12, 97, 92},
                                 {-67, 75, 56, 97, -27}, {72, -62, 87, 92, 83}, {-72, -27, -6, -6, 77},
                                 {27, 77, -31, -67, -59}, {-5, 52, -22, 52, 69}, {10, 67, -72, -73, -26},
                                 {-26, -42, -72, 42, -82}}};
constexpr HalfTable kHorseEg = {{{67, -24, 77, 45, -72}, {68, 66, 83, -5, 82}, {69, 30, 12, 44, 72},
                                 {41, 46, 8, 32, 24}, {-8, 50, 71, 15, -5}, {4, 25, 10, 30, 22},
                                 {59, -56, 61, -11, 77}, {31, -72, 25, 64, -67}, {-62, 67, 8, -21, -73},
                                 {-87, -78, 11, -82, 62}}};
constexpr HalfTable kRookMg = {{{73, 54, 77, 87, 78}, {1, 82, 82, 60, 87}, {9, -2, 82, 20, 87},
                                {69, 55, 83, 72, 87}, {-51, 6, -2, -5, 79}, {-11, -14, -10, 19, 71},
                                {-48, 33, 77, 50, 82}, {31, 25, 28, -2, -67}, {3, -11, 12, 2, 72},
                                {-22, 33, 8, 29, 72}}};
constexpr HalfTable kRookEg = {{{5, 13, 41, 26, 14}, {17, -19, 30, 26, 82}, {45, 21, 18, 82, 62},
                                {-7, -3, -23, 30, 74}, {56, 25, 77, 69, 49}, {72, 77, 77, 61, 77},
                                {44, 28, 72, 77, 77}, {72, 44, 60, 72, 72}, {72, 64, 72, 40, 0},
                                {47, 72, 64, 48, 72}}};
constexpr HalfTable kCannonMg = {{{82, 30, 72, 67, -25}, {77, -67, 32, -77, 63}, {64, -72, 48, -77, -72},
                                  {28, 8, 68, -44, 69}, {72, -28, 28, -36, 77}, {0, -12, 32, -8, 69},
                                  {12, -52, 60, 36, 77}, {36, 5, 72, 41, 87}, {72, -60, 72, -35, 62},
                                  {-12, -72, 72, -67, -15}}};
constexpr HalfTable kCannonEg = {{{4, -8, 16, -32, -72}, {-44, 16, 72, 28, 72}, {-8, 16, 40, 12, -44},
                                  {-48, -40, -40, -4, -64}, {-56, -16, 0, 32, -40}, {56, 48, 48, 12, -20},
                                  {40, 32, 8, -8, -12}, {20, 0, -16, 0, 1}, {-24, 64, -28, 68, 5},
                                  {-72, 0, -12, 12, 29}}};
// The palace and the defenders' points; everything else is unreachable and left at zero.
constexpr HalfTable kKingMg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, -97, -92}, {0, 0, 0, -82, -61},
                                {0, 0, 0, -4, 77}}};
constexpr HalfTable kKingEg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, 12, -25}, {0, 0, 0, 22, 20},
                                {0, 0, 0, 0, -16}}};
constexpr HalfTable kAdvisorMg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, -5, 0}, {0, 0, 0, 0, 21},
                                   {0, 0, 0, -12, 0}}};
constexpr HalfTable kAdvisorEg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, -60, 0}, {0, 0, 0, 0, -25},
                                   {0, 0, 0, -36, 0}}};
constexpr HalfTable kElephantMg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                    {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, -75, 0, 0},
                                    {0, 0, 0, 0, 0}, {-17, 0, 0, 0, 77}, {0, 0, 0, 0, 0},
                                    {0, 0, 28, 0, 0}}};
constexpr HalfTable kElephantEg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                    {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, -19, 0, 0},
                                    {0, 0, 0, 0, 0}, {-17, 0, 0, 0, -29}, {0, 0, 0, 0, 0},
                                    {0, 0, -36, 0, 0}}};

struct TypeDefaults {
  PhaseValue material;
  const HalfTable* mg;
  const HalfTable* eg;
};

constexpr TypeDefaults kTypeDefaults[kPieceTypes] = {
    {{0, 0}, nullptr, nullptr},
    {{0, 0}, &kKingMg, &kKingEg},  // the general is never exchanged; its value is the game
    {{168, 128}, &kAdvisorMg, &kAdvisorEg},
    {{228, 148}, &kElephantMg, &kElephantEg},
    {{456, 414}, &kHorseMg, &kHorseEg},
    {{972, 1022}, &kRookMg, &kRookEg},
    {{522, 416}, &kCannonMg, &kCannonEg},
    {{116, 124}, &kPawnMg, &kPawnEg},
};

// Whether a piece of this type can ever stand on (file 0..4, rank 0..9 from its own side).
bool reachable(PieceType type, int file, int rank) {
  switch (type) {
    case King: return file >= 3 && rank <= 2;
    case Advisor: return file >= 3 && rank <= 2 && (file + rank) % 2 == 1;
    case Elephant: return rank <= 4 && rank % 2 == 0 && (file + rank) % 4 == 2;
    case Pawn: return rank >= 5 || (rank >= 3 && file % 2 == 0);
    default: return true;
  }
}

// Lists every parameter once: its name, the field of Weights it fills, its default and its bounds. The
// registry, the defaults and the compiled weights all come from this one list.
template <typename Visit>
void visit_params(Weights& w, Visit&& visit) {
  constexpr int kMaterialMax = 3000;
  constexpr int kPositionBound = 300;
  const std::string phases[2] = {"mg", "eg"};
  auto phase_value = [&](const std::string& name, PhaseValue& field, PhaseValue def, int lo, int hi) {
    visit(name + ".mg", field.mg, def.mg, lo, hi);
    visit(name + ".eg", field.eg, def.eg, lo, hi);
  };
  for (int t = Advisor; t <= Pawn; ++t)
    phase_value("material." + std::string(kTypeNames[t]), w.material[t], kTypeDefaults[t].material, 0, kMaterialMax);
  for (int t = King; t <= Pawn; ++t)
    for (int phase = 0; phase < 2; ++phase)
      for (int rank = 0; rank < kRanks; ++rank)
        for (int file = 0; file < kHalfFiles; ++file) {
          if (!reachable(PieceType(t), file, rank)) continue;
          const HalfTable& table = phase == 0 ? *kTypeDefaults[t].mg : *kTypeDefaults[t].eg;
          PhaseValue& field = w.position[t][rank * kHalfFiles + file];
          const std::string name = "position." + std::string(kTypeNames[t]) + "." + phases[phase] + "." +
                                   char('a' + file) + char('0' + rank);
          visit(name, phase == 0 ? field.mg : field.eg, table[kRanks - 1 - rank][file], -kPositionBound,
                kPositionBound);
        }
  phase_value("mobility.horse", w.mobility[Horse], {30, 14}, -50, 100);
  phase_value("mobility.rook", w.mobility[Rook], {10, 18}, -50, 100);
  phase_value("mobility.cannon", w.mobility[Cannon], {8, 4}, -50, 100);
  phase_value("control.own_half", w.control_own_half, {-2, -7}, -50, 50);
  phase_value("control.enemy_half", w.control_enemy_half, {8, 3}, -50, 50);
  phase_value("control.enemy_palace", w.control_enemy_palace, {34, -2}, -50, 100);
  visit("relations.threat_to_move_pct", w.threat_to_move_pct, 24, 0, 100);
  visit("relations.threat_waiting_pct", w.threat_waiting_pct, 10, 0, 100);
  phase_value("relations.defended", w.defended, {27, 0}, -50, 50);
  phase_value("safety.missing_advisor", w.missing_advisor, {55, 21}, -50, 100);
  phase_value("safety.missing_elephant", w.missing_elephant, {-2, 9}, -50, 100);
  phase_value("safety.palace_attack", w.palace_attack, {0, 4}, -50, 100);
  // Danger units: a rook, horse and cannon on the palace with two safe checks and a weak square, less
  // four defenders, are about 40 units, a penalty of about 1.5 pawns.
  visit("danger.attacker.rook", w.danger_attacker[Rook], 12, 0, 100);
  visit("danger.attacker.horse", w.danger_attacker[Horse], 8, 0, 100);
  visit("danger.attacker.cannon", w.danger_attacker[Cannon], 8, 0, 100);
  visit("danger.attacker.pawn", w.danger_attacker[Pawn], 4, 0, 100);
  visit("danger.check.rook", w.danger_check[Rook], 10, 0, 100);
  visit("danger.check.horse", w.danger_check[Horse], 8, 0, 100);
  visit("danger.check.cannon", w.danger_check[Cannon], 6, 0, 100);
  visit("danger.weak_square", w.danger_weak_square, 3, 0, 100);
  visit("danger.defender", w.danger_defender, 3, 0, 100);
  visit("danger.curve.mg", w.danger_curve_mg, 80, 0, 1000);
  visit("danger.linear.eg", w.danger_linear_eg, 8, 0, 200);
  phase_value("patterns.hollow_cannon", w.hollow_cannon, {128, -14}, -100, 300);
  phase_value("patterns.central_cannon", w.central_cannon, {28, 61}, -100, 200);
  phase_value("patterns.linked_pawns", w.linked_pawns, {51, -3}, -100, 200);
  phase_value("patterns.bottom_cannon", w.bottom_cannon, {30, 10}, -100, 200);
  phase_value("patterns.palace_horse", w.palace_horse, {-30, -10}, -200, 100);
  phase_value("patterns.cannon_vs_missing_advisor", w.cannon_vs_missing_advisor, {20, 10}, -100, 200);
  phase_value("pins.rook", w.pinned[Rook], {-20, -20}, -300, 100);
  phase_value("pins.horse", w.pinned[Horse], {-20, -15}, -300, 100);
  phase_value("pins.cannon", w.pinned[Cannon], {-15, -10}, -300, 100);
  phase_value("restricted.trapped_horse", w.trapped_horse, {-40, -30}, -300, 100);
  phase_value("restricted.horse_one_square", w.restricted_horse, {-10, -10}, -200, 100);
  phase_value("restricted.screenless_cannon", w.screenless_cannon, {-10, -5}, -200, 100);
  phase_value("pawns.near_palace", w.pawn_near_palace, {10, 15}, -100, 200);
  phase_value("pawns.vs_missing_defender", w.pawn_vs_missing_defender, {5, 10}, -100, 200);
  phase_value("pawns.on_general_file", w.pawn_on_general_file, {10, 10}, -100, 200);
  phase_value("pawns.bottom", w.bottom_pawn, {-10, -20}, -200, 100);
  visit("tempo", w.tempo, 10, -50, 100);
}

std::vector<ParamInfo> build_registry() {
  std::vector<ParamInfo> infos;
  Weights scratch;
  visit_params(scratch, [&](const std::string& name, int&, int def, int lo, int hi) {
    infos.push_back({name, name.substr(0, name.find('.')), def, lo, hi});
  });
  return infos;
}

ParamError out_of_bounds(int index, const std::string& value) {
  const ParamInfo& info = Params::registry()[index];
  return ParamError("parameter " + info.name + " = " + value + " is out of bounds [" + std::to_string(info.min) +
                    ", " + std::to_string(info.max) + "]");
}

void check_bounds(int index, int value) {
  const ParamInfo& info = Params::registry()[index];
  if (value < info.min || value > info.max) throw out_of_bounds(index, std::to_string(value));
}

}  // namespace

const std::vector<ParamInfo>& Params::registry() {
  static const std::vector<ParamInfo> infos = build_registry();
  return infos;
}

Params::Params() {
  for (const ParamInfo& info : registry()) values_.push_back(info.default_value);
  compile();
}

void Params::compile() {
  int i = 0;
  weights_ = Weights{};
  visit_params(weights_, [&](const std::string&, int& field, int, int, int) { field = values_[i++]; });
}

std::optional<int> Params::find(std::string_view name) {
  const auto& reg = registry();
  for (int i = 0; i < int(reg.size()); ++i)
    if (reg[i].name == name) return i;
  return std::nullopt;
}

std::vector<std::string> Params::groups() {
  std::vector<std::string> result;
  for (const ParamInfo& info : registry())
    if (std::find(result.begin(), result.end(), info.group) == result.end()) result.push_back(info.group);
  return result;
}

std::vector<int> Params::select(const std::vector<std::string>& names_or_groups) {
  std::vector<int> indices;
  for (const std::string& key : names_or_groups) {
    bool matched = false;
    for (int i = 0; i < size(); ++i) {
      const ParamInfo& info = registry()[i];
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

void Params::set(int index, int value) {
  check_bounds(index, value);
  values_[index] = value;
  compile();
}

void Params::set_values(const std::vector<int>& values) {
  if (values.size() != values_.size())
    throw ParamError("expected " + std::to_string(values_.size()) + " parameter values, got " +
                     std::to_string(values.size()));
  for (int i = 0; i < int(values.size()); ++i) check_bounds(i, values[i]);
  values_ = values;
  compile();
}

nlohmann::ordered_json Params::to_json() const {
  nlohmann::ordered_json json = nlohmann::ordered_json::object();
  for (int i = 0; i < size(); ++i) json[registry()[i].name] = values_[i];
  return json;
}

Params Params::from_json(const nlohmann::json& json, int* defaulted) {
  if (!json.is_object()) throw ParamError("weights must be a JSON object of \"name\": integer");
  Params params;
  for (const auto& [name, value] : json.items()) {
    const std::optional<int> index = find(name);
    if (!index) throw ParamError("unknown parameter '" + name + "'");
    if (!value.is_number_integer())
      throw ParamError("parameter " + name + " must be an integer, got " + value.dump());
    const std::optional<int> v = json_integer<int>(value);
    if (!v) throw out_of_bounds(*index, value.dump());  // beyond int, beyond every parameter's bounds
    check_bounds(*index, *v);
    params.values_[*index] = *v;
  }
  if (defaulted) *defaulted = int(params.values_.size()) - int(json.size());
  params.compile();
  return params;
}

Params Params::load(const std::filesystem::path& path, int* defaulted) {
  // A device or a pipe (/dev/zero, /dev/stdin) would be read forever, and a huge file is not weights:
  // refuse both before reading, so that a GUI's typo cannot hang or exhaust the engine.
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (!error && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    throw ParamError("weights file '" + path.string() + "' is not a regular file");
  const uintmax_t size = std::filesystem::file_size(path, error);
  if (!error && size > kMaxWeightsFileBytes)
    throw ParamError("weights file '" + path.string() + "' is " + std::to_string(size) + " bytes; a weights file is under " +
                     std::to_string(kMaxWeightsFileBytes));
  std::ifstream in(path);
  if (!in) throw ParamError("cannot read weights file '" + path.string() + "': " + std::strerror(errno));
  return read(in, path.string(), defaulted);
}

Params Params::read(std::istream& in, const std::string& name, int* defaulted) {
  nlohmann::json json;
  try {
    in >> json;
  } catch (const nlohmann::json::exception& e) {
    throw ParamError("weights file '" + name + "' is not valid JSON: " + e.what());
  }
  try {
    return from_json(json, defaulted);
  } catch (const ParamError& e) {
    throw ParamError("weights file '" + name + "': " + e.what());
  }
}

std::string Params::to_text() const { return to_json().dump(2) + '\n'; }

void Params::save(const std::filesystem::path& path) const {
  try {
    write_file_atomically(path, to_text());
  } catch (const FileWriteError& e) {
    throw ParamError(std::string("weights file: ") + e.what());
  }
}

}  // namespace jiang
