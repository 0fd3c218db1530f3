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
#include "eval/square_set.h"
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

// A side's attacks, piece by piece and summed up.
class SideAttacks {
 public:
  // One set a piece but for the pawns, which share three (forward, left, right): at most 14.
  static constexpr int kMaxSets = 16;

  const AttackLevels& levels() const { return levels_; }
  SquareSet any() const { return levels_.once; }
  // The squares attacked by a piece of exchange group g (ExchangeOrder: cheapest group first).
  SquareSet by_group(int g) const { return by_group_[g]; }
  // How many pieces attack s exactly: for the few squares both sides attack twice or more.
  int count(Square s) const;
  // The attack sets of the horses, rooks or cannons, one a piece, in piece-list order.
  const SquareSet* begin(PieceType t) const { return &each_[first_[t]]; }
  const SquareSet* end(PieceType t) const { return &each_[first_[t + 1]]; }
  // Squares the cannons can move to without capturing (those before their screens).
  int cannon_quiet_moves() const { return cannon_quiet_moves_; }

 private:
  friend struct Attacks;

  // Nothing is cleared on construction (clearing a kilobyte cost a tenth of the evaluation): the walk
  // writes every field before anything reads it.
  AttackLevels levels_;
  std::array<SquareSet, kPieceTypes> by_group_;   // [group], the groups ExchangeOrder uses
  std::array<SquareSet, kMaxSets> each_;           // [sets_]
  std::array<uint8_t, kPieceTypes + 1> first_;     // [type]: index in each_ of its first piece
  int sets_;
  int cannon_quiet_moves_;
};

// Like SideAttacks, filled by the constructor and not before.
struct Attacks {
  std::array<SquareSet, kColors> occupied;      // by each side's pieces
  std::array<SquareSet, kColors> pawns;         // by each side's pawns
  std::array<SideAttacks, kColors> side;
  std::array<PhaseValue, kColors> placement;    // the position values of each side's pieces

  Attacks(const Position& pos, const EvalTables& tables);

 private:
  void add_side(const Position& pos, const EvalTables& tables, Color c);
};

}  // namespace jiang
