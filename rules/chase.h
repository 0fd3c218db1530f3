// Perpetual chase (AXF rules, ../shared/docs/chase.md): which enemy pieces a side threatens to win, and
// what each side did with its moves through a repetition cycle. Only the repetition rules (rules.cpp)
// call this, and only once a repetition has been found: it replays the cycle and generates moves, far
// too slow for every node.
//
// Everything is decided by legal moves rather than by attack patterns, so that pins, the flying
// general, discovered checks and a general that may not recapture into attack all come out of the move
// generator's own rules instead of special cases.
#pragma once

#include <array>

#include "movegen/square_set.h"
#include "movegen/position.h"

namespace jiang {

// The pieces of ~x that x chases in pos, whoever is to move there (a position with the other side to
// move is asked as if that side passed): the squares of the pieces that an x piece other than the
// general or a pawn can legally capture (a pinned piece only what it may take without exposing its
// general, such as the piece pinning it), not counting the general and pawns on their own half, when
// the victim is a rook attacked by a horse or cannon, a rook, horse or cannon attacked by an advisor or
// elephant, or a piece without a legal recapture that is not offering an exchange (a piece of the
// attacker's type that could legally take it first). A check is taken as answered: a side in check
// attacks what only the check keeps it from taking, and a protector that only the check keeps from
// taking back protects (docs/rules.md). pos is restored before returning.
SquareSet chased_pieces(Position& pos, Color x);

// Whether the piece on s is held by an enemy horse: it stands on the leg of a horse that would
// otherwise attack its general, so it may not move except to take that horse.
bool held_by_horse(const Position& pos, Square s);

// What one side did with its moves through a repetition cycle.
struct CycleConduct {
  bool always_checked = true;          // every move gave check
  bool each_move_checked_or_chased = true;
  bool some_move_checked = false;
  bool some_move_chased = false;
  // Every move gave check or threatened mate in one (left true unless mate threats were asked for).
  bool always_threatened_mate = true;
  // The enemy pieces that every move of the side newly chased, by their squares in the final position
  // (a victim is followed through its own moves in the cycle).
  SquareSet chased_throughout{};
  // Among those, a rook held by a horse of the side (held_by_horse) in the final position, or
  // NoSquare. The rule book (AXF rule 19, diagrams 39-41) forbids chasing such a rook whatever the
  // other side does, so this chase outranks one the other side makes.
  Square held_rook_chased = NoSquare;
};

// Replays the last `plies` moves of pos's record (real moves, no capture among them: a repetition cycle
// as the repetition rules find it) and reports each side's conduct, indexed by colour. With
// `mate_threats`, also asks after each quiet move whether the mover threatens mate in one.
std::array<CycleConduct, kColors> review_cycle(const Position& pos, int plies, bool mate_threats);

}  // namespace jiang
