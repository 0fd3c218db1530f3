#include "eval/params.h"

#include <string>

namespace jiang {
namespace {

constexpr std::string_view kTypeNames[kPieceTypes] = {"", "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"};

// Default position tables, drawn as the owner sees the board: the first row is the enemy's back rank
// (rank 9), the last the owner's own (rank 0); columns are files a..e, f..i mirror them. Only squares
// the piece can stand on become parameters.
using HalfTable = std::array<std::array<int, kHalfFiles>, kRanks>;

constexpr HalfTable kPawnMg = {{{-186, 68, 161, -2, 122}, {94, 99, 192, 204, 211}, {65, 182, 99, 174, 132},
                                {52, 101, 87, 103, 125}, {-19, 112, 27, 56, 81}, {-40, 0, 0, 0, 19},
                                {-52, 0, -65, 0, 9}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}}};
constexpr HalfTable kPawnEg = {{{-24, -45, 4, -26, -39}, {66, 52, -11, 4, 50}, {64, 50, 42, 126, 96},
                                {50, 48, 46, 23, 21}, {70, 42, 91, 83, 110}, {56, 0, -4, 0, 87},
                                {60, 0, -36, 0, 56}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}}};
constexpr HalfTable kHorseMg = {{{186, -5, 44, 16, 110}, {-146, 131, 172, 136, 96}, {125, 90, -28, 198, 196},
                                 {-39, 110, 73, 193, 4}, {80, -44, 119, 98, 152}, {51, -13, 32, 19, 69},
                                 {7, 71, -30, -46, -6}, {-25, -4, -26, 84, 12}, {-27, 1, -84, -90, -20},
                                 {137, -71, -21, 19, -189}}};
constexpr HalfTable kHorseEg = {{{38, -11, 93, 76, -28}, {160, 34, 43, 2, 62}, {55, 34, 10, 11, 93},
                                 {56, 49, 13, 2, 38}, {18, 67, 78, 21, -6}, {-21, 43, 36, 55, 32},
                                 {56, 9, 58, 41, 52}, {19, 9, 33, 38, 19}, {10, 87, 16, 20, -116},
                                 {-48, -47, -50, -15, 51}}};
constexpr HalfTable kRookMg = {{{39, 63, 78, 194, 188}, {44, 103, 70, 77, 194}, {56, 42, 71, 76, 106},
                                {93, 87, 126, 112, 107}, {-6, 30, 33, 40, 88}, {-35, 24, 47, 72, 117},
                                {-13, 67, 116, 97, 178}, {24, 20, 34, 60, -74}, {16, 19, 20, 42, 54},
                                {-7, 55, 39, 74, -114}}};
constexpr HalfTable kRookEg = {{{108, 68, 109, 72, 93}, {111, 70, 126, 145, 152}, {108, 90, 106, 137, 158},
                                {69, 97, 67, 103, 153}, {106, 116, 149, 147, 139}, {157, 174, 128, 141, 162},
                                {96, 68, 130, 138, 109}, {133, 152, 170, 168, 186}, {97, 86, 104, 79, 6},
                                {81, 126, 120, 152, 184}}};
constexpr HalfTable kCannonMg = {{{92, 28, -17, -64, 44}, {66, -41, 2, -32, 103}, {72, -28, 15, -97, -149},
                                  {48, 24, 54, -38, 57}, {68, -17, 22, -78, 93}, {-5, -3, 51, 11, 105},
                                  {43, -36, 60, 27, 78}, {48, 7, 86, 71, 112}, {77, 1, 82, -54, 16},
                                  {9, -68, 123, -28, -2}}};
constexpr HalfTable kCannonEg = {{{-28, -6, 15, -5, -44}, {-19, 17, 60, 36, 0}, {-38, 0, 24, 21, 14},
                                  {-46, -77, -7, 9, -25}, {-55, -5, 17, 56, -42}, {55, 43, 20, 4, -27},
                                  {47, 37, 13, 12, -5}, {50, 36, -12, 12, 6}, {-2, 43, 1, 72, 3},
                                  {-81, 1, -25, 21, 23}}};
// The palace and the defenders' points; everything else is unreachable and left at zero.
constexpr HalfTable kKingMg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, -116, -73}, {0, 0, 0, -102, -57},
                                {0, 0, 0, 9, 98}}};
constexpr HalfTable kKingEg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, 11, -18}, {0, 0, 0, 15, 23},
                                {0, 0, 0, 0, -6}}};
constexpr HalfTable kAdvisorMg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, -16, 0}, {0, 0, 0, 0, 26},
                                   {0, 0, 0, 2, 0}}};
constexpr HalfTable kAdvisorEg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, -56, 0}, {0, 0, 0, 0, -32},
                                   {0, 0, 0, -48, 0}}};
constexpr HalfTable kElephantMg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                    {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, -54, 0, 0},
                                    {0, 0, 0, 0, 0}, {-11, 0, 0, 0, 94}, {0, 0, 0, 0, 0},
                                    {0, 0, 41, 0, 0}}};
constexpr HalfTable kElephantEg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                    {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, -24, 0, 0},
                                    {0, 0, 0, 0, 0}, {-30, 0, 0, 0, -42}, {0, 0, 0, 0, 0},
                                    {0, 0, -46, 0, 0}}};

struct TypeDefaults {
  PhaseValue material;
  const HalfTable* mg;
  const HalfTable* eg;
};

constexpr TypeDefaults kTypeDefaults[kPieceTypes] = {
    {{0, 0}, nullptr, nullptr},
    {{0, 0}, &kKingMg, &kKingEg},  // the general is never exchanged; its value is the game
    {{151, 110}, &kAdvisorMg, &kAdvisorEg},
    {{262, 114}, &kElephantMg, &kElephantEg},
    {{559, 384}, &kHorseMg, &kHorseEg},
    {{1085, 1240}, &kRookMg, &kRookEg},
    {{602, 399}, &kCannonMg, &kCannonEg},
    {{118, 112}, &kPawnMg, &kPawnEg},
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
  phase_value("mobility.horse", w.mobility[Horse], {26, 14}, -50, 100);
  phase_value("mobility.rook", w.mobility[Rook], {10, 13}, -50, 100);
  phase_value("mobility.cannon", w.mobility[Cannon], {8, 4}, -50, 100);
  phase_value("control.own_half", w.control_own_half, {2, -6}, -50, 50);
  phase_value("control.enemy_half", w.control_enemy_half, {7, 0}, -50, 50);
  phase_value("control.enemy_palace", w.control_enemy_palace, {29, -7}, -50, 100);
  visit("relations.threat_to_move_pct", w.threat_to_move_pct, 16, 0, 100);
  visit("relations.threat_waiting_pct", w.threat_waiting_pct, 8, 0, 100);
  phase_value("relations.defended", w.defended, {22, 3}, -50, 50);
  phase_value("safety.missing_advisor", w.missing_advisor, {78, 14}, -50, 100);
  phase_value("safety.missing_elephant", w.missing_elephant, {0, 2}, -50, 100);
  phase_value("safety.palace_attack", w.palace_attack, {-7, 4}, -50, 100);
  // Danger units: a rook, horse and cannon on the palace with two safe checks and a weak square, less
  // four defenders, are about 40 units, a penalty of about 1.5 pawns.
  visit("danger.attacker.rook", w.danger_attacker[Rook], 12, 0, 100);
  visit("danger.attacker.horse", w.danger_attacker[Horse], 16, 0, 100);
  visit("danger.attacker.cannon", w.danger_attacker[Cannon], 11, 0, 100);
  visit("danger.attacker.pawn", w.danger_attacker[Pawn], 14, 0, 100);
  visit("danger.check.rook", w.danger_check[Rook], 17, 0, 100);
  visit("danger.check.horse", w.danger_check[Horse], 12, 0, 100);
  visit("danger.check.cannon", w.danger_check[Cannon], 5, 0, 100);
  visit("danger.weak_square", w.danger_weak_square, 2, 0, 100);
  visit("danger.defender", w.danger_defender, 3, 0, 100);
  visit("danger.curve.mg", w.danger_curve_mg, 85, 0, 1000);
  visit("danger.linear.eg", w.danger_linear_eg, 4, 0, 200);
  phase_value("patterns.hollow_cannon", w.hollow_cannon, {193, -35}, -100, 300);
  phase_value("patterns.central_cannon", w.central_cannon, {30, 79}, -100, 200);
  phase_value("patterns.linked_pawns", w.linked_pawns, {79, -4}, -100, 200);
  phase_value("patterns.bottom_cannon", w.bottom_cannon, {80, 10}, -100, 200);
  phase_value("patterns.palace_horse", w.palace_horse, {-11, -21}, -200, 100);
  phase_value("patterns.cannon_vs_missing_advisor", w.cannon_vs_missing_advisor, {-40, 22}, -100, 200);
  phase_value("pins.rook", w.pinned[Rook], {-58, -60}, -300, 100);
  phase_value("pins.horse", w.pinned[Horse], {-64, -26}, -300, 100);
  phase_value("pins.cannon", w.pinned[Cannon], {-26, -48}, -300, 100);
  phase_value("restricted.trapped_horse", w.trapped_horse, {-62, -4}, -300, 100);
  phase_value("restricted.horse_one_square", w.restricted_horse, {-22, -13}, -200, 100);
  phase_value("restricted.screenless_cannon", w.screenless_cannon, {23, -38}, -200, 100);
  phase_value("pawns.near_palace", w.pawn_near_palace, {55, 14}, -100, 200);
  phase_value("pawns.vs_missing_defender", w.pawn_vs_missing_defender, {-4, 40}, -100, 200);
  phase_value("pawns.on_general_file", w.pawn_on_general_file, {20, 5}, -100, 200);
  phase_value("pawns.bottom", w.bottom_pawn, {-92, -23}, -200, 100);
  visit("tempo", w.tempo, 14, -50, 100);
}

std::vector<ParamInfo> build_registry() {
  std::vector<ParamInfo> infos;
  Weights scratch;
  visit_params(scratch, [&](const std::string& name, int&, int def, int lo, int hi) {
    infos.push_back({name, name.substr(0, name.find('.')), def, lo, hi});
  });
  return infos;
}

}  // namespace

const ParamRegistry& Params::table() {
  static const ParamRegistry registry(build_registry(), "weights");
  return registry;
}

void Params::compile(const std::vector<int>& values, Weights& weights) {
  size_t i = 0;
  weights = Weights{};
  visit_params(weights, [&](const std::string&, int& field, int, int, int) { field = values[i++]; });
}

}  // namespace jiang
