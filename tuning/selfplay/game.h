// One game between two weight sets, played in-process by the engine's own search, refereed by the rules
// (rules/referee.h) and ended early by the score adjudicator (rules/adjudicator.h). Self-play and the tuner's "games" objective share it.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "eval/params.h"
#include "movegen/position.h"
#include "rules/adjudicator.h"
#include "rules/referee.h"

namespace jiang {

// How each move is searched. Exactly one of depth and nodes is non-zero; a node limit makes games
// reproducible and independent of the machine's load.
struct MoveLimits {
  int depth = 0;
  uint64_t nodes = 0;
};

// When a game ends before mate: the scores and the length (the shared adjudicator's rules), and the
// repetition count of the referee.
struct Adjudication {
  // Both sides see one side 1000 cp ahead for 4 moves each in a row: it wins. Both within 10 cp of level
  // for 10 moves each from move 40 on: a draw. A game of 400 plies: a draw.
  AdjudicationRules scores{ResignRule{4, 1000}, DrawRule{40, 10, 10}, 400};
  int repetitions = 3;  // a position occurring this often ends the game (rules.h decides how)
};

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
  std::string reason;   // "mate", "perpetual check", "repetition", "60-move rule", "resign adjudication", ...
};

// Thrown by GamePlayer::play when its stop flag is raised: the game was abandoned unfinished.
class GameAborted : public std::runtime_error {
 public:
  GameAborted() : std::runtime_error("game abandoned") {}
};

// Plays games with two engines that it keeps between games (each engine's table and weights are reset
// for every game), so that a worker playing many games allocates its tables once.
class GamePlayer {
 public:
  // A small table: self-play searches are short, and many players may run at once.
  static constexpr int kDefaultHashMb = 16;

  explicit GamePlayer(int hash_mb = kDefaultHashMb);

  // Plays one game from `start_fen`: `red` plays Red, `black` Black, each with its own engine (own
  // transposition table, cleared at the start), searching with `limits`. Throws FenError for a bad
  // start FEN, std::logic_error if an engine ever answers with an illegal move.
  GameRecord play(const std::string& start_fen, const Params& red, const Params& black, const MoveLimits& limits,
                  const Adjudication& adjudication = {});

  // A flag checked before every move: once it is set, play() abandons its game with GameAborted.
  void set_stop_flag(const std::atomic<bool>* stop) { stop_ = stop; }

  // The engine of one colour, for short searches outside a game (such as vetting a random opening).
  Engine& engine(Color c) { return *engines_[c]; }

  // The search design both engines play with from the next game on (the default: alpha-beta).
  void set_design(const SearchDesign& design) { design_ = design; }

 private:
  std::array<std::unique_ptr<Engine>, kColors> engines_;
  SearchDesign design_;
  const std::atomic<bool>* stop_ = nullptr;
};

// One game with engines made for it; GamePlayer::play.
GameRecord play_game(const std::string& start_fen, const Params& red, const Params& black, const MoveLimits& limits,
                     const Adjudication& adjudication = {});

}  // namespace jiang
