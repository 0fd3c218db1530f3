// The engine API the protocols, bench, self-play and tests drive: a game position, options, and a
// search that runs on its own thread and reports through callbacks.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/thread_memory.h"
#include "engine/limits.h"
#include "engine/score.h"
#include "engine/search_types.h"
#include "engine/tt.h"
#include "eval/evaluate.h"
#include "movegen/position.h"

namespace jiang {

// Thrown by Engine::set_position when a move is malformed or illegal; the position is unchanged.
class MoveError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The position reached by playing `moves` (ICCS strings) from `fen`, its record carrying the check flags
// the repetition rules read. Throws FenError or MoveError (naming the first bad move).
Position play_moves(std::string_view fen, const std::vector<std::string>& moves);

class Engine {
 public:
  static constexpr int kDefaultHashMb = 64;
  static constexpr int kMaxHashMb = 65536;
  static constexpr int kMaxThreads = 64;

  // hash_mb: the transposition table's size (clamped to 1..kMaxHashMb); engines that play many short
  // games side by side (self-play) start small rather than allocate the default and shrink.
  explicit Engine(int hash_mb = kDefaultHashMb);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Options. Each waits for a running search to finish first.
  void set_hash_mb(int mb);
  int hash_mb() const;  // the table's size as set (after clamping)
  void set_params(const Params& params);
  const Params& params() const { return evaluator_->params(); }
  void new_game();  // clears the transposition table and what the searches learnt about moves
  // Threads for go(): helpers share the table (lazy SMP). search() always uses one thread, so that
  // bench and self-play stay deterministic.
  void set_threads(int threads);
  int threads() const { return threads_; }

  // The position: a start FEN and the moves played from it (the protocols' "position" command).
  // Throws FenError or MoveError, leaving the current position unchanged.
  void set_position(std::string_view fen, const std::vector<std::string>& moves);
  // A position with its record as play_moves builds it (each position's in_check() asked): for a caller
  // that plays a whole game and keeps the position itself (self-play).
  void set_position(const Position& pos) { position_ = pos; }
  const Position& position() const { return position_; }

  // Starts searching the current position on a worker thread. The result is delivered through
  // on_done exactly once; while pondering or in infinite mode it waits for stop() or ponderhit().
  void go(const SearchLimits& limits, SearchCallbacks callbacks);
  void stop();          // returns at once; the search ends within a few milliseconds
  void ponderhit();     // the expected move was played: switch from pondering to the clock
  void wait();          // until the current search (if any) has delivered its result
  bool searching() const { return worker_.joinable() && !finished_; }

  // Searches synchronously on the calling thread (bench, self-play, tests).
  SearchResult search(const SearchLimits& limits, const SearchCallbacks& callbacks = {});
  // The transposition table's entry for the current position, for UCCI "probe".
  std::optional<TTEntry> probe() const;

 private:
  Position position_;
  std::shared_ptr<const Evaluator> evaluator_;
  TranspositionTable tt_;
  // What each search thread (the main one first) learnt, kept from move to move of a game.
  std::vector<std::unique_ptr<ThreadMemory>> memory_;
  int threads_ = 1;
  std::thread worker_;
  std::atomic<bool> finished_{true};
  struct SharedControl;
  std::shared_ptr<SharedControl> control_;  // stop / ponderhit signals of the running search
  std::mt19937_64 skill_seeds_{std::random_device{}()};  // a new random error for each weakened search

  // The limits a search obeys (the skill level's caps) and its skill seed, drawn if not given.
  SearchLimits effective_limits(const SearchLimits& limits);
};

}  // namespace jiang
