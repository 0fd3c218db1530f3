#include "eval/params.h"

#include <string>

namespace jiang {
namespace {

constexpr std::string_view kTypeNames[kPieceTypes] = {"", "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"};

// Default position tables, drawn as the owner sees the board: the first row is the enemy's back rank
// (rank 9), the last the owner's own (rank 0); columns are files a..e, f..i mirror them. Only squares
// the piece can stand on become parameters.
using HalfTable = std::array<std::array<int, kHalfFiles>, kRanks>;

constexpr HalfTable kPawnMg = {{{-24, -50, 31, 11, 41}, {-17, 66, 39, 116, 28}, {12, 66, 120, 111, 80},
                                {22, 60, 58, 26, 12}, {-18, 65, 76, 105, 119}, {-44, 0, -15, 0, 33},
                                {-59, 0, -81, 0, 19}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}}};
constexpr HalfTable kPawnEg = {{{3, -32, 19, 18, -25}, {-5, 42, 41, 52, 81}, {25, 48, 36, 134, 79},
                                {35, 67, 36, 65, 54}, {46, 51, 51, 34, 58}, {7, 0, -31, 0, 34},
                                {9, 0, -37, 0, 13}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}}};
constexpr HalfTable kHorseMg = {{{58, -24, 83, 23, -11}, {26, -7, 132, 63, 30}, {102, 56, -45, 16, 83},
                                 {-10, 109, -25, 112, -8}, {57, 16, 72, 24, 45}, {3, -17, 89, 27, 53},
                                 {-5, -14, -33, -23, 41}, {-20, -15, -39, 62, -21}, {-26, 39, -27, -64, -31},
                                 {-67, -109, -36, 3, -8}}};
constexpr HalfTable kHorseEg = {{{38, -72, 22, -19, 19}, {-115, 5, 36, 1, 77}, {50, 36, -23, 79, 97},
                                 {2, 4, 14, 9, -18}, {25, 1, 17, 24, 45}, {-9, 7, 21, 10, 34},
                                 {-14, 13, 34, -3, 25}, {-74, 4, -23, 9, -9}, {-57, -34, -75, -74, -54},
                                 {-32, -17, -35, -26, -42}}};
constexpr HalfTable kRookMg = {{{6, 44, 49, 93, 17}, {11, 22, 18, 64, 99}, {23, 46, 13, 13, 108},
                                {30, 87, 117, 35, 41}, {34, 58, 58, 10, 72}, {6, 56, 52, 44, 46},
                                {-7, 55, 88, 46, 71}, {-42, 42, 32, 26, -12}, {-22, 5, 5, 4, 27},
                                {-38, 40, 15, 9, 28}}};
constexpr HalfTable kRookEg = {{{-17, 39, 31, 64, 30}, {-8, 16, 50, 56, 63}, {29, -57, 27, 130, 25},
                                {40, 10, 28, 47, 104}, {25, 6, 39, 66, 58}, {10, 23, 19, 53, 106},
                                {14, 9, 14, 47, 101}, {84, 46, 65, 75, 80}, {27, -30, 26, 26, -41},
                                {-13, 6, 48, 79, -15}}};
constexpr HalfTable kCannonMg = {{{79, 14, -11, -80, -24}, {49, -93, -34, -82, -31}, {12, -69, -35, -33, -57},
                                  {8, -35, 20, -34, 30}, {-3, -22, -45, -33, 90}, {-16, -39, 11, -28, 38},
                                  {4, -34, 36, -15, 38}, {47, -2, 71, 60, 100}, {48, 7, 80, -48, 9},
                                  {23, -9, 70, -24, -22}}};
constexpr HalfTable kCannonEg = {{{-8, -4, -26, 25, -10}, {-47, -17, -5, -6, 79}, {5, 4, -5, -8, -59},
                                  {-8, -3, 21, -22, -33}, {5, -30, 22, 7, 0}, {2, 13, -6, -35, -9},
                                  {18, 15, 3, 26, 1}, {7, 19, 3, -5, -22}, {-11, 22, -12, 37, -4},
                                  {15, 21, -28, 2, 51}}};
// The palace and the defenders' points; everything else is unreachable and left at zero.
constexpr HalfTable kKingMg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, -124, -107}, {0, 0, 0, -97, -37},
                                {0, 0, 0, 30, 108}}};
constexpr HalfTable kKingEg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, -27, -18}, {0, 0, 0, -5, 3},
                                {0, 0, 0, -12, -32}}};
constexpr HalfTable kAdvisorMg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, -67, 0}, {0, 0, 0, 0, 17},
                                   {0, 0, 0, -31, 0}}};
constexpr HalfTable kAdvisorEg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, -98, 0}, {0, 0, 0, 0, -87},
                                   {0, 0, 0, -103, 0}}};
constexpr HalfTable kElephantMg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                    {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, -61, 0, 0},
                                    {0, 0, 0, 0, 0}, {-38, 0, 0, 0, 78}, {0, 0, 0, 0, 0},
                                    {0, 0, 20, 0, 0}}};
constexpr HalfTable kElephantEg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                    {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, -74, 0, 0},
                                    {0, 0, 0, 0, 0}, {-75, 0, 0, 0, -79}, {0, 0, 0, 0, 0},
                                    {0, 0, -78, 0, 0}}};

struct TypeDefaults {
  PhaseValue material;
  const HalfTable* mg;
  const HalfTable* eg;
};

constexpr TypeDefaults kTypeDefaults[kPieceTypes] = {
    {{0, 0}, nullptr, nullptr},
    {{0, 0}, &kKingMg, &kKingEg},  // the general is never exchanged; its value is the game
    {{174, 109}, &kAdvisorMg, &kAdvisorEg},
    {{251, 120}, &kElephantMg, &kElephantEg},
    {{491, 482}, &kHorseMg, &kHorseEg},
    {{1114, 1044}, &kRookMg, &kRookEg},
    {{581, 444}, &kCannonMg, &kCannonEg},
    {{136, 139}, &kPawnMg, &kPawnEg},
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
  phase_value("mobility.horse", w.mobility[Horse], {25, 5}, -50, 100);
  phase_value("mobility.rook", w.mobility[Rook], {5, 25}, -50, 100);
  phase_value("mobility.cannon", w.mobility[Cannon], {12, 2}, -50, 100);
  phase_value("control.own_half", w.control_own_half, {6, -6}, -50, 50);
  phase_value("control.enemy_half", w.control_enemy_half, {11, -7}, -50, 50);
  phase_value("control.enemy_palace", w.control_enemy_palace, {16, -12}, -50, 100);
  visit("relations.threat_to_move_pct", w.threat_to_move_pct, 10, 0, 100);
  visit("relations.threat_waiting_pct", w.threat_waiting_pct, 9, 0, 100);
  phase_value("relations.defended", w.defended, {22, 10}, -50, 50);
  phase_value("safety.missing_advisor", w.missing_advisor, {74, 31}, -50, 100);
  phase_value("safety.missing_elephant", w.missing_elephant, {32, -19}, -50, 100);
  phase_value("safety.palace_attack", w.palace_attack, {-7, -2}, -50, 100);
  // Danger units: a rook, horse and cannon on the palace with two safe checks and a weak square, less
  // four defenders, are about 40 units, a penalty of about 1.5 pawns.
  visit("danger.attacker.rook", w.danger_attacker[Rook], 19, 0, 100);
  visit("danger.attacker.horse", w.danger_attacker[Horse], 25, 0, 100);
  visit("danger.attacker.cannon", w.danger_attacker[Cannon], 11, 0, 100);
  visit("danger.attacker.pawn", w.danger_attacker[Pawn], 19, 0, 100);
  visit("danger.check.rook", w.danger_check[Rook], 25, 0, 100);
  visit("danger.check.horse", w.danger_check[Horse], 25, 0, 100);
  visit("danger.check.cannon", w.danger_check[Cannon], 9, 0, 100);
  visit("danger.weak_square", w.danger_weak_square, 0, 0, 100);
  visit("danger.defender", w.danger_defender, 0, 0, 100);
  visit("danger.curve.mg", w.danger_curve_mg, 72, 0, 1000);
  visit("danger.linear.eg", w.danger_linear_eg, 0, 0, 200);
  phase_value("patterns.hollow_cannon", w.hollow_cannon, {168, 40}, -100, 300);
  phase_value("patterns.central_cannon", w.central_cannon, {45, 81}, -100, 200);
  phase_value("patterns.linked_pawns", w.linked_pawns, {-42, -49}, -100, 200);
  phase_value("patterns.bottom_cannon", w.bottom_cannon, {108, -28}, -100, 200);
  phase_value("patterns.palace_horse", w.palace_horse, {-47, -139}, -200, 100);
  phase_value("patterns.cannon_vs_missing_advisor", w.cannon_vs_missing_advisor, {4, -32}, -100, 200);
  phase_value("pins.rook", w.pinned[Rook], {-139, -6}, -300, 100);
  phase_value("pins.horse", w.pinned[Horse], {-63, -118}, -300, 100);
  phase_value("pins.cannon", w.pinned[Cannon], {-36, -91}, -300, 100);
  phase_value("restricted.trapped_horse", w.trapped_horse, {-64, -66}, -300, 100);
  phase_value("restricted.horse_one_square", w.restricted_horse, {1, -61}, -200, 100);
  phase_value("restricted.screenless_cannon", w.screenless_cannon, {-2, -49}, -200, 100);
  phase_value("pawns.near_palace", w.pawn_near_palace, {80, -38}, -100, 200);
  phase_value("pawns.vs_missing_defender", w.pawn_vs_missing_defender, {97, 48}, -100, 200);
  phase_value("pawns.on_general_file", w.pawn_on_general_file, {42, -1}, -100, 200);
  phase_value("pawns.bottom", w.bottom_pawn, {0, -46}, -200, 100);
  visit("tempo", w.tempo, 18, -50, 100);
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
