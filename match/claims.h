// How the referee judges a result an XBoard engine claims (`1-0 {...}`, `0-1`, `1/2-1/2`), never taking
// the claimant's word. A claim stands when the rules end the game there (the referee's verdict, whatever
// was claimed, is the result); a claim of one's own loss is a resignation; and a draw claim also
// stands where XBoard accepts one from an engine (its -testClaims): 50 moves without a capture, checks
// and the answers to them not counted. Anything else is a false claim, lost by the claimant.
#pragma once

#include <optional>
#include <string>

#include "match/engine_client_base.h"
#include "movegen/position.h"

namespace jiang::match {

// Plies towards XBoard's 50-move claim in Xiangqi: since the last capture (the FEN's count included),
// less every position in check and every position just after one.
int xboard_rule_plies(const Position& pos);
// XBoard accepts a draw claim from this many such plies (50 moves each side).
inline constexpr int kXboardRulePlies = 100;

struct ClaimRuling {
  enum class Kind { Verdict, Concession, RuleDraw, False };
  Kind kind = Kind::False;
  GameResult result = GameResult::Draw;
  std::string reason;  // Verdict: the referee's; RuleDraw: "50-move claim"
};

// Judges `claim` by `claimant` in `pos` (with its record); `before` is the position before the
// claimant's move when it claimed with a move (a draw claim may be about either).
ClaimRuling judge_claim(const Claim& claim, Color claimant, const Position& pos, const Position* before);

}  // namespace jiang::match
