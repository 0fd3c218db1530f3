// One game between two weight sets, played in-process by the engine's own search, with a referee that
// ends decided games early. Self-play and the tuner's "games" objective share it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "eval/params.h"
#include "movegen/position.h"

namespace jiang {

// How each move is searched. Exactly one of depth and nodes is non-zero; a node limit makes games
// reproducible and independent of the machine's load.
struct MoveLimits {
  int depth = 0;
  uint64_t nodes = 0;
};

// When the referee stops a game before mate.
struct Adjudication {
  int max_plies = 400;              // longer games are drawn
  int win_score = 1000;             // both engines agree one side is this far ahead ...
  int win_plies = 8;                // ... for this many consecutive plies: that side wins
  int draw_score = 10;              // both scores within this of zero ...
  int draw_plies = 20;              // ... for this many plies ...
  int draw_min_ply = 80;            // ... after this ply: a draw
  int repetitions = 3;              // a position occurring this often ends the game (rules.h decides how)
};

enum class GameResult { RedWins, Draw, BlackWins };
// 1, 0.5 or 0: the result from Red's point of view, as training labels use it.
double red_score(GameResult r);

struct PlayedMove {
  Move move;
  int score;            // the mover's search score, from the mover's point of view
  bool capture;
  bool in_check;        // whether the mover was in check before the move
  std::string fen;      // the position before the move
};

struct GameRecord {
  std::string start_fen;
  std::vector<PlayedMove> moves;
  GameResult result = GameResult::Draw;
  std::string reason;   // "mate", "perpetual check", "repetition", "60-move rule", "adjudicated win", ...
};

// Plays one game from `start_fen`: `red` plays Red, `black` Black. Each side has its own engine (own
// transposition table, cleared at the start), searching with `limits`.
GameRecord play_game(const std::string& start_fen, const Params& red, const Params& black, const MoveLimits& limits,
                     const Adjudication& adjudication = {});

}  // namespace jiang
