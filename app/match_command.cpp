#include "app/match_command.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "games/openings.h"
#include "match/adjudication.h"
#include "match/engines_file.h"
#include "match/runner.h"
#include "match/standings.h"
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
// --openings-order random without --seed: a fixed seed, so that a resumed run draws the same order.
constexpr uint64_t kDefaultOpeningsSeed = 1;

struct MatchCli {
  int games = 200;
  int depth = 0;
  uint64_t nodes = 0;
  std::string openings;
  int threads = default_threads();
  // in-process players: weight sets and the search's parameters
  std::string weights, baseline, search_params, baseline_search_params;
  // engine programs
  std::vector<std::string> engines;
  std::string tc, pgn, log, sprt;
  double alpha = 0.05, beta = 0.05;
  int time_margin_ms = kDefaultTimeMarginMs;
  double hang_timeout_s = kDefaultHangTimeoutS;
  std::vector<std::string> resign, draw;
  int max_plies = 0;
  int progress = 1;
  // tournaments and openings
  std::string tournament, engines_file, anchor, openings_order = "sequential";
  std::vector<std::string> table;  // --table: one state file, or one or more PGN files
  bool resume = false;
  int openings_plies = 0;
  uint64_t seed = kDefaultOpeningsSeed;
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

// The engines of --engine (each a spec) and --engines (a file): two or more, each name once.
std::vector<match::EngineSpec> parse_engines(const MatchCli& o) {
  std::vector<match::EngineSpec> specs;
  try {
    for (const std::string& text : o.engines) specs.push_back(match::parse_engine_spec(text));
    if (!o.engines_file.empty())
      for (match::EngineSpec& spec : match::read_engines_file(o.engines_file)) specs.push_back(std::move(spec));
  } catch (const match::SpecError& error) {
    throw CLI::ValidationError(o.engines_file.empty() ? "--engine" : "--engine/--engines", error.what());
  }
  if (specs.size() < 2)
    throw CLI::ValidationError("--engine", "give two engines or more (--engine once each, or --engines FILE.json)");
  if (specs.size() > 2 && o.tournament.empty())
    throw CLI::ValidationError("--engine", std::to_string(specs.size()) + " engines: give --tournament gauntlet or round-robin");
  for (size_t a = 0; a < specs.size(); ++a)
    for (size_t b = a + 1; b < specs.size(); ++b)
      if (specs[a].name == specs[b].name)
        throw CLI::ValidationError("--engine", "two engines are named '" + specs[a].name + "': give one another name=");
  return specs;
}

// "NAME=ELO" (the name may hold '='; the number after the last one).
match::Anchor parse_anchor(const std::string& text) {
  const size_t eq = text.rfind('=');
  try {
    size_t used = 0;
    const std::string number = eq == std::string::npos ? "" : text.substr(eq + 1);
    const double elo = std::stod(number, &used);
    if (eq == 0 || used != number.size() || !std::isfinite(elo)) throw std::invalid_argument("bad");
    return {text.substr(0, eq), elo};
  } catch (const std::exception&) {
    throw CLI::ValidationError("--anchor", "expected NAME=ELO (e.g. jiang=2000), got '" + text + "'");
  }
}

// --tournament, --resume, --anchor and what they exclude.
void apply_tournament(const MatchCli& o, MatchSettings& s) {
  if (!o.tournament.empty()) {
    s.tournament = true;
    if (o.tournament == "gauntlet") s.kind = match::TournamentKind::Gauntlet;
    else if (o.tournament == "round-robin") s.kind = match::TournamentKind::RoundRobin;
    else throw CLI::ValidationError("--tournament", "expected gauntlet or round-robin, got '" + o.tournament + "'");
    if (!o.sprt.empty()) throw CLI::ValidationError("--sprt", "is for a match of two engines, not a tournament");
  }
  if (!o.anchor.empty()) s.anchor = parse_anchor(o.anchor);
  s.resume = o.resume;
  if (s.resume && o.pgn.empty()) throw CLI::ValidationError("--resume", "needs --pgn: the state is kept beside the PGN");
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
  apply_tournament(o, s);
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

// The openings of --openings (FENs or PGN, --openings-plies, --openings-order, --seed), or the built-in
// ones. Throws match::OpeningsError or CLI::ValidationError.
std::vector<match::Opening> read_match_openings(const MatchCli& o) {
  if (o.openings_plies && (o.openings.size() < 4 || o.openings.compare(o.openings.size() - 4, 4, ".pgn") != 0))
    throw CLI::ValidationError("--openings-plies", "is for openings from a PGN file (FILE.pgn)");
  if (o.openings_order != "sequential" && o.openings_order != "random")
    throw CLI::ValidationError("--openings-order", "expected sequential or random, got '" + o.openings_order + "'");
  std::vector<match::Opening> openings;
  try {
    openings = o.openings.empty() ? match::openings_from_fens(games::builtin_openings())
                                  : match::read_openings(o.openings, o.openings_plies);
  } catch (const games::OpeningsError& e) {
    throw match::OpeningsError(e.what());
  }
  if (o.openings_order == "random") match::shuffle_openings(openings, o.seed);
  return openings;
}

int run_engine_match(MatchSettings settings, const MatchCli& o) {
  try {
    settings.openings = read_match_openings(o);
  } catch (const match::OpeningsError& e) {
    std::fprintf(stderr, "jiang match: %s\n", e.what());
    return match::kMatchBadInput;
  }
  warn_if_openings_repeat(settings.games, settings.openings.size());
  return match::run_match(settings);
}

// `--table FILE...`: the standings of a state file (FILE.state) or of one or more PGN files read as one
// (XBoard's checks write one a pairing), printed; exit code 2 if they cannot be read.
int print_table(const MatchCli& o) {
  const auto is_state = [](const std::string& f) { return f.size() > 6 && f.compare(f.size() - 6, 6, ".state") == 0; };
  try {
    if (o.table.size() > 1 && std::any_of(o.table.begin(), o.table.end(), is_state))
      throw std::runtime_error("--table: a state file stands alone (its incidents and restarts are exact); give one "
                               "state file or one or more PGN files");
    const match::Standings standings = is_state(o.table.front())
                                           ? match::standings_from_state(match::load_state(o.table.front()))
                                           : match::standings_from_pgn(o.table);
    const match::Anchor anchor = o.anchor.empty() ? match::Anchor{} : parse_anchor(o.anchor);
    for (const std::string& line : standings.table(anchor)) std::printf("%s\n", line.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "jiang match: %s\n", e.what());
    return match::kMatchBadInput;
  }
}

constexpr const char* kBoth = "Both modes";
constexpr const char* kPrograms = "Engine programs (--engine, twice or more)";
constexpr const char* kWeights = "Players in-process (--weights, --search-params)";
constexpr const char* kTournaments = "Tournaments and openings (engine programs)";

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
                  "FEN list, one a line, '#' comments, an EPD '; ...' tail ignored; or, for engine programs, a PGN "
                  "file (FILE.pgn: the position after each game's moves); one opening per pair, in turn (default: "
                  "a built-in list of 16)")
      ->group(kBoth);
  cmd->add_option("-t,--threads,--concurrency", o.threads, "games played at once (default: the machine's cores)")
      ->check(CLI::Range(1, 256))
      ->group(kBoth);
}

// The options that choose the in-process mode: --weights and --search-params.
std::vector<CLI::Option*> add_weights_options(CLI::App* cmd, MatchCli& o) {
  auto* weights = cmd->add_option("-w,--weights", o.weights, "the candidate's weights (JSON)")->group(kWeights);
  cmd->add_option("-b,--baseline", o.baseline, "the opponent's weights (default: the compiled-in defaults)")
      ->needs(weights)
      ->group(kWeights);
  auto* search = cmd->add_option("--search-params", o.search_params,
                                 "the candidate's search parameters (JSON, as `jiang tune --group search` writes; "
                                 "default: the compiled-in margins)")
                     ->group(kWeights);
  cmd->add_option("--baseline-search-params", o.baseline_search_params,
                  "the opponent's search parameters (default: the compiled-in margins)")
      ->needs(search)
      ->group(kWeights);
  return {weights, search};
}

// The options of engine programs exclude those of a match in-process (--weights, --search-params).
CLI::Option* excluding(CLI::Option* option, const std::vector<CLI::Option*>& in_process) {
  for (CLI::Option* other : in_process) option->excludes(other);
  return option;
}

void add_tournament_options(CLI::App* cmd, MatchCli& o, const std::vector<CLI::Option*>& in_process) {
  const auto add = [&](CLI::Option* option) { return excluding(option, in_process)->group(kTournaments); };
  add(cmd->add_option("--tournament", o.tournament,
                      "gauntlet (the first engine against each other) or round-robin (every two engines): --games "
                      "counts each pairing's games; standings with ratings at the end"));
  add(cmd->add_option("--engines", o.engines_file,
                      "a JSON file of engines, as cutechess's engines.json: an array of objects with the keys of an "
                      "--engine spec (\"options\": {NAME: VALUE} for option.NAME)"));
  add(cmd->add_flag("--resume", o.resume,
                    "continue the match or tournament of --pgn where it stopped (its state is FILE.pgn.state)"));
  add(cmd->add_option("--anchor", o.anchor, "NAME=ELO: the rating held fixed in the standings (default: the first "
                                            "engine at 0)"));
  add(cmd->add_option("--table", o.table, "print the standings of a finished or running tournament (its FILE.pgn.state, "
                                          "or one or more PGN files read as one) and exit"));
  add(cmd->add_option("--openings-plies", o.openings_plies, "PGN openings: the position after at most N plies of each "
                                                            "game (default: all its moves)"))
      ->check(CLI::Range(1, 1000));
  add(cmd->add_option("--openings-order", o.openings_order, "sequential (default) or random: the openings shuffled by --seed"));
  add(cmd->add_option("--seed", o.seed, "the seed of --openings-order random (default 1)"));
}

void add_program_options(CLI::App* cmd, MatchCli& o, const std::vector<CLI::Option*>& in_process) {
  const auto add = [&](CLI::Option* option) { return excluding(option, in_process)->group(kPrograms); };
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
  add_tournament_options(cmd, o, in_process);
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
      "match", "Play two engine programs (--engine twice), or two weight sets or search parameter sets in-process (--weights, --search-params), against each other; "
               "report the score, the Elo difference with its 95% margin and, with --sprt, the SPRT's verdict. Or a "
               "tournament of engine programs (--tournament): standings with ratings and a cross table");
  add_common_options(cmd, *o);
  add_program_options(cmd, *o, add_weights_options(cmd, *o));
  cmd->footer(kFooter);
  cmd->callback([o, &exit_code] {
    if (o->games % 2 != 0) throw CLI::ValidationError("--games", "must be even (pairs with colours swapped)");
    if (!o->weights.empty() || !o->search_params.empty()) {
      exit_code = run_weights_match({o->weights, o->baseline, o->games, o->depth, o->nodes, o->openings, o->threads,
                                     o->search_params, o->baseline_search_params});
      return;
    }
    if (!o->table.empty()) {
      exit_code = print_table(*o);
      return;
    }
    if (o->engines.empty() && o->engines_file.empty())
      throw CLI::ValidationError("--weights or --search-params is required (a match in-process), or two --engine (a match "
                                 "between programs)");
    exit_code = run_engine_match(engine_match_settings(*o), *o);
  });
}

}  // namespace jiang
