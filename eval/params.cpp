#include "eval/params.h"

#include <string>

namespace jiang {
namespace {

constexpr std::string_view kTypeNames[kPieceTypes] = {"", "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"};

// Default position tables, drawn as the owner sees the board: the first row is the enemy's back rank
// (rank 9), the last the owner's own (rank 0); columns are files a..e, f..i mirror them. Only squares
// the piece can stand on become parameters.
using HalfTable = std::array<std::array<int, kHalfFiles>, kRanks>;

constexpr HalfTable kPawnMg = {{{178, -81, 195, 101, 300}, {90, 169, 107, 300, 300}, {70, 162, 50, 91, -8},
                                {30, 148, 30, -50, -14}, {10, 101, 110, 177, 165}, {-46, 0, -17, 0, 13},
                                {-53, 0, -87, 0, 9}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}}};
constexpr HalfTable kPawnEg = {{{-3, 15, -53, 40, -76}, {18, 53, 17, 22, 21}, {-5, 26, 42, 96, 77},
                                {7, 7, 12, 33, 24}, {54, 51, 83, 34, 43}, {23, 0, 17, 0, 76},
                                {33, 0, 7, 0, 57}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}}};
constexpr HalfTable kHorseMg = {{{98, -160, -13, -57, 300}, {-183, 36, 250, 122, 300}, {206, 40, -39, 284, 256},
                                 {-10, 215, 1, 212, -30}, {108, 48, 16, 78, 135}, {-17, -29, 183, 37, 111},
                                 {-81, -19, -55, -23, 56}, {-14, -26, -33, 56, -16}, {-82, -65, -111, -58, -23},
                                 {169, -147, 60, 1, 79}}};
constexpr HalfTable kHorseEg = {{{57, 72, 72, 45, -27}, {83, 41, 10, -4, 6}, {34, 30, 25, -15, 15},
                                 {32, -24, 4, -13, 17}, {-22, -7, 18, 14, -23}, {21, 41, -17, 24, 2},
                                 {50, -35, 32, 33, 17}, {-56, 6, -5, 17, -11}, {-5, -54, -32, -12, -62},
                                 {-236, 41, -10, -24, -172}}};
constexpr HalfTable kRookMg = {{{44, 120, 111, 257, 300}, {45, 130, 98, 136, 215}, {94, 76, 75, 140, 300},
                                {140, 151, 207, 157, 105}, {100, 90, 179, 155, 146}, {56, 130, 130, 148, 130},
                                {65, 85, 116, 152, 195}, {-31, 68, 88, 97, -16}, {12, 76, 57, 70, 40},
                                {-26, 80, 47, 115, -300}}};
constexpr HalfTable kRookEg = {{{137, 85, 101, 132, 120}, {124, 106, 101, 190, 237}, {120, 121, 135, 228, 108},
                                {106, 126, 108, 139, 184}, {119, 158, 109, 139, 136}, {144, 126, 112, 144, 144},
                                {150, 103, 122, 127, 105}, {212, 144, 159, 198, 202}, {45, 78, 28, 114, 137},
                                {29, 92, 110, 131, 49}}};
constexpr HalfTable kCannonMg = {{{81, 28, -65, -158, -40}, {55, -95, -99, -69, -258}, {-14, -43, -41, -107, -300},
                                  {2, -51, 46, -28, 70}, {22, -24, -15, -40, 148}, {-37, -37, 33, -28, 90},
                                  {26, -20, 36, -2, 4}, {59, 7, 89, 58, 124}, {38, 6, 96, 26, 119},
                                  {50, -13, 58, -64, -100}}};
constexpr HalfTable kCannonEg = {{{-10, -6, -16, 93, -50}, {-27, -13, 5, -19, 149}, {-17, -14, 21, 48, 82},
                                  {16, 3, 9, 10, -23}, {-1, 18, 30, 23, -24}, {20, 31, -8, 14, 5},
                                  {-20, -3, -21, 1, -13}, {5, 27, -1, -13, -36}, {17, 42, -12, 25, -10},
                                  {1, 14, -10, 22, 33}}};
// The palace and the defenders' points; everything else is unreachable and left at zero.
constexpr HalfTable kKingMg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, -286, -249}, {0, 0, 0, -1, -45},
                                {0, 0, 0, 82, 114}}};
constexpr HalfTable kKingEg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                {0, 0, 0, 0, 0}, {0, 0, 0, 20, 50}, {0, 0, 0, -21, 15},
                                {0, 0, 0, -4, -12}}};
constexpr HalfTable kAdvisorMg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, -49, 0}, {0, 0, 0, 0, 29},
                                   {0, 0, 0, -41, 0}}};
constexpr HalfTable kAdvisorEg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                   {0, 0, 0, 0, 0}, {0, 0, 0, -110, 0}, {0, 0, 0, 0, -97},
                                   {0, 0, 0, -103, 0}}};
constexpr HalfTable kElephantMg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                    {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, -75, 0, 0},
                                    {0, 0, 0, 0, 0}, {-34, 0, 0, 0, 90}, {0, 0, 0, 0, 0},
                                    {0, 0, 18, 0, 0}}};
constexpr HalfTable kElephantEg = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0},
                                    {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, -86, 0, 0},
                                    {0, 0, 0, 0, 0}, {-97, 0, 0, 0, -107}, {0, 0, 0, 0, 0},
                                    {0, 0, -100, 0, 0}}};

struct TypeDefaults {
  PhaseValue material;
  const HalfTable* mg;
  const HalfTable* eg;
};

constexpr TypeDefaults kTypeDefaults[kPieceTypes] = {
    {{0, 0}, nullptr, nullptr},
    {{0, 0}, &kKingMg, &kKingEg},  // the general is never exchanged; its value is the game
    {{156, 97}, &kAdvisorMg, &kAdvisorEg},
    {{271, 102}, &kElephantMg, &kElephantEg},
    {{651, 442}, &kHorseMg, &kHorseEg},
    {{1442, 1237}, &kRookMg, &kRookEg},
    {{725, 410}, &kCannonMg, &kCannonEg},
    {{140, 127}, &kPawnMg, &kPawnEg},
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
  phase_value("mobility.horse", w.mobility[Horse], {23, 5}, -50, 100);
  phase_value("mobility.rook", w.mobility[Rook], {5, 11}, -50, 100);
  phase_value("mobility.cannon", w.mobility[Cannon], {10, 2}, -50, 100);
  phase_value("control.own_half", w.control_own_half, {8, -6}, -50, 50);
  phase_value("control.enemy_half", w.control_enemy_half, {9, -7}, -50, 50);
  phase_value("control.enemy_palace", w.control_enemy_palace, {22, -16}, -50, 100);
  visit("relations.threat_to_move_pct", w.threat_to_move_pct, 5, 0, 100);
  visit("relations.threat_waiting_pct", w.threat_waiting_pct, 7, 0, 100);
  phase_value("relations.defended", w.defended, {12, 6}, -50, 50);
  phase_value("safety.missing_advisor", w.missing_advisor, {92, 31}, -50, 100);
  phase_value("safety.missing_elephant", w.missing_elephant, {58, -13}, -50, 100);
  phase_value("safety.palace_attack", w.palace_attack, {-17, -4}, -50, 100);
  // Danger units: a rook, horse and cannon on the palace with two safe checks and a weak square, less
  // four defenders, are about 40 units, a penalty of about 1.5 pawns.
  visit("danger.attacker.rook", w.danger_attacker[Rook], 17, 0, 100);
  visit("danger.attacker.horse", w.danger_attacker[Horse], 25, 0, 100);
  visit("danger.attacker.cannon", w.danger_attacker[Cannon], 15, 0, 100);
  visit("danger.attacker.pawn", w.danger_attacker[Pawn], 23, 0, 100);
  visit("danger.check.rook", w.danger_check[Rook], 27, 0, 100);
  visit("danger.check.horse", w.danger_check[Horse], 27, 0, 100);
  visit("danger.check.cannon", w.danger_check[Cannon], 9, 0, 100);
  visit("danger.weak_square", w.danger_weak_square, 0, 0, 100);
  visit("danger.defender", w.danger_defender, 0, 0, 100);
  visit("danger.curve.mg", w.danger_curve_mg, 72, 0, 1000);
  visit("danger.linear.eg", w.danger_linear_eg, 0, 0, 200);
  phase_value("patterns.hollow_cannon", w.hollow_cannon, {300, -34}, -100, 300);
  phase_value("patterns.central_cannon", w.central_cannon, {5, 77}, -100, 200);
  phase_value("patterns.linked_pawns", w.linked_pawns, {-10, -6}, -100, 200);
  phase_value("patterns.bottom_cannon", w.bottom_cannon, {94, -8}, -100, 200);
  phase_value("patterns.palace_horse", w.palace_horse, {-45, -129}, -200, 100);
  phase_value("patterns.cannon_vs_missing_advisor", w.cannon_vs_missing_advisor, {-78, -16}, -100, 200);
  phase_value("pins.rook", w.pinned[Rook], {-179, -102}, -300, 100);
  phase_value("pins.horse", w.pinned[Horse], {-109, -150}, -300, 100);
  phase_value("pins.cannon", w.pinned[Cannon], {-44, -113}, -300, 100);
  phase_value("restricted.trapped_horse", w.trapped_horse, {-54, -88}, -300, 100);
  phase_value("restricted.horse_one_square", w.restricted_horse, {-15, -63}, -200, 100);
  phase_value("restricted.screenless_cannon", w.screenless_cannon, {-26, -23}, -200, 100);
  phase_value("pawns.near_palace", w.pawn_near_palace, {192, -38}, -100, 200);
  phase_value("pawns.vs_missing_defender", w.pawn_vs_missing_defender, {135, 56}, -100, 200);
  phase_value("pawns.on_general_file", w.pawn_on_general_file, {-2, -9}, -100, 200);
  phase_value("pawns.bottom", w.bottom_pawn, {98, -76}, -200, 100);
  visit("tempo", w.tempo, 19, -50, 100);
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
