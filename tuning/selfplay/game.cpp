#include "tuning/selfplay/game.h"

#include <stdexcept>

#include "engine/score.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"

namespace jiang {

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
  Position pos = Position::from_fen(start_fen);
  pos.in_check();  // every position's check flag is kept in the record: the repetition rules read them
  Adjudicator adjudicator(adjudication.scores);
  while (true) {
    // The rules first (mate, repetition, the 60-move rule), then the scores and the length.
    std::optional<Verdict> verdict = referee(pos, adjudication.repetitions);
    if (!verdict) verdict = adjudicator.verdict();
    if (verdict) {
      record.result = verdict->result;
      record.reason = verdict->reason;
      return record;
    }

    if (stop_ && stop_->load()) throw GameAborted();
    const Color mover = pos.side_to_move();
    Engine& engine = *engines_[mover];
    engine.set_position(pos);
    const SearchResult r = engine.search(search_limits);
    if (!r.best || !is_legal(pos, r.best))
      throw std::logic_error("the engine answered " + to_string(r.best) + " in " + pos.fen() +
                             ", which is not a legal move");
    record.moves.push_back({r.best, r.score, pos.piece_on(r.best.to()) != NoPiece, pos.in_check(), pos.fen()});
    pos.make_move(r.best);
    pos.in_check();

    // A mate the mover's search has proved (for either side) decides the game now, unless the move
    // ended the game by the rules already (a mate delivered is "mate").
    if (is_mate_score(r.score)) {
      const auto ruled = referee(pos, adjudication.repetitions);
      record.result = ruled ? ruled->result : win_for(r.score > 0 ? mover : ~mover);
      record.reason = ruled ? ruled->reason : "mate found";
      return record;
    }
    adjudicator.after_move(mover, r.score, int(record.moves.size()));
  }
}

GameRecord play_game(const std::string& start_fen, const Params& red, const Params& black, const MoveLimits& limits,
                     const Adjudication& adjudication) {
  GamePlayer player;
  return player.play(start_fen, red, black, limits, adjudication);
}

}  // namespace jiang
