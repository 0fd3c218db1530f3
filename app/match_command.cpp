#include "app/match_command.h"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "games/openings.h"
#include "match/adjudication.h"
#include "match/runner.h"
#include "tuning/tuner/weights_match.h"
#include "util/threads.h"

namespace jiang {
namespace {

using match::MatchSettings;

// What a sliver of a second more or less costs nobody, and what pipes and the scheduler of a busy
// machine may add to an engine's move: the clock's tolerance.
constexpr int kDefaultTimeMarginMs = 150;
// Under a node or depth limit an engine has no clock; this long without a move is a hang.
constexpr double kDefaultHangTimeoutS = 60;

struct MatchCli {
  int games = 200;
  int depth = 0;
  uint64_t nodes = 0;
  std::string openings;
  int threads = default_threads();
  // in-process weight sets
  std::string weights, baseline;
  // engine programs
  std::vector<std::string> engines;
  std::string tc, pgn, log, sprt;
  double alpha = 0.05, beta = 0.05;
  int time_margin_ms = kDefaultTimeMarginMs;
  double hang_timeout_s = kDefaultHangTimeoutS;
  std::vector<std::string> resign, draw;
  int max_plies = 0;
  int progress = 1;
};

// "elo0,elo1" into the settings. Throws CLI::ValidationError.
match::SprtSettings parse_sprt(const MatchCli& o) {
  match::SprtSettings s;
  s.alpha = o.alpha;
  s.beta = o.beta;
  const size_t comma = o.sprt.find(',');
  try {
    size_t used0 = 0, used1 = 0;
    const std::string first = o.sprt.substr(0, comma), second = comma == std::string::npos ? "" : o.sprt.substr(comma + 1);
    s.elo0 = std::stod(first, &used0);
    s.elo1 = std::stod(second, &used1);
    if (used0 != first.size() || used1 != second.size()) throw std::invalid_argument("trailing text");
  } catch (const std::exception&) {
    throw CLI::ValidationError("--sprt", "expected ELO0,ELO1 (e.g. 0,5), got '" + o.sprt + "'");
  }
  if (const auto error = match::sprt_settings_error(s)) throw CLI::ValidationError("--sprt", *error);
  return s;
}

match::MoveBudget parse_budget(const MatchCli& o) {
  match::MoveBudget b;
  const int given = !o.tc.empty() + (o.nodes > 0) + (o.depth > 0);
  if (given != 1) throw CLI::ValidationError("--tc", "give exactly one of --tc, --nodes and --depth");
  b.nodes = o.nodes;
  b.depth = o.depth;
  if (!o.tc.empty()) {
    b.clock = true;
    try {
      b.tc = match::parse_time_control(o.tc);
    } catch (const match::TimeControlError& e) {
      throw CLI::ValidationError("--tc", e.what());
    }
  }
  return b;
}

AdjudicationRules parse_adjudication(const MatchCli& o) {
  AdjudicationRules rules;
  rules.max_plies = o.max_plies;
  try {
    if (!o.resign.empty()) rules.resign = match::parse_resign_rule(o.resign);
  } catch (const std::invalid_argument& e) {
    throw CLI::ValidationError("--resign", e.what());
  }
  try {
    if (!o.draw.empty()) rules.draw = match::parse_draw_rule(o.draw);
  } catch (const std::invalid_argument& e) {
    throw CLI::ValidationError("--draw", e.what());
  }
  return rules;
}

std::array<match::EngineSpec, 2> parse_engines(const MatchCli& o) {
  if (o.engines.size() != 2) throw CLI::ValidationError("--engine", "give it twice, once for each engine");
  std::array<match::EngineSpec, 2> specs;
  for (int e = 0; e < 2; ++e) {
    try {
      specs[e] = match::parse_engine_spec(o.engines[e]);
    } catch (const match::SpecError& error) {
      throw CLI::ValidationError("--engine", error.what());
    }
  }
  if (specs[0].name == specs[1].name)
    throw CLI::ValidationError("--engine", "both engines are named '" + specs[0].name + "': give one another name=");
  return specs;
}

// Everything but the openings (which are a file to read: exit code 2 with a message, not a usage error).
MatchSettings engine_match_settings(const MatchCli& o) {
  MatchSettings s;
  s.engines = parse_engines(o);
  s.rules.budget = parse_budget(o);
  s.rules.time_margin = std::chrono::milliseconds(o.time_margin_ms);
  s.rules.hang_timeout = std::chrono::milliseconds(int64_t(o.hang_timeout_s * 1000));
  s.rules.adjudication = parse_adjudication(o);
  s.games = o.games;
  s.concurrency = o.threads;
  s.pgn_path = o.pgn;
  s.log_path = o.log;
  if (!o.sprt.empty()) s.sprt = parse_sprt(o);
  s.progress_every = o.progress;
  return s;
}

// Game pairs are deterministic under node and depth limits: a repeated opening replays its pair.
void warn_if_openings_repeat(int games, size_t openings) {
  if (size_t(games) > 2 * openings)
    std::fprintf(stderr,
                 "jiang match: warning: %d games from %zu openings: openings repeat (and under a node or depth limit so "
                 "do their games); give --openings with at least %d positions\n",
                 games, openings, (games + 1) / 2);
}

int run_engine_match(MatchSettings settings, const std::string& openings) {
  try {
    settings.openings = openings.empty() ? games::builtin_openings() : games::read_openings(openings);
  } catch (const games::OpeningsError& e) {
    std::fprintf(stderr, "jiang match: %s\n", e.what());
    return match::kMatchBadInput;
  }
  warn_if_openings_repeat(settings.games, settings.openings.size());
  return match::run_match(settings);
}

constexpr const char* kBoth = "Both modes";
constexpr const char* kPrograms = "Engine programs (--engine twice)";
constexpr const char* kWeights = "Weight sets in-process (--weights)";

void add_common_options(CLI::App* cmd, MatchCli& o) {
  cmd->add_option("-g,--games", o.games, "games, an even number: pairs from one opening with colours swapped (default 200)")
      ->check(CLI::Range(2, 10000000))
      ->group(kBoth);
  auto* depth = cmd->add_option("-d,--depth", o.depth, "search depth per move")->check(CLI::Range(1, 1000))->group(kBoth);
  cmd->add_option("-n,--nodes", o.nodes, "nodes per move (in-process default 2000)")
      ->check(CLI::PositiveNumber)
      ->excludes(depth)
      ->group(kBoth);
  cmd->add_option("--openings", o.openings,
                  "FEN list, one a line, '#' comments, an EPD '; ...' tail ignored; one opening per pair, in turn "
                  "(default: a built-in list of 16)")
      ->group(kBoth);
  cmd->add_option("-t,--threads,--concurrency", o.threads, "games played at once (default: the machine's cores)")
      ->check(CLI::Range(1, 256))
      ->group(kBoth);
}

CLI::Option* add_weights_options(CLI::App* cmd, MatchCli& o) {
  auto* weights = cmd->add_option("-w,--weights", o.weights, "the candidate's weights (JSON)")->group(kWeights);
  cmd->add_option("-b,--baseline", o.baseline, "the opponent's weights (default: the compiled-in defaults)")
      ->needs(weights)
      ->group(kWeights);
  return weights;
}

void add_program_options(CLI::App* cmd, MatchCli& o, CLI::Option* weights) {
  const auto add = [&](CLI::Option* option) { return option->excludes(weights)->group(kPrograms); };
  add(cmd->add_option("--engine", o.engines,
                      "\"name=N cmd=PROGRAM [args='ARGS'] [dir=DIR] [proto=ucci|uci|xboard] [timeunit=auto|ms|s] "
                      "[ponder=on|off] [tc=TC|nodes=N|depth=N] [option.NAME=VALUE]...\" (quote words with blanks; "
                      "ponder=on: the engine thinks on its opponent's time; tc=, nodes=, depth=: its own limit "
                      "instead of the match's)"))
      ->take_all()
      ->expected(1);
  add(cmd->add_option("--tc", o.tc, "each engine's clock (unless its spec has tc=, nodes= or depth=): [MOVES/]SECONDS[+INCREMENT], e.g. 10+0.1, or 40/60 for 60 s every 40 moves"));
  add(cmd->add_option("--pgn", o.pgn, "append the games to this PGN file (XBoard's Xiangqi notation)"));
  add(cmd->add_option("--log", o.log, "append every line to and from the engines (and their stderr) to this file"));
  add(cmd->add_option("--sprt", o.sprt, "ELO0,ELO1: stop when the SPRT of H0 elo=ELO0 against H1 elo=ELO1 decides"));
  add(cmd->add_option("--alpha", o.alpha, "SPRT: the chance of accepting H1 when H0 holds (default 0.05)"));
  add(cmd->add_option("--beta", o.beta, "SPRT: the chance of accepting H0 when H1 holds (default 0.05)"));
  add(cmd->add_option("--timemargin", o.time_margin_ms,
                      "ms an engine may overrun its clock before it forfeits (default 150); overruns within it are "
                      "counted per engine"))
      ->check(CLI::Range(0, 60000));
  add(cmd->add_option("--hang-timeout", o.hang_timeout_s,
                      "under --nodes or --depth: seconds without a move that make a hang (default 60)"))
      ->check(CLI::Range(0.1, 1e6));
  add(cmd->add_option("--resign", o.resign, "movecount=N score=S: a side loses once its engine has reported -S cp or "
                                            "worse and the other +S or better, N moves in a row each"))
      ->expected(2);
  add(cmd->add_option("--draw", o.draw, "movenumber=N movecount=M score=S: from move N on, a draw once both engines "
                                        "have reported scores within +/-S cp, M moves in a row each"))
      ->expected(3);
  add(cmd->add_option("--maxplies", o.max_plies, "a game this long is drawn (default: no limit)"))->check(CLI::Range(1, 100000));
  add(cmd->add_option("--progress", o.progress, "a progress line every N finished game pairs (default 1)"))
      ->check(CLI::Range(1, 1000000));
}

constexpr const char* kFooter = R"(Engine programs: each opening is played twice, colours swapped; jiang's own rules referee (an
illegal move loses, so do a crash, a hang and a time forfeit past --timemargin; mate, no legal move,
perpetual check, repetition, the 60-move rule). Fairy-Stockfish: use proto=ucci (its UCI counts ranks
1-10); its UCCI times are milliseconds, which timeunit=auto knows. proto=xboard: XBoard-protocol
engines (hoixiangqi, maxqi, sjaakii, fairy-stockfish xboard); their result claims are judged by the
referee (a false claim loses; a 50-move draw claim stands as XBoard accepts it); an engine without
setboard (maxqi) plays only from the initial position; a node limit needs the engine's nps feature.
--sprt takes logistic (ordinary) Elo, as fastchess's model=logistic and not BayesElo (cutechess) or
normalized Elo; the LLR is the generalised SPRT on game pairs (pentanomial), the Elo margin 95% from
the pair scores.
The last line of the output: NAME1 vs NAME2: W-D-L score S% elo E +/- M [sprt: H1 accepted|H0 accepted|
inconclusive llr X (bounds A, B)]. Exit codes: 0 done, 1 an engine could not be restarted, 2 bad input,
128+N stopped by signal N (Ctrl-C: the summary of the games finished so far).)";

}  // namespace

void add_match_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<MatchCli>();
  CLI::App* cmd = app.add_subcommand(
      "match", "Play two engine programs (--engine twice) or two weight sets in-process (--weights) against each other; "
               "report the score, the Elo difference with its 95% margin and, with --sprt, the SPRT's verdict");
  add_common_options(cmd, *o);
  add_program_options(cmd, *o, add_weights_options(cmd, *o));
  cmd->footer(kFooter);
  cmd->callback([o, &exit_code] {
    if (o->games % 2 != 0) throw CLI::ValidationError("--games", "must be even (pairs with colours swapped)");
    if (!o->weights.empty()) {
      exit_code = run_weights_match({o->weights, o->baseline, o->games, o->depth, o->nodes, o->openings, o->threads});
      return;
    }
    if (o->engines.empty())
      throw CLI::ValidationError("--weights is required (a match between weight sets), or two --engine (a match between programs)");
    exit_code = run_engine_match(engine_match_settings(*o), o->openings);
  });
}

}  // namespace jiang
