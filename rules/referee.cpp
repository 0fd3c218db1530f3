#include "rules/referee.h"

#include "movegen/movegen.h"

namespace jiang {

GameResult win_for(Color c) { return c == Red ? GameResult::RedWins : GameResult::BlackWins; }

double red_score(GameResult r) {
  switch (r) {
    case GameResult::RedWins: return 1.0;
    case GameResult::Draw: return 0.5;
    case GameResult::BlackWins: return 0.0;
  }
  return 0.5;
}

const char* result_string(GameResult r) {
  switch (r) {
    case GameResult::RedWins: return "1-0";
    case GameResult::Draw: return "1/2-1/2";
    case GameResult::BlackWins: return "0-1";
  }
  return "1/2-1/2";
}

std::optional<GameResult> parse_game_result(std::string_view text) {
  for (GameResult r : {GameResult::RedWins, GameResult::Draw, GameResult::BlackWins})
    if (text == result_string(r)) return r;
  return std::nullopt;
}

Ruling referee_ruling(const Position& pos, int occurrences, RuleSet rules) {
  // Mate first: a move that mates wins even if it also completes a repetition or the 60th move.
  if (!has_legal_move(pos)) return {GameEnd::SideToMoveLoses, EndReason::NoLegalMove};
  // Generals, advisors and elephants alone on both sides: no check is possible, so no mate. XBoard's
  // material adjudication (MatingPotential in backend.c) and fairy-stockfish's has_insufficient_material
  // call it a draw too, and more besides.
  if (pos.attackers(Red) == 0 && pos.attackers(Black) == 0) return {GameEnd::Draw, EndReason::NoAttackers};
  return judge_position(pos, occurrences, rules);
}

std::string ruling_words(const Position& pos, const Ruling& ruling) {
  if (ruling.reason == EndReason::NoLegalMove && pos.in_check()) return "mate";
  return std::string(reason_text(ruling.reason));
}

std::optional<Verdict> referee(const Position& pos, int repetitions, RuleSet rules) {
  const Ruling ruling = referee_ruling(pos, repetitions, rules);
  const Color us = pos.side_to_move();
  switch (ruling.end) {
    case GameEnd::None: return std::nullopt;
    case GameEnd::Draw: return Verdict{GameResult::Draw, ruling_words(pos, ruling)};
    case GameEnd::SideToMoveWins: return Verdict{win_for(us), ruling_words(pos, ruling)};
    case GameEnd::SideToMoveLoses: return Verdict{win_for(~us), ruling_words(pos, ruling)};
  }
  return std::nullopt;
}

}  // namespace jiang
