#include "rules/rules.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "rules/chase.h"
#include "movegen/movegen.h"

namespace jiang {

std::string_view rule_set_name(RuleSet rules) {
  switch (rules) {
    case RuleSet::Axf: return "axf";
    case RuleSet::Chinese: return "chinese";
    case RuleSet::Draw: return "draw";
  }
  return "axf";
}

std::optional<RuleSet> parse_rule_set(std::string_view name) {
  std::string lower(name);
  for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
  for (RuleSet rules : {RuleSet::Axf, RuleSet::Chinese, RuleSet::Draw})
    if (lower == rule_set_name(rules)) return rules;
  return std::nullopt;
}

std::string_view result_name(GameEnd end) {
  switch (end) {
    case GameEnd::None: return "none";
    case GameEnd::Draw: return "draw";
    case GameEnd::SideToMoveWins: return "stm_wins";
    case GameEnd::SideToMoveLoses: return "stm_loses";
  }
  return "none";
}

std::string_view reason_text(EndReason reason) {
  switch (reason) {
    case EndReason::None: return "none";
    case EndReason::QuietMoves: return "60-move rule";
    case EndReason::NoLegalMove: return "no legal move";
    case EndReason::Repetition: return "repetition";
    case EndReason::PerpetualCheck: return "perpetual check";
    case EndReason::PerpetualChase: return "perpetual chase";
    case EndReason::CheckAndChase: return "one check one chase";
    case EndReason::MateThreat: return "perpetual mate threat";
    case EndReason::NoAttackers: return "insufficient material";
  }
  return "none";
}

bool contested(const Ruling& ruling) {
  return ruling.reason == EndReason::PerpetualChase || ruling.reason == EndReason::CheckAndChase ||
         ruling.reason == EndReason::MateThreat;
}

namespace {

// A repetition found in the record: how many plies back the position occurred the counted time, and
// whether each side gave check with every one of its moves since.
struct Cycle {
  int plies = 0;
  bool we_always_checked = true;
  bool they_always_checked = true;
};

std::optional<Cycle> find_repetition(const Position& pos, int occurrences) {
  // A capture resets quiet_plies, and nothing before a capture can repeat what follows it.
  const int window = std::min<int>(pos.quiet_plies(), pos.plies_played());
  Cycle cycle;
  cycle.they_always_checked = pos.in_check();  // the opponent's last move gave check
  int seen = 1;
  for (int k = 1; k <= window; ++k) {
    const Position::Undo& u = pos.undo_at(k);
    if (!u.move) break;  // a null move: the position before it was not really reached
    const bool checked = u.check == 1;
    if (k % 2 == 1) {
      cycle.we_always_checked &= checked;  // a position with the opponent to move: did our move give check?
      continue;
    }
    if (k >= 4 && u.key == pos.key() && ++seen == occurrences) {
      cycle.plies = k;
      return cycle;
    }
    cycle.they_always_checked &= checked;
  }
  return std::nullopt;
}

// How badly a side broke the rules in a cycle where neither side checked with every move. Of two sides,
// the one with the worse offence loses; equal offences draw.
enum class Offence { None, MateThreat, Chase, ChaseOfHeldRook };

Offence offence(const CycleConduct& c, RuleSet rules) {
  if (c.held_rook_chased != NoSquare) return Offence::ChaseOfHeldRook;
  if (!c.chased_throughout.empty()) return Offence::Chase;
  if (rules != RuleSet::Chinese) return Offence::None;
  if (c.each_move_checked_or_chased && c.some_move_checked && c.some_move_chased) return Offence::Chase;
  return c.always_threatened_mate ? Offence::MateThreat : Offence::None;
}

EndReason reason_for(Offence o, const CycleConduct& c) {
  if (o == Offence::MateThreat) return EndReason::MateThreat;
  return c.chased_throughout.empty() ? EndReason::CheckAndChase : EndReason::PerpetualChase;
}

Ruling judge_cycle(const Position& pos, const Cycle& cycle, RuleSet rules) {
  if (rules == RuleSet::Draw) return {GameEnd::Draw, EndReason::Repetition};
  // Perpetual check is judged first, from the record's check flags alone.
  if (cycle.they_always_checked != cycle.we_always_checked)
    return {cycle.they_always_checked ? GameEnd::SideToMoveWins : GameEnd::SideToMoveLoses,
            EndReason::PerpetualCheck};
  if (cycle.we_always_checked) return {GameEnd::Draw, EndReason::Repetition};
  const Color us = pos.side_to_move();
  const auto conduct = review_cycle(pos, cycle.plies, rules == RuleSet::Chinese);
  const Offence ours = offence(conduct[us], rules), theirs = offence(conduct[~us], rules);
  if (ours == theirs) return {GameEnd::Draw, EndReason::Repetition};
  const Color loser = ours > theirs ? us : ~us;
  const CycleConduct& offender = conduct[loser];
  SquareSet victims = offender.chased_throughout;
  const Square victim = offender.held_rook_chased != NoSquare ? offender.held_rook_chased
                        : victims.empty()                     ? NoSquare
                                                              : victims.pop_first();
  return {loser == us ? GameEnd::SideToMoveLoses : GameEnd::SideToMoveWins, reason_for(std::max(ours, theirs), offender),
          victim};
}

}  // namespace

Ruling judge_position(const Position& pos, int occurrences, RuleSet rules) {
  // A mate on the last ply still counts: the 60-move rule draws only a side that has a move.
  if (pos.quiet_plies() >= kQuietPliesDraw)
    return has_legal_move(pos) ? Ruling{GameEnd::Draw, EndReason::QuietMoves}
                               : Ruling{GameEnd::SideToMoveLoses, EndReason::NoLegalMove};
  if (const auto cycle = find_repetition(pos, occurrences)) {
    Ruling ruling = judge_cycle(pos, *cycle, rules);
    ruling.cycle_plies = cycle->plies;
    return ruling;
  }
  return {};
}

Ruling judge_in_search(const Position& pos, int ply, RuleSet rules) {
  const Ruling first = judge_position(pos, 2, rules);
  const bool decisive = first.end == GameEnd::SideToMoveWins || first.end == GameEnd::SideToMoveLoses;
  if (decisive && first.reason != EndReason::NoLegalMove && first.cycle_plies >= ply)
    return judge_position(pos, 3, rules);
  return first;
}

}  // namespace jiang
