// The move picker of a main-search node: the history-ordered MovePicker, or the `priority` move order's
// own picker (engine/modes/priority_picker.h), as the search design asks.
#pragma once

#include <array>
#include <variant>

#include "engine/modes/priority_picker.h"
#include "engine/movepick.h"
#include "engine/search_mode.h"

namespace jiang {

class NodePicker {
 public:
  // `pos` is played on and restored by the priority order while it sorts.
  NodePicker(Position& pos, const Histories& histories, const ContinuationTables& continuation, Move hash_move,
             const std::array<Move, 2>& killers, Move counter, MoveOrder order)
      : picker_(order == MoveOrder::Priority
                    ? Picker(std::in_place_type<PriorityPicker>, pos,
                             RememberedMoves{hash_move, killers[0], killers[1], counter})
                    : Picker(std::in_place_type<MovePicker>, pos, histories, continuation, hash_move, killers,
                             counter)) {}

  // The next move, or Move::none(); with skip_quiets, quiet moves not yet returned are skipped.
  Move next(bool skip_quiets = false) {
    if (auto* priority = std::get_if<PriorityPicker>(&picker_)) return priority->next(skip_quiets);
    return std::get_if<MovePicker>(&picker_)->next(skip_quiets);
  }

 private:
  using Picker = std::variant<MovePicker, PriorityPicker>;
  Picker picker_;
};

}  // namespace jiang
