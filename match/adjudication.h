// The words of `jiang match --resign` and `--draw`, read into the rules of the shared score adjudicator
// (rules/adjudicator.h, which self-play uses too). The rules of the game (mate, repetition, the 60-move
// rule) come first and are the referee's (rules/referee.h).
#pragma once

#include <string>
#include <vector>

#include "rules/adjudicator.h"

namespace jiang::match {

// Parses the words of `--resign movecount=N score=S` or `--draw movenumber=N movecount=N score=S`
// (every key required, values whole numbers, counts above 0, scores 0 or more). Throws
// std::invalid_argument naming the bad word.
ResignRule parse_resign_rule(const std::vector<std::string>& words);
DrawRule parse_draw_rule(const std::vector<std::string>& words);

}  // namespace jiang::match
