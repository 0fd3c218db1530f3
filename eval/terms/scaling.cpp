// Game phase (how much of the middlegame values to use) and endgame scaling (how much of the score the
// stronger side keeps when its material cannot force mate).
#include <algorithm>

#include "eval/eval_state.h"

namespace jiang {
namespace {

// Phase weights: rooks count double, the other long-range attackers once; pawns, advisors and
// elephants do not make a middlegame.
constexpr int kRookPhase = 2, kHorsePhase = 1, kCannonPhase = 1;

// Pawns on the enemy's back rank: they can only move sideways.
int old_pawns(const Position& pos, Color c) {
  const Piece pawn = make_piece(c, Pawn);
  int n = 0;
  for (int i = 0; i < pos.count(pawn); ++i) n += rank_of(pos.squares(pawn)[i]) == back_rank(~c);
  return n;
}

}  // namespace

int game_phase(const Position& pos) {
  int phase = 0;
  for (Color c : {Red, Black})
    phase += kRookPhase * pos.count(make_piece(c, Rook)) + kHorsePhase * pos.count(make_piece(c, Horse)) +
             kCannonPhase * pos.count(make_piece(c, Cannon));
  return std::min(phase, Evaluator::kMaxPhase);
}

int draw_scale(const Position& pos, Color strong) {
  constexpr int kDead = 0;     // mate is impossible
  constexpr int kDrawish = 2;  // mate is known not to be forced against these defenders
  const Color weak = ~strong;
  if (pos.attackers(strong) == 0) return kDead;
  const int rooks = pos.count(make_piece(strong, Rook)), horses = pos.count(make_piece(strong, Horse));
  const int cannons = pos.count(make_piece(strong, Cannon)), pawns = pos.count(make_piece(strong, Pawn));
  const int weak_advisors = pos.count(make_piece(weak, Advisor));
  const int weak_elephants = pos.count(make_piece(weak, Elephant));
  const bool only_pawns = rooks + horses + cannons == 0;
  if (only_pawns && old_pawns(pos, strong) == pawns) return kDrawish;  // pawns on the back rank cannot mate
  if (only_pawns && pawns == 1 && weak_advisors + weak_elephants >= 2)
    return kDrawish;  // a lone pawn is stopped by any two defenders
  if (rooks == 0 && horses == 0 && pawns == 0 && cannons == 1) {
    // A lone cannon needs a screen: without advisors of its own it cannot mate at all. With them it beats
    // advisors, but two elephants hold.
    if (pos.count(make_piece(strong, Advisor)) == 0) return kDead;
    if (weak_elephants == 2) return kDrawish;
  }
  if (rooks == 0 && cannons == 0 && pawns == 0 && horses == 1 && weak_advisors == 2)
    return kDrawish;  // a lone horse cannot break two advisors
  if (rooks == 1 && cannons == 0 && pawns == 0 && horses == 0) {
    if (weak_advisors == 2 && weak_elephants == 2) return kDrawish;  // nor a lone rook full defenders
    if (weak_advisors == 2 && pos.count(make_piece(weak, Cannon)) >= 1)
      return kDrawish;  // a cannon behind two advisors holds a rook
  }
  return Evaluator::kScaleNormal;
}

}  // namespace jiang
