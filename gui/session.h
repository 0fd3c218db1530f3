// One page's game and its engines: the moves, who plays each side, the clocks, the ruling when the game
// ends, analysis and the evaluation graph. Every change is checked with jiang's own FEN and move parsers
// and rules, and a bad request changes nothing (ApiError). The page learns of changes through
// `next_event` (the server's event stream); each request also answers with the new state.
#pragma once

#include <array>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gui/engine_catalog.h"
#include "gui/engine_driver.h"
#include "gui/game_clock.h"
#include "gui/game_line.h"
#include "rules/rules.h"

namespace jiang::gui {

// A request the session refuses: the HTTP status and a message for the page.
struct ApiError {
  int status = 400;
  std::string message;
};

using Json = nlohmann::json;
using SteadyClock = std::chrono::steady_clock;

// The bounds a session keeps to.
struct SessionLimits {
  std::chrono::seconds max_analysis{600};  // an analysis stops by itself after this long
  uint64_t graph_nodes = 20000;            // the evaluation graph's quick look at each position
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(std::string id, std::shared_ptr<const EngineCatalog> engines, SessionLimits limits);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  const std::string& id() const { return id_; }

  // The requests of the API. Each answers with the state (state()) or throws ApiError, changing nothing.
  Json state();
  Json new_game(const Json& request);   // {fen?, red?, black?, base_ms?, increment_ms?, movetime_ms?, level?|elo?, rules?}
  Json play(const Json& request);       // {move: "h2e2"}
  Json go_to(const Json& request);      // {ply}
  Json take_back();
  Json resign();
  Json set_analysis(const Json& request);  // {on, multipv?, engine?}
  Json start_graph();
  Json load(const Json& request);       // {text}: PGN or an ICCS move list
  std::string pgn();
  std::string svg(bool flip);

  // The event stream: the next event after those already sent (state, analysis, graph), as SSE text,
  // or empty after `wait` with nothing new. `stream` is attach_stream()'s number: a newer stream ends
  // the older (an empty optional tells it to close).
  std::optional<std::string> next_event(int stream, std::chrono::milliseconds wait);
  int attach_stream();
  // The stream's connection closed (the tab was closed or reloaded): the engines stop.
  void detach_stream(int stream);

  // Called about ten times a second: a fallen flag ends the game, an analysis that ran too long stops.
  void tick(SteadyClock::time_point now);
  // Whether nothing has asked for the session for `idle` and no stream is attached.
  bool abandoned(SteadyClock::time_point now, std::chrono::seconds idle) const;
  bool has_stream() const;
  SteadyClock::time_point last_used() const;
  // Stops every engine; the session is about to be dropped.
  void close();

 private:
  struct Settings {
    std::array<std::string, 2> players;  // "" for a person, else an engine's name
    int64_t base_ms = 0, increment_ms = 0;
    int64_t movetime_ms = 1000;  // an engine's time for a move without clocks
    double level = 20;           // jiang's Skill Level (UCI_Elo maps onto it)
    RuleSet rules = kDefaultRuleSet;
  };
  struct Outcome {
    std::string result;  // "1-0", "0-1", "1/2-1/2"
    std::string reason;  // "mate", "perpetual chase", "resignation", "time forfeit", ...
    std::string text;    // "Red wins: mate"
  };
  struct Analysis {
    bool on = false;
    int multipv = 1;
    std::string engine = kBuiltinEngine;
    SteadyClock::time_point started;
  };
  using Lock = std::unique_lock<std::mutex>;

  Json state_locked() const;
  // The end of every request that changed something: the engines rescheduled, the stream told, the
  // state answered.
  Json after_change();
  void touch();
  void changed();  // the state changed: the stream sends it
  // After every change: the jobs of before are dropped, and the engine to move or the analysis starts.
  void schedule();
  EngineDriver& driver(const std::string& engine);
  void start_play(Color side);
  void start_analysis();
  void on_line(uint64_t generation, const Position& pos, const EngineLine& line);
  void on_engine_move(uint64_t generation, const std::string& engine, const std::string& move, bool stopped);
  void on_analysis_end(uint64_t generation, const std::string& engine);
  void on_graph_point(uint64_t generation, int ply, std::optional<int> red_cp);
  // Plays a checked move at the end of the game: clocks, notation, and the rules' ruling.
  void play_at_end(Move m);
  void judge_end();
  void end_game(std::optional<Color> winner, const std::string& reason);
  bool engine_plays() const;
  Json analysis_json() const;

  const std::string id_;
  const std::shared_ptr<const EngineCatalog> engines_;
  const SessionLimits limits_;

  mutable std::mutex mutex_;
  std::condition_variable changed_cv_;
  GameLine game_;
  int view_ = 0;  // the ply shown (and analysed)
  Settings settings_;
  std::optional<Outcome> outcome_;
  GameClock clock_;
  Analysis analysis_;
  std::string busy_;  // "thinking", "analysing", "graph" or empty
  std::string engine_error_;
  uint64_t generation_ = 0;  // of the engine jobs: a stale job's reports are dropped
  std::map<int, Json> lines_;  // the analysis's lines by rank
  int lines_ply_ = 0;
  std::string lines_engine_;
  std::vector<std::optional<int>> graph_;  // Red's score after each ply (ply 0: the start)
  uint64_t state_version_ = 1, analysis_version_ = 0, graph_version_ = 0;
  std::map<std::string, std::unique_ptr<EngineDriver>> drivers_;
  uint64_t sent_state_ = 0, sent_analysis_ = 0, sent_graph_ = 0;  // what the stream has been sent
  SteadyClock::time_point analysis_sent_at_;
  int stream_ = 0;          // the attached stream's number
  bool stream_attached_ = false;
  SteadyClock::time_point last_used_;
  bool closed_ = false;
};

}  // namespace jiang::gui
