#include "engine/protocol/uci.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "movegen/notation.h"

namespace jiang::protocol {
namespace {

// The largest `go depth` taken literally; larger values mean "as good as unlimited".
constexpr int64_t kMaxGoDepth = 1000;
// Mates longer than the deepest line cannot be found; larger values mean "any mate".
constexpr int64_t kMaxGoMate = kMaxPly / 2;
// Clock values beyond this (about 31 years) are as good as unlimited.
constexpr int64_t kMaxGoTimeMs = int64_t(1) << 40;

constexpr std::array<std::string_view, 12> kGoKeywords = {"searchmoves", "ponder", "wtime",    "btime",
                                                           "winc",        "binc",   "movestogo", "depth",
                                                           "nodes",       "mate",   "movetime",  "infinite"};

bool is_go_keyword(std::string_view word) {
  return std::find(kGoKeywords.begin(), kGoKeywords.end(), word) != kGoKeywords.end();
}

std::string keyword_list() {
  std::string list;
  for (std::string_view k : kGoKeywords) list += (list.empty() ? "" : ", ") + std::string(k);
  return list;
}

}  // namespace

void UciSession::greet() {
  say("id name jiang");
  say("id author the jiang authors");
  say("option name Hash type spin default " + std::to_string(Engine::kDefaultHashMb) + " min 1 max " +
      std::to_string(Engine::kMaxHashMb));
  say("option name Threads type spin default 1 min 1 max " + std::to_string(Engine::kMaxThreads));
  say("option name Ponder type check default false");
  say("option name Clear Hash type button");
  say("option name WeightsFile type string default <empty>");
  say("option name Move Overhead type spin default " + std::to_string(kDefaultMoveOverheadMs) + " min 0 max " +
      std::to_string(kMaxMoveOverheadMs));
  say("option name Repetition Rule type combo default " + std::string(rule_set_name(kDefaultRuleSet)) +
      " var axf var chinese var draw");
  say("option name MultiPV type spin default 1 min 1 max " + std::to_string(kMaxMultiPv));
  say("option name Skill Level type spin default " + std::to_string(kMaxSkillLevel) + " min 0 max " +
      std::to_string(kMaxSkillLevel));
  say("option name UCI_LimitStrength type check default false");
  say("option name UCI_ShowWDL type check default false");
  say("option name UCI_Elo type spin default " + std::to_string(kMaxSkillElo) + " min " +
      std::to_string(kMinSkillElo) + " max " + std::to_string(kMaxSkillElo));
  say("uciok");
}

bool UciSession::dispatch(const std::vector<std::string>& words, std::string_view line) {
  const std::string& command = words[0];
  const std::vector<std::string> args(words.begin() + 1, words.end());
  if (command == "isready") {
    say("readyok");
  } else if (command == "uci") {
    greet();
  } else if (command == "setoption") {
    setoption(words, line);
  } else if (command == "ucinewgame") {
    require_idle("ucinewgame");
    engine_.new_game();
  } else if (command == "position") {
    set_position(parse_position_args(args));
  } else if (command == "fen") {
    // The "Cyclone" dialect of Xiangqi UCI (what XBoard's uci2wb -c speaks) drops the word "position".
    set_position(parse_position_args(words));
  } else if (command == "go") {
    go(args);
  } else if (command == "ponderhit") {
    ponderhit(false);
  } else if (command == "stop") {
    stop_search();  // the running search answers; with none running there is nothing to say
  } else if (command == "debug") {
    // accepted; this engine has nothing extra to say
  } else if (command == "quit") {
    finish();
    return false;
  } else if (command == "ucci") {
    throw CommandError("this session speaks UCI (chosen by the first command)");
  } else {
    report("unknown command '" + command + "'");
  }
  return true;
}

void UciSession::setoption(const std::vector<std::string>& words, std::string_view line) {
  if (words.size() < 3 || words[1] != "name") throw CommandError("expected 'setoption name <name> [value <value>]'");
  const auto value_at = std::find(words.begin() + 2, words.end(), "value");
  if (value_at == words.begin() + 2) throw CommandError("missing option name before 'value'");
  std::string name;
  for (auto it = words.begin() + 2; it != value_at; ++it) name += (name.empty() ? "" : " ") + *it;
  const bool has_value = value_at != words.end();
  const std::string value = has_value ? rest_of_line(line, size_t(value_at - words.begin()) + 1) : "";
  const std::string key = to_lower(name);
  if (key != "clear hash" && !has_value) throw CommandError("option '" + name + "' needs 'value <value>'");

  if (key == "hash") {
    set_hash_mb(option_int(value, 1, Engine::kMaxHashMb, "Hash", " (MB)"));
  } else if (key == "threads") {
    set_threads(int(option_int(value, 1, Engine::kMaxThreads, "Threads")));
  } else if (key == "ponder") {
    ponder_ = option_bool(value, "Ponder");
  } else if (key == "clear hash") {
    require_idle("Clear Hash");
    engine_.new_game();
  } else if (key == "weightsfile") {
    load_weights(value);
  } else if (key == "move overhead") {
    set_move_overhead(value, "Move Overhead");
  } else if (key == "repetition rule") {
    set_repetition_rule(value, "Repetition Rule");
  } else if (key == "multipv") {
    set_multipv(value, "MultiPV");
  } else if (key == "skill level") {
    set_skill_level(value, "Skill Level");
  } else if (key == "uci_limitstrength") {
    set_limit_strength(value, "UCI_LimitStrength");
  } else if (key == "uci_elo") {
    set_elo(value, "UCI_Elo");
  } else if (key == "uci_showwdl") {
    set_show_wdl(value, "UCI_ShowWDL");
  } else {
    throw CommandError("unknown option '" + name + "'");
  }
}

void UciSession::go(const std::vector<std::string>& args) {
  SearchLimits limits;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    const auto number = [&](int64_t min, int64_t max) {
      if (i + 1 >= args.size()) throw CommandError("missing value after '" + word + "'");
      const std::string& text = args[++i];
      const std::optional<int64_t> n = parse_int(text, min, INT64_MAX);
      if (!n) throw CommandError("'" + word + "' expects a whole number >= " + std::to_string(min) + ", got '" + text + "'");
      return std::min(*n, max);
    };
    // A clock already below zero (the GUI's lag) is an empty clock, not an error.
    const auto clock = [&] { return std::max<int64_t>(0, number(INT64_MIN, kMaxGoTimeMs)); };
    if (word == "searchmoves") {
      std::vector<std::string> texts;
      while (i + 1 < args.size() && !is_go_keyword(args[i + 1])) texts.push_back(args[++i]);
      if (texts.empty()) throw CommandError("'searchmoves' needs at least one move");
      limits.only = parse_legal_moves(texts);
    } else if (word == "ponder") {
      limits.ponder = true;
    } else if (word == "infinite") {
      limits.infinite = true;
    } else if (word == "wtime") {
      limits.time_ms[Red] = clock();
    } else if (word == "btime") {
      limits.time_ms[Black] = clock();
    } else if (word == "winc") {
      limits.increment_ms[Red] = clock();
    } else if (word == "binc") {
      limits.increment_ms[Black] = clock();
    } else if (word == "movestogo") {
      limits.movestogo = int(number(0, 1000));
    } else if (word == "depth") {
      limits.depth = int(number(1, kMaxGoDepth));
    } else if (word == "nodes") {
      limits.nodes = uint64_t(number(1, INT64_MAX));
    } else if (word == "mate") {
      limits.mate = int(number(1, kMaxGoMate));
    } else if (word == "movetime") {
      limits.movetime_ms = number(1, kMaxGoTimeMs);
    } else {
      throw CommandError("unknown keyword '" + word + "' (expected " + keyword_list() + ")");
    }
  }
  start_search(limits, false);
}

std::string UciSession::info_line(const SearchInfo& info) const {
  const int64_t time = std::max<int64_t>(info.time_ms, 0);
  std::string text = "info depth " + std::to_string(info.depth) + " seldepth " + std::to_string(info.seldepth);
  if (info.multipv) text += " multipv " + std::to_string(info.multipv);
  text += is_mate_score(info.score) ? " score mate " + std::to_string(mate_moves(info.score))
                                    : " score cp " + std::to_string(info.score);
  text += wdl_words(info.score);
  if (info.bound == Bound::Lower) text += " lowerbound";
  if (info.bound == Bound::Upper) text += " upperbound";
  text += " nodes " + std::to_string(info.nodes) + " nps " +
          std::to_string(info.nodes * 1000 / uint64_t(std::max<int64_t>(time, 1))) + " hashfull " +
          std::to_string(info.hashfull) + " time " + std::to_string(time);
  return text + pv_words(info.pv);
}

std::string UciSession::bestmove_line(const SearchResult& result, const Position& root, bool) const {
  if (!result.best) return "bestmove (none)";
  std::string text = "bestmove " + to_string(result.best);
  if (const Move ponder = checked_ponder(result, root)) text += " ponder " + to_string(ponder);
  return text;
}

}  // namespace jiang::protocol
