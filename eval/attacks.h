// The attack maps the evaluation reads: for each side, which squares its pieces attack, how many of them
// attack each square, and which exchange groups attack it (the cheapest attacker is in the first such
// group). A square a piece could capture on counts as attacked whoever stands there, so a map also says
// which of one's own pieces are defended.
//
// They are built in one walk over the piece lists, which also sums the pieces' position values: the
// walk visits every piece anyway, and a second walk for them alone cost a tenth of the evaluation.
#pragma once

#include <array>

#include "eval/eval_tables.h"
#include "movegen/square_set.h"
#include "movegen/position.h"

namespace jiang {

// The squares attacked by at least one and at least two pieces: saturating counters, one bit a square.
// Where both sides attack a square twice or more (0.07 squares a position in jiang bench --eval) the
// pieces are counted one by one.
struct AttackLevels {
  SquareSet once, twice;

  void add(SquareSet squares) {
    twice |= once & squares;
    once |= squares;
  }
};

// A side's attacks, piece by piece and summed up. Nothing is cleared on construction (clearing a
// kilobyte cost a tenth of the evaluation): the walk over the pieces writes every field first.
struct SideAttacks {
  // One set a piece but for the pawns, which share three (forward, left, right): at most 14.
  static constexpr int kMaxSets = 16;

  AttackLevels levels;
  std::array<SquareSet, kPieceTypes> by_group;  // [g]: attacked by a piece of exchange group g
  std::array<SquareSet, kPieceTypes> by_type;   // [type]: attacked by a piece of that type
  std::array<SquareSet, kMaxSets> each;         // [sets]: one a piece (pawns: one a direction)
  std::array<uint8_t, kPieceTypes + 1> first;   // [type]: index in `each` of its first set
  int sets;
  int cannon_quiet_moves;  // squares the cannons can move to without capturing (before their screens)

  SquareSet any() const { return levels.once; }
  // How many pieces attack s exactly: for the few squares both sides attack twice or more.
  int count(Square s) const;
  // The attack sets of the horses, rooks or cannons, one a piece.
  const SquareSet* begin(PieceType t) const { return &each[first[t]]; }
  const SquareSet* end(PieceType t) const { return &each[first[t + 1]]; }
};

// Like SideAttacks, filled by the constructor and not before.
struct Attacks {
  std::array<SquareSet, kColors> occupied;    // by each side's pieces
  // [c][type]: where c's pieces of each type stand (NoPieceType's set is not written).
  std::array<std::array<SquareSet, kPieceTypes>, kColors> placed;
  std::array<SideAttacks, kColors> side;
  std::array<PhaseValue, kColors> placement;  // the position values of each side's pieces

  Attacks(const Position& pos, const EvalTables& tables);
};

}  // namespace jiang
