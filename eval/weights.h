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

  // Xiangqi patterns.
  PhaseValue hollow_cannon;   // a cannon facing the enemy general with nothing between
  PhaseValue central_cannon;  // a cannon on the enemy general's file behind two or more pieces
  PhaseValue linked_pawns;    // two crossed pawns side by side

  int tempo = 0;  // for the side to move
};

}  // namespace jiang
