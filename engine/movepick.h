// The move picker: moves one at a time in the order most likely to cut off early, generated in stages so
// that a cutoff by the hash move or a good capture costs no quiet-move generation.
//
// Main search: the hash move; captures that do not lose material by static exchange, by victim value
// and capture history; the two killers and the counter move; quiet moves by history and continuation
// history; last the captures that lose material. In check: every evasion, captures first. Quiescence:
// the hash move if it captures, then captures by value. Moves are pseudo-legal: the search tests
// legality.
//
// The `priority` move order has a picker of its own (engine/modes/priority_picker.h); NodePicker chooses.
#pragma once

#include <array>

#include "engine/history.h"
#include "engine/move_batch.h"
#include "eval/score.h"
#include "movegen/movegen.h"

namespace jiang {

// The continuation histories of the moves 1, 2 and 4 plies before the node (the node's own side moved
// 2 and 4 plies ago).
inline constexpr int kContinuationPlies = 3;
using ContinuationTables = std::array<const PieceToHistory*, kContinuationPlies>;

class MovePicker {
 public:
  // A main-search node (in check or not).
  MovePicker(const Position& pos, const Histories& histories, const ContinuationTables& continuation,
             Move hash_move, const std::array<Move, 2>& killers, Move counter);
  // A quiescence node: captures only, or every evasion in check.
  MovePicker(const Position& pos, const Histories& histories, const ContinuationTables& continuation,
             Move hash_move);

  // The next move, or Move::none() when there are no more. With skip_quiets set, quiet moves not yet
  // returned are skipped (late move pruning has given up on them).
  Move next(bool skip_quiets = false);

 private:
  enum class Stage {
    MainHash, CaptureInit, GoodCaptures, Killer1, Killer2, Counter, QuietInit, Quiets, BadCaptures,
    EvasionHash, EvasionInit, Evasions,
    QsearchHash, QsearchInit, QsearchCaptures,
    Done
  };

  int capture_score(Move m) const;
  int quiet_score(Move m) const;
  bool is_special_quiet(Move m) const;  // a hash, killer or counter move already returned
  bool usable_quiet(Move m) const;      // a quiet move valid on this board, not the hash move

  const Position& pos_;
  const Histories& histories_;
  ContinuationTables continuation_{};
  Move hash_move_;
  std::array<Move, 3> refutations_{};  // killers and counter move
  Stage stage_;
  MoveBatch batch_;
  MoveBatch bad_captures_;
};

}  // namespace jiang
