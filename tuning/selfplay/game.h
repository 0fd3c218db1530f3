// One game between two weight sets, played in-process by the engine's own search, with a referee that
// ends decided games early. Self-play and the tuner's "games" objective share it.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "rules/rules.h"
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
// "1-0", "1/2-1/2" or "0-1".
const char* result_string(GameResult r);

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

// The verdict of the rules alone on a position (its record included, as Engine::set_position builds
// it): the side to move has no legal move and loses ("mate" in check, "no legal move" otherwise), a
// repetition judged by `rules` ("perpetual check" or "perpetual chase" loses for the offender,
// "repetition" otherwise draws) or the 60-move rule ("60-move rule"). Nothing while the game goes on.
// Scores and ply counts are play_game's business.
struct Verdict {
  GameResult result;
  std::string reason;
};
std::optional<Verdict> referee(const Position& pos, int repetitions, RuleSet rules = kDefaultRuleSet);

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
