#include "match/claims.h"

namespace jiang::match {
namespace {

// As game.cpp's referee: a position seen for the third time ends the game.
constexpr int kRepetitions = 3;

bool checked_at(const Position& pos, int plies_ago) {
  return plies_ago == 0 ? pos.in_check() : pos.undo_at(plies_ago).check == 1;
}

bool rule_draw(const Position& pos) { return xboard_rule_plies(pos) >= kXboardRulePlies; }

}  // namespace

int xboard_rule_plies(const Position& pos) {
  const int quiet = pos.quiet_plies();
  // The record reaches back over the game's moves only; plies before them (the FEN's count) count whole.
  const int known = std::min(quiet, pos.plies_played());
  int count = quiet;
  for (int ago = 0; ago <= known; ++ago) {
    const bool in_check = checked_at(pos, ago);
    const bool after_check = ago < known && checked_at(pos, ago + 1);
    if (in_check || after_check) --count;
  }
  return count;
}

ClaimRuling judge_claim(const Claim& claim, Color claimant, const Position& pos, const Position* before) {
  if (const auto verdict = referee(pos, kRepetitions))
    return {ClaimRuling::Kind::Verdict, verdict->result, verdict->reason};
  if (claim.result == win_for(~claimant)) return {ClaimRuling::Kind::Concession, claim.result, "resignation"};
  if (claim.result == GameResult::Draw && (rule_draw(pos) || (before && rule_draw(*before))))
    return {ClaimRuling::Kind::RuleDraw, GameResult::Draw, "50-move claim"};
  return {};
}

}  // namespace jiang::match
