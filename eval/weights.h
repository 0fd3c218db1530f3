// The numbers the evaluation reads, in the shape it reads them. Every field is a named, bounded parameter
// of the registry (eval/params.h); nothing here is set anywhere else.
#pragma once

#include <array>

#include "movegen/types.h"

namespace jiang {

// A value for the middlegame and one for the endgame; the evaluation blends them by game phase.
struct PhaseValue {
  int mg = 0;
  int eg = 0;

  constexpr PhaseValue& operator+=(PhaseValue o) {
    mg += o.mg;
    eg += o.eg;
    return *this;
  }
  constexpr PhaseValue& operator-=(PhaseValue o) {
    mg -= o.mg;
    eg -= o.eg;
    return *this;
  }
  constexpr PhaseValue operator*(int k) const { return {mg * k, eg * k}; }
  constexpr PhaseValue operator-() const { return {-mg, -eg}; }
  constexpr PhaseValue operator+(PhaseValue o) const { return {mg + o.mg, eg + o.eg}; }
  constexpr PhaseValue operator-(PhaseValue o) const { return {mg - o.mg, eg - o.eg}; }
  constexpr bool operator==(const PhaseValue&) const = default;
};

// Position tables cover half a board seen from the piece's own side: files a..e (f..i mirror them, so
// the evaluation is left-right symmetric by construction) and ranks 0..9 counted from the owner's back
// rank. Index: rank * 5 + file.
inline constexpr int kHalfFiles = 5;
inline constexpr int kHalfBoard = kHalfFiles * kRanks;

inline constexpr int kDangerCurveScale = 1024;
inline constexpr int kDangerLinearScale = 16;

struct Weights {
  std::array<PhaseValue, kPieceTypes> material{};
  std::array<std::array<PhaseValue, kHalfBoard>, kPieceTypes> position{};
  std::array<PhaseValue, kPieceTypes> mobility{};  // per square a rook, horse or cannon can move to

  // Control: a square belongs to the side with more attackers (the cheaper attacker breaks a tie).
  PhaseValue control_own_half, control_enemy_half, control_enemy_palace;

  // Piece relations. A piece is threatened when it is attacked and undefended, or attacked by something
  // cheaper; its loss is what the exchange would cost.
  int threat_to_move_pct = 0;  // share of the largest loss the side to move can inflict (it moves next)
  int threat_waiting_pct = 0;  // share of it credited to the side not to move (its victim may escape)
  PhaseValue defended;         // per defended piece

  // General safety.
  PhaseValue missing_advisor;   // per missing advisor, per enemy rook or horse
  PhaseValue missing_elephant;  // per missing elephant, per enemy cannon
  PhaseValue palace_attack;     // per square of one's palace the enemy attacks

  // General danger: units of attack on one's palace, turned into a penalty of units^2 * danger_curve_mg /
  // kDangerCurveScale in the middlegame and units * danger_linear_eg / kDangerLinearScale in the endgame.
  std::array<int, kPieceTypes> danger_attacker{};  // a rook, horse or cannon reaching the palace; a pawn near it
  std::array<int, kPieceTypes> danger_check{};     // a safe square from which a rook, horse or cannon checks
  int danger_weak_square = 0;  // a palace square the enemy attacks and nothing defends
  int danger_defender = 0;     // less, per advisor or elephant of one's own
  int danger_curve_mg = 0;
  int danger_linear_eg = 0;

  // Xiangqi patterns.
  PhaseValue hollow_cannon;   // a cannon facing the enemy general with nothing between
  PhaseValue central_cannon;  // a cannon on the enemy general's file behind two or more pieces
  PhaseValue linked_pawns;    // two crossed pawns side by side
  PhaseValue bottom_cannon;   // a cannon on the enemy's back rank while the enemy general stands on it
  PhaseValue palace_horse;    // one's own horse on the palace centre, in the general's way
  PhaseValue cannon_vs_missing_advisor;  // a cannon on the enemy general's file, per advisor it lacks

  // Pins: one's own rook, horse or cannon that cannot leave its line without exposing the general (to a
  // rook or the other general in front of it, or as one of a cannon's two screens).
  std::array<PhaseValue, kPieceTypes> pinned{};

  // Restricted pieces.
  PhaseValue trapped_horse;      // a horse with no safe square to go to (not attacked by a cheaper piece)
  PhaseValue restricted_horse;   // ... with one
  PhaseValue screenless_cannon;  // a cannon with no screen on any of its four lines

  // Pawns across the river.
  PhaseValue pawn_near_palace;          // a pawn on the palace's files (and one either side), close to it
  PhaseValue pawn_vs_missing_defender;  // ... more, per advisor or elephant the enemy has lost
  PhaseValue pawn_on_general_file;      // a pawn on the enemy general's file
  PhaseValue bottom_pawn;               // a pawn on the enemy's back rank: it can only move sideways

  int tempo = 0;  // for the side to move
};

}  // namespace jiang
