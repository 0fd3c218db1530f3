// The text protocols over the Engine API. `jiang` with no subcommand reads commands on stdin; the first
// one picks the protocol (UCCI or UCI) and everything after goes to that protocol's session.
//
// Threads: the main thread reads stdin and answers commands; the engine's worker thread searches and
// writes `info` and `bestmove` lines through its callbacks. Both write through one Output, which writes
// whole lines under a mutex and flushes each (GUIs read pipes). The main thread never waits for the
// search while holding that mutex, so the worker can always finish its last line.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "engine/protocol/options.h"
#include "engine/protocol/own_book.h"

namespace jiang::protocol {

// Whole lines to a stream, each flushed at once, from any thread.
class Output {
 public:
  explicit Output(std::ostream& out) : out_(out) {}
  void line(std::string_view text);
  std::mutex& mutex() { return mutex_; }
  void line_locked(std::string_view text);  // the caller holds mutex()

 private:
  std::ostream& out_;
  std::mutex mutex_;
};

// A command the session cannot carry out as given; the message goes to the GUI as `info string ...`
// and nothing has changed.
class CommandError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// --- Parsing helpers -------------------------------------------------------------------------------

std::vector<std::string> split_words(std::string_view line);
// The raw text after the first `words` whitespace-separated words of the line, without surrounding
// blanks (a file name may contain spaces).
std::string rest_of_line(std::string_view line, size_t words);
std::string to_lower(std::string_view text);
bool iequals(std::string_view a, std::string_view b);
// A whole decimal integer in [min, max], or nothing.
std::optional<int64_t> parse_int(std::string_view text, int64_t min, int64_t max);
// A whole decimal number (a fraction allowed, e.g. "12.5"), finite, or nothing.
std::optional<double> parse_decimal(std::string_view text);
// "true" or "false", any case.
std::optional<bool> parse_bool(std::string_view text);
// An option's whole-number value in [min, max]; throws CommandError naming the option (and the unit,
// such as " (ms)") otherwise.
int64_t option_int(std::string_view value, int64_t min, int64_t max, std::string_view option,
                   std::string_view unit = "");
// An option's true or false; throws CommandError naming the option otherwise.
bool option_bool(std::string_view value, std::string_view option);

// What a `position` (or UCCI `probe`) command asks for: {startpos | fen F...} [moves m1 m2 ...].
struct PositionSpec {
  std::string fen;
  std::vector<std::string> moves;
};
// Parses the words after the command name. Throws CommandError for a missing or unknown keyword;
// says nothing about whether the FEN or the moves are valid (set_position finds that out).
PositionSpec parse_position_args(const std::vector<std::string>& args);

// --- Sessions ---------------------------------------------------------------------------------------

// What UCCI and UCI share: the engine, the output, the position as the GUI gave it, and the running
// search (started, stopped, answered). The protocols differ in their words and formats.
class Session {
 public:
  Session(Engine& engine, Output& out);
  virtual ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  virtual void greet() = 0;  // the answer to the protocol's opening command (ucci / uci)
  // One command line that is not blank. Returns false when the session is over (quit).
  bool handle(std::string_view line);
  // An option set from the command line (`jiang --setoption NAME=VALUE`): NAME is either protocol's
  // name for it, in any case. Throws CommandError for an unknown option or a bad value, changing nothing.
  void apply_option(std::string_view name, std::string_view value);
  // Stops a running search and waits until its bestmove is written. Called at quit and end of input;
  // each derived class also calls it in its destructor, before its formatting functions go away.
  void finish();

 protected:
  // A command's handler, given its words (words[0] is the command) and the raw line; throws
  // CommandError. Returns false after quit. The session has isready, position, stop and quit; each
  // protocol adds its own commands and says through the hooks below what it says differently.
  using Command = std::function<bool(const std::vector<std::string>& words, std::string_view line)>;
  void add_command(std::string name, Command command) { commands_.emplace_back(std::move(name), std::move(command)); }
  static std::vector<std::string> arguments(const std::vector<std::string>& words) { return {words.begin() + 1, words.end()}; }
  virtual void after_position() {}        // a new position from `position` (UCCI forgets its banmoves)
  virtual void stop_without_search() {}   // `stop` with nothing running (UCCI answers nobestmove)
  virtual void before_quit() {}           // the last word before the process ends (UCCI says bye)
  virtual std::string info_line(const SearchInfo& info) const = 0;  // empty: write nothing
  // `result` with its root position (the position may have changed since `go`).
  virtual std::string bestmove_line(const SearchResult& result, const Position& root, bool draw_offered) const = 0;

  // The options' handshake lines in the protocol's format, and `setoption` for the option the protocol
  // calls `name`: throws CommandError for an unknown option, a missing value (has_value false, for any
  // option but a button) or a bad one.
  void declare_options(bool uci);
  void set_option(std::string_view name, std::string_view value, bool has_value, bool uci);
  void add_option(OptionSpec option) { options_.push_back(std::move(option)); }

  void report(std::string_view message);  // `info string <message>`
  void say(std::string_view text) { out_.line(text); }

  // Sets the engine's position (and remembers how, for probe); throws CommandError, leaving the old one.
  void set_position(const PositionSpec& spec);
  // Parses moves that must each be legal in the current position; throws CommandError naming the first bad one.
  std::vector<Move> parse_legal_moves(const std::vector<std::string>& texts) const;
  // " wdl W D L" for `score` when asked for, else nothing; " pv M1 M2 ..." for a line, nothing for none.
  std::string wdl_words(Score score) const;
  static std::string pv_words(const std::vector<Move>& pv);
  // The result's ponder move if it is legal after the best move, else none (GUIs reject bad ones).
  static Move checked_ponder(const SearchResult& result, const Position& root);

  // Starts a search, or answers at once with a book move (own_book_). A running search is stopped
  // first, and its bestmove is written before this returns.
  void start_search(const SearchLimits& limits, bool draw_offered);
  // Asks the running search to stop and returns at once; false if no search was running.
  bool stop_search();
  void ponderhit(bool draw_offered);
  bool search_active();
  // Throws CommandError if a search is running: for options the engine applies only between searches
  // (it would wait for the search, and an infinite or pondering one never ends by itself).
  void require_idle(std::string_view what);

  Engine& engine_;
  Output& out_;
  PositionSpec position_{std::string(kStartFen), {}};
  bool ponder_ = false;  // the GUI's Ponder option: accepted and remembered; pondering follows `go ponder`

 private:
  // The options' setters, called by the option table (add_shared_options).
  // Engine::set_hash_mb, reporting a table too large for the memory (the old table stays).
  void set_hash_mb(int64_t mb);
  void set_threads(int threads);  // Engine::set_threads, between searches only
  // Milliseconds of the clock never planned on (lost to process switches and adapters); throws
  // CommandError, naming the option, for a value out of range.
  void set_move_overhead(std::string_view value, std::string_view option);
  // Which repetitions lose (axf, chinese or draw) in the searches to come; throws CommandError, naming
  // the option, for an unknown rule set.
  void set_repetition_rule(std::string_view value, std::string_view option);
  // How many principal variations go() finds and reports (1..kMaxMultiPv); throws CommandError.
  void set_multipv(std::string_view value, std::string_view option);
  // Weaker play: the skill level (0..kMaxSkillLevel), whether an Elo limits the strength instead, and
  // that Elo. Each throws CommandError, naming the option, for a bad value.
  void set_skill_level(std::string_view value, std::string_view option);
  void set_limit_strength(std::string_view value, std::string_view option);
  void set_elo(std::string_view value, std::string_view option);
  // Whether info lines carry the score's win/draw/loss chances (UCI_ShowWDL); throws CommandError.
  void set_show_wdl(std::string_view value, std::string_view option);
  // Loads a weights file and gives it to the engine; an empty path (or UCI's "<empty>") means the
  // compiled-in defaults. Throws CommandError, keeping the old weights.
  void load_weights(std::string path);
  // The own book's options (engine/protocol/own_book.h); each throws CommandError, naming the option, for
  // a bad value, and keeps the current setting. A book file that cannot be read keeps the current book.
  void set_own_book(std::string_view value, std::string_view option);
  void set_book_file(std::string path, std::string_view option);
  void set_book_depth(std::string_view value, std::string_view option);
  void set_book_variety(std::string_view value, std::string_view option);
  // Writes a book move's answer to `go`: an info line, the move's games as an info string, bestmove.
  void answer_from_book(const book::BookEntry& entry);

  // One search's own state, shared with its callbacks.
  struct Run {
    Position root;
    bool pondering = false;
    bool draw_offered = false;  // guarded by the output mutex
  };
  int64_t move_overhead_ms_ = kDefaultMoveOverheadMs;
  RuleSet rules_ = kDefaultRuleSet;
  int multipv_ = 1;
  bool show_wdl_ = false;
  std::vector<OptionSpec> options_;
  std::vector<std::pair<std::string, Command>> commands_;
  void add_shared_commands();
  void add_shared_options();  // the options both protocols have, in the order UCI GUIs list them
  // The search design's options (engine/protocol/design_options.cpp): mode, move order and the modes'
  // parameters, after the shared ones.
  void add_design_options();
  // Which search and move order answer `go`; each throws CommandError, naming the option, for an
  // unknown name and keeps the current choice.
  void set_search_mode(std::string_view value, std::string_view option);
  void set_move_order(std::string_view value, std::string_view option);
  // The best-first search's options (engine/protocol/best_first_options.cpp): voting and the tree's size.
  void add_best_first_options();
  SearchDesign design_;
  // The strength options as the GUI set them: the Elo rules when `limited` (UCI's convention).
  struct Strength {
    int level = kMaxSkillLevel;
    bool limited = false;
    int elo = kMaxSkillElo;
    Skill skill() const;
  } strength_;
  OwnBook own_book_;
  std::shared_ptr<Run> run_;   // the latest search (guarded by the output mutex)
  bool active_ = false;        // a search is running and has not written its bestmove yet (same mutex)
};

// Options given on the command line, (name, value) in order: applied to each session as it starts,
// before its greeting (which declares them as the defaults) and the GUI's own setoption commands
// (which may change them again).
using StartupOptions = std::vector<std::pair<std::string, std::string>>;

// Checks startup options against the option table (either protocol's names) without a GUI: returns the
// first problem ("NAME: why"), or an empty string when all of them can be set.
std::string check_startup_options(Engine& engine, const StartupOptions& options);

// Reads commands from `in` until quit or the end of input; returns the process exit code.
int run_protocol_loop(std::istream& in, std::ostream& out, Engine& engine, const StartupOptions& options = {});

}  // namespace jiang::protocol
