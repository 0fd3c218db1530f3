#include "tuning/selfplay/game.h"

#include <cstdlib>
#include <stdexcept>

#include "rules/rules.h"
#include "engine/score.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"

namespace jiang {
namespace {

GameResult win_for(Color c) { return c == Red ? GameResult::RedWins : GameResult::BlackWins; }

}  // namespace

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

std::optional<Verdict> referee(const Position& pos, int repetitions, RuleSet rules) {
  const Color us = pos.side_to_move();
  // Mate first: a move that mates wins even if it also completes a repetition or the 60th move.
  MoveList legal;
  generate_legal(pos, legal);
  if (legal.empty()) return Verdict{win_for(~us), pos.in_check() ? "mate" : "no legal move"};
  const Ruling ruling = judge_position(pos, repetitions, rules);
  const std::string reason(reason_text(ruling.reason));
  switch (ruling.end) {
    case GameEnd::None: return std::nullopt;
    case GameEnd::Draw: return Verdict{GameResult::Draw, reason};
    case GameEnd::SideToMoveWins: return Verdict{win_for(us), reason};
    case GameEnd::SideToMoveLoses: return Verdict{win_for(~us), reason};
  }
  return std::nullopt;
}

GamePlayer::GamePlayer(int hash_mb) {
  for (auto& e : engines_) e = std::make_unique<Engine>(hash_mb);
}

GameRecord GamePlayer::play(const std::string& start_fen, const Params& red, const Params& black,
                            const MoveLimits& limits, const Adjudication& adjudication) {
  if ((limits.depth > 0) == (limits.nodes > 0))
    throw std::invalid_argument("play_game: exactly one of depth and nodes must be set");
  const Params* params[kColors] = {&red, &black};
  for (int c = 0; c < kColors; ++c) {
    if (!(engines_[c]->params() == *params[c])) engines_[c]->set_params(*params[c]);
    engines_[c]->new_game();
  }
  SearchLimits search_limits;
  search_limits.depth = limits.depth;
  search_limits.nodes = limits.nodes;
  search_limits.design = design_;

  GameRecord record;
  record.start_fen = start_fen;
  std::vector<std::string> moves;
  int win_streak = 0;   // consecutive plies both engines agreed on a winner: + Red, - Black
  int draw_streak = 0;  // consecutive plies with a score near zero
  Color side = Position::from_fen(start_fen).side_to_move();
  while (true) {
    Engine& engine = *engines_[side];
    engine.set_position(start_fen, moves);  // the whole record, with the check flags the rules need
    const Position& pos = engine.position();

    // The rules first: mate, repetition, the 60-move rule.
    if (const auto verdict = referee(pos, adjudication.repetitions)) {
      record.result = verdict->result;
      record.reason = verdict->reason;
      return record;
    }
    if (int(record.moves.size()) >= adjudication.max_plies) {
      record.result = GameResult::Draw;
      record.reason = "move limit";
      return record;
    }

    if (stop_ && stop_->load()) throw GameAborted();
    const SearchResult r = engine.search(search_limits);
    if (!r.best || !is_legal(pos, r.best))
      throw std::logic_error("the engine answered " + to_string(r.best) + " in " + pos.fen() +
                             ", which is not a legal move");
    record.moves.push_back({r.best, r.score, pos.piece_on(r.best.to()) != NoPiece, pos.in_check(), pos.fen()});
    moves.push_back(to_string(r.best));
    const int ply = int(record.moves.size());

    // A mate the mover's search has proved (for either side) decides the game now, unless the move
    // ended the game by the rules already (a mate delivered is "mate").
    if (is_mate_score(r.score)) {
      Position next = pos;
      next.make_move(r.best);
      next.in_check();
      const auto verdict = referee(next, adjudication.repetitions);
      record.result = verdict ? verdict->result : win_for(r.score > 0 ? side : ~side);
      record.reason = verdict ? verdict->reason : "mate found";
      return record;
    }
    // Both engines agree one side is far ahead, ply after ply: that side wins.
    const int red_view = side == Red ? r.score : -r.score;
    const int sign = red_view >= adjudication.win_score ? 1 : red_view <= -adjudication.win_score ? -1 : 0;
    win_streak = sign == 0 ? 0 : (win_streak * sign > 0 ? win_streak + sign : sign);
    if (std::abs(win_streak) >= adjudication.win_plies) {
      record.result = win_streak > 0 ? GameResult::RedWins : GameResult::BlackWins;
      record.reason = "adjudicated win";
      return record;
    }
    // A long stretch of level scores late in the game: a draw.
    draw_streak = std::abs(r.score) <= adjudication.draw_score ? draw_streak + 1 : 0;
    if (draw_streak >= adjudication.draw_plies && ply >= adjudication.draw_min_ply) {
      record.result = GameResult::Draw;
      record.reason = "adjudicated draw";
      return record;
    }
    side = ~side;
  }
}

GameRecord play_game(const std::string& start_fen, const Params& red, const Params& black, const MoveLimits& limits,
                     const Adjudication& adjudication) {
  GamePlayer player;
  return player.play(start_fen, red, black, limits, adjudication);
}

}  // namespace jiang
