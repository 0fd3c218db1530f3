#include "engine/rules.h"

#include <algorithm>

#include "movegen/movegen.h"

namespace jiang {

GameEnd rule_outcome(const Position& pos, int occurrences) {
  // A mate on the last ply still counts: the 60-move rule draws only a side that has a move.
  if (pos.quiet_plies() >= kQuietPliesDraw) return has_legal_move(pos) ? GameEnd::Draw : GameEnd::SideToMoveLoses;
  // A capture resets quiet_plies, and nothing before a capture can repeat what follows it.
  const int window = std::min<int>(pos.quiet_plies(), pos.plies_played());
  bool opponent_always_checked = pos.in_check();  // the opponent's last move gave check
  bool we_always_checked = true;
  int seen = 1;
  for (int k = 1; k <= window; ++k) {
    const Position::Undo& u = pos.undo_at(k);
    if (!u.move) break;  // a null move: the position before it was not really reached
    const bool checked = u.check == 1;
    if (k % 2 == 1) {
      we_always_checked &= checked;  // a position with the opponent to move: did our move give check?
      continue;
    }
    if (k >= 4 && u.key == pos.key() && ++seen == occurrences) {
      if (opponent_always_checked && !we_always_checked) return GameEnd::SideToMoveWins;
      if (we_always_checked && !opponent_always_checked) return GameEnd::SideToMoveLoses;
      return GameEnd::Draw;
    }
    opponent_always_checked &= checked;
  }
  return GameEnd::None;
}

}  // namespace jiang
