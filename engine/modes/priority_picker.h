// The move picker of the `priority` move order (MoveOrder::Priority): at a main-search node, in check or
// not, every move at once, ordered by Kaissa's list of move kinds (priority_order.h) instead of by
// history. The search chooses between it and the history-ordered MovePicker by NodePicker.
#pragma once

#include "engine/modes/priority_order.h"
#include "engine/move_batch.h"
#include "movegen/position.h"

namespace jiang {

class PriorityPicker {
 public:
  // `remembered` are the hash move, the killers and the counter move. `pos` is played on and restored
  // while the moves are sorted.
  PriorityPicker(Position& pos, const RememberedMoves& remembered) : pos_(pos), remembered_(remembered) {}

  // The next move, or Move::none() when there are no more. With skip_quiets set, quiet moves not yet
  // returned are skipped (late move pruning has given up on them).
  Move next(bool skip_quiets = false);

 private:
  enum class Stage { Init, Moves, Done };
  Position& pos_;
  RememberedMoves remembered_;
  Stage stage_ = Stage::Init;
  MoveBatch batch_;
};

}  // namespace jiang
