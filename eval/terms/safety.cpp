// General safety: missing advisors and elephants against the enemy pieces that exploit their absence,
// and the squares of one's palace the enemy attacks.
#include "eval/eval_state.h"

namespace jiang {

void add_general_safety(EvalState& state) {
  const Position& pos = state.pos;
  const Weights& w = state.w;
  for (Color c : {Red, Black}) {
    const int missing_advisors = 2 - pos.count(make_piece(c, Advisor));
    const int missing_elephants = 2 - pos.count(make_piece(c, Elephant));
    const int enemy_rooks_horses = pos.count(make_piece(~c, Rook)) + pos.count(make_piece(~c, Horse));
    PhaseValue& safety = state.terms[Safety][c];
    safety -= w.missing_advisor * (missing_advisors * enemy_rooks_horses);
    safety -= w.missing_elephant * (missing_elephants * pos.count(make_piece(~c, Cannon)));
    safety -= w.palace_attack * (state.attacks.side[~c].any() & kPalace[c]).count();
  }
}

}  // namespace jiang
