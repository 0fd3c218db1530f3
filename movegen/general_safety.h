// What guards the side to move's general, worked out once per position: the pieces giving check, the
// pinned pieces with the squares they may still go to, and the empty squares no piece may step onto.
// With it, a move that is not the general's and not made in check is legal or not by a few bit tests.
//
// Only line pieces (rooks, cannons, the enemy general on the file), horses and pawns attack a general,
// and a move changes the board on two squares only, so a move out of check exposes the general in one
// of three ways:
//  - leaving a line: the piece was the only one between the general and an enemy rook (or the enemy
//    general on the file), or one of the two between the general and an enemy cannon;
//  - leaving a horse's leg: the piece stood on the leg of an enemy horse that would attack the general;
//  - stepping onto a line: between the general and an enemy cannon with nothing between, it becomes
//    the cannon's screen (a gap square).
// A pinned piece may move along its line (staying between) or take the pinner; a cannon's two screens
// may not take each other either, since the cannon would be left with one. A step of the general is
// decided by an attack test on its new square (Position::general_step_safe); any other move in check by
// the full test (Position::leaves_general_safe), after a cheap filter that keeps only the moves that
// could answer the check.
#pragma once

#include <array>
#include <cstdint>

#include "movegen/position.h"

namespace jiang {

class GeneralSafety {
 public:
  explicit GeneralSafety(const Position& pos);

  bool in_check() const { return checks_ > 0; }

  // A piece whose move could expose the general: it may move only to the squares its two masks give,
  // along its rank and its file, and nowhere off them. `pin` is null for a free piece.
  struct Pin {
    Square square;
    uint16_t rank_targets;  // files on the piece's rank it may go to
    uint16_t file_targets;  // ranks on the piece's file it may go to
    bool allows(Square to) const;
  };
  const Pin* pin(Square from) const {
    for (int i = 0; i < pin_count_; ++i)
      if (pins_[i].square == from) return &pins_[i];
    return nullptr;
  }

  // Whether `to` is a gap: an empty square between the general and an enemy cannon with nothing
  // between them, where any piece but the general would become the cannon's screen.
  bool gap(Square to) const;
  // The same as bit sets: the files of rank `rank`, and the ranks of file `file`, that are gaps.
  uint16_t rank_gaps(int rank) const;
  uint16_t file_gaps(int file) const;
  bool has_gaps() const { return (gaps_[kAlongRank] | gaps_[kAlongFile]) != 0; }

  // Exact legality of a pseudo-legal move of the side to move.
  bool legal(const Position& pos, Move m) const;

 private:
  // The general's two lines: its rank (bits are files) and its file (bits are ranks).
  enum Line : uint8_t { kAlongRank = 0, kAlongFile = 1 };
  static constexpr int kMaxPins = 12;  // two cannon screens on each of four rays, one piece per leg

  Square on_line(Line line, int index) const {
    return line == kAlongRank ? make_square(index, general_rank_) : make_square(general_file_, index);
  }
  void scan_ray(const Position& pos, Line line, uint16_t occupancy, int general_index, bool upwards);
  void scan_horses_and_pawns(const Position& pos);
  void add_pin(Square s, uint16_t rank_targets, uint16_t file_targets);
  void add_line_pin(Line line, Square s, uint16_t targets) {
    if (line == kAlongRank) add_pin(s, targets, 0);
    else add_pin(s, 0, targets);
  }
  void add_check(Line line, uint16_t targets, Square screen);
  // In check: whether the pseudo-legal move m could answer every check (a superset of the legal
  // replies; a move that passes still needs the full test).
  bool may_evade(Move m) const;

  Square general_;
  int general_file_, general_rank_;
  Color us_;
  uint8_t checks_ = 0;
  uint8_t pin_count_ = 0;
  std::array<Pin, kMaxPins> pins_;
  std::array<uint16_t, 2> gaps_{};  // by Line: empty squares between the general and an unscreened cannon
  // The reply to a single check must land on one of these squares or move the cannon's screen away.
  std::array<uint16_t, 2> evasion_lines_{};  // by Line: blocking squares and the checker on the lines
  std::array<Square, 2> evasion_squares_{NoSquare, NoSquare};  // a horse or pawn checker, a horse's leg
  Square evading_screen_ = NoSquare;  // our piece that screens a checking cannon
};

}  // namespace jiang
