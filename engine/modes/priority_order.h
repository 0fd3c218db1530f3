// Kaissa's move ordering by a fixed list of move kinds (docs seed-searches.md §3), adapted to Xiangqi:
// what the `priority` move order (MoveOrder::Priority) sorts the main search's moves by, in place of
// history statistics.
//
// "Attacked" means a piece of the other side could capture there; a move's destination and its checks
// are judged on the board after the move (played and taken back), so lines it opens or closes count.
// "The piece that just moved" is approximated by "the opponent has just moved and the piece stands
// attacked": Position answers whether a square is attacked, not by which piece.
#pragma once

#include <array>

#include "movegen/position.h"

namespace jiang {

// The kinds, best first: the order of the document's list.
enum class MoveKind {
  SavingRetreat,   // 1. our last move won material: the attacked piece retreats to an unattacked square
  GoodCapture,     // 2. a capture that wins by exchange, or one on the square the opponent just moved to
  Remembered,      // 3. the hash move, the killers and the counter move
  Retreat,         // 4. after the opponent's move, an attacked piece retreats to an unattacked square
  EvenCapture,     // 5. a capture that comes out even by exchange (a defended piece of equal value)
  SafeCheck,       // 6. a check from an unattacked square
  SafeMove,        // 7. a move to an unattacked square
  UnsafeCheck,     // 8. a check from an attacked square
  UnsafeMove,      // 9. a move to an attacked square
  LosingCapture,   // last: a capture that loses by exchange (the list has no place for it)
  kCount
};

// The moves the search remembers for this node, best first: the hash move, two killers, the counter
// move (Move::none() where there is none). Their rank orders them within MoveKind::Remembered.
using RememberedMoves = std::array<Move, 4>;

// The kind of the pseudo-legal move m of the side to move. `pos` is played on and restored.
MoveKind move_kind(Position& pos, Move m, const RememberedMoves& remembered);

// The ordering score of m: its kind first, then within the kind the exchange's gain for captures, the
// piece's value for retreats, the rank for remembered moves. Higher is tried first.
int priority_score(Position& pos, Move m, const RememberedMoves& remembered);

}  // namespace jiang
