#include "rules/adjudicator.h"

#include <cstdlib>

namespace jiang {

void Adjudicator::after_move(Color mover, std::optional<int> centipawns, int plies) {
  if (verdict_) return;
  // A move without a score breaks every streak of its side: agreement must be reported, not assumed.
  const int cp = centipawns.value_or(0);
  const auto streak = [&](int& count, bool holds) { count = centipawns && holds ? count + 1 : 0; };
  if (rules_.resign) {
    streak(losing_[mover], cp <= -rules_.resign->score);
    streak(winning_[mover], cp >= rules_.resign->score);
    for (Color loser : {Red, Black}) {
      if (losing_[loser] >= rules_.resign->movecount && winning_[~loser] >= rules_.resign->movecount) {
        verdict_ = Verdict{win_for(~loser), "resign adjudication"};
        return;
      }
    }
  }
  if (rules_.draw) {
    streak(level_[mover], std::abs(cp) <= rules_.draw->score);
    const int count = rules_.draw->movecount;
    if (plies >= 2 * rules_.draw->movenumber && level_[Red] >= count && level_[Black] >= count) {
      verdict_ = Verdict{GameResult::Draw, "draw adjudication"};
      return;
    }
  }
  if (rules_.max_plies > 0 && plies >= rules_.max_plies) verdict_ = Verdict{GameResult::Draw, "max plies"};
}

}  // namespace jiang
