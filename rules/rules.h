// How a game ends other than by mate: repetition, judged by the rule set (perpetual check, then
// perpetual chase, ...), and the 60-move rule. The search (judge_in_search) and the referee of whole
// games (referee.h: self-play, the tuner's games, `jiang match`, `jiang judge`, the GUI) share these rules.
#pragma once

#include <optional>
#include <string_view>

#include "movegen/position.h"

namespace jiang {

// 60 moves by each side (120 plies) without a capture is a draw.
inline constexpr int kQuietPliesDraw = 120;

// Which repetitions lose.
enum class RuleSet {
  Axf,      // Asian rules: perpetual check loses, then perpetual chase of one piece; the rest draws
  Chinese,  // also "one check, one chase" and a perpetual threat of mate (in one) lose
  Draw,     // every repetition is a draw (for a GUI that judges repetitions itself)
};
inline constexpr RuleSet kDefaultRuleSet = RuleSet::Axf;
inline constexpr const char* kRuleSetNames = "axf, chinese, draw";

std::string_view rule_set_name(RuleSet rules);
std::optional<RuleSet> parse_rule_set(std::string_view name);  // any case; nothing for an unknown name

enum class GameEnd { None, Draw, SideToMoveWins, SideToMoveLoses };
// "none", "draw", "stm_wins", "stm_loses": the words of `jiang judge --json`.
std::string_view result_name(GameEnd end);

enum class EndReason {
  None,
  QuietMoves,      // the 60-move rule
  NoLegalMove,     // at the 60th move, a side without a move (mate first)
  Repetition,      // a repetition nobody lost
  PerpetualCheck,
  PerpetualChase,
  CheckAndChase,   // Chinese rules: every move a check or a chase
  MateThreat,      // Chinese rules: every move a check or a threat to mate in one
  NoAttackers,     // neither side has a piece that can cross the river: no mate is possible (referee only)
};
// "60-move rule", "perpetual chase", ...: the words the referee and `jiang judge` report.
std::string_view reason_text(EndReason reason);

struct Ruling {
  GameEnd end = GameEnd::None;
  EndReason reason = EndReason::None;
  // For a lost chase: a piece the loser chased with every move of the cycle (its square now).
  Square chased = NoSquare;
  // For a repetition: how many plies back the cycle began (where the position occurred the counted time).
  int cycle_plies = 0;
};

// Whether other referees may rule this verdict otherwise: the chase rules (perpetual chase, and the
// Chinese rules' additions) are read differently by GUIs and engines (docs/rules.md), while perpetual
// check, mate and the 60-move rule are ruled alike everywhere.
bool contested(const Ruling& ruling);

// Judges the current position by the game record in `pos`. A repetition ends the game once the position
// has occurred `occurrences` times in all (a search asks at the first recurrence, 2, see judge_in_search;
// a referee waits for the third). The moves since the first of those occurrences are the cycle: a side that checked
// with every one of its moves there loses if the other did not; otherwise (under Axf and Chinese rules)
// the cycle is replayed to look for a perpetual chase, which is why it costs nothing until a position
// repeats. The check flags come from the record: positions entered by make_move must have had
// in_check() asked, as the search and Engine::set_position do.
Ruling judge_position(const Position& pos, int occurrences, RuleSet rules = kDefaultRuleSet);

// The ruling a search acts on, `ply` plies below its root: a repetition ends the line at its first
// recurrence (searching on would only repeat), except that a win or loss whose cycle reaches back to
// the root or before waits for the game's own count, the third occurrence: there the offender has not
// yet chosen, inside this search, to go round again, and a mate score would claim a win the game has
// not given. Mate and stalemate are the search's own business (it finds no move).
Ruling judge_in_search(const Position& pos, int ply, RuleSet rules = kDefaultRuleSet);

}  // namespace jiang
