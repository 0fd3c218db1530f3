#include "engine/modes/priority_picker.h"

namespace jiang {

Move PriorityPicker::next(bool skip_quiets) {
  if (stage_ == Stage::Init) {
    MoveList list;
    generate<GenType::All>(pos_, list);
    batch_.clear();
    for (Move m : list) batch_.push(m, priority_score(pos_, m, remembered_));
    stage_ = Stage::Moves;
  }
  if (stage_ == Stage::Moves) {
    while (const auto m = batch_.pop_best())
      if (!skip_quiets || pos_.piece_on(m->move.to()) != NoPiece) return m->move;
    stage_ = Stage::Done;
  }
  return Move::none();
}

}  // namespace jiang
