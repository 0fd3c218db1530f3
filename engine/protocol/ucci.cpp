#include "engine/protocol/ucci.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "movegen/movegen.h"
#include "movegen/notation.h"

namespace jiang::protocol {
namespace {

// A draw offered by the GUI (`go draw`, `ponderhit draw`) is accepted only when the search thinks we
// are at least half a pawn worse: in an even position there is still a game to play, and the margin
// keeps evaluation noise around zero from giving half points away.
constexpr Score kDrawAcceptMargin = 50;
// Never `resign`: the GUI adjudicates mates itself, and a search that misjudges a position would throw
// away games that could still be saved; playing a lost game out costs only a little time.
constexpr bool kMayResign = false;

// The largest `go depth` and `go time` taken literally; larger values mean "as good as unlimited".
constexpr int64_t kMaxGoDepth = 1000;
constexpr double kMaxGoTimeMs = 1e12;

constexpr const char* kGoKeywords = "ponder, draw, depth, nodes, mate, time, movestogo, increment, opptime, "
                                    "oppmovestogo, oppincrement, infinite";

}  // namespace

void UcciSession::greet() {
  say("id name jiang");
  say("id author the jiang authors");
  say("option usemillisec type check default false");
  say("option ponder type check default false");
  say("option hashsize type spin min 1 max " + std::to_string(Engine::kMaxHashMb) + " default " +
      std::to_string(Engine::kDefaultHashMb));
  say("option threads type spin min 1 max " + std::to_string(Engine::kMaxThreads) + " default 1");
  say("option newgame type button");
  say("option batch type check default false");
  say("option debug type check default false");
  say("option randomness type combo var none default none");
  say("option weightsfile type string default <empty>");
  say("option moveoverhead type spin min 0 max " + std::to_string(kMaxMoveOverheadMs) + " default " +
      std::to_string(kDefaultMoveOverheadMs));
  say("option repetitionrule type combo var axf var chinese var draw default " +
      std::string(rule_set_name(kDefaultRuleSet)));
  say("option multipv type spin min 1 max " + std::to_string(kMaxMultiPv) + " default 1");
  say("option skilllevel type spin min 0 max " + std::to_string(kMaxSkillLevel) + " default " +
      std::to_string(kMaxSkillLevel));
  say("option limitstrength type check default false");
  say("option showwdl type check default false");
  say("option elo type spin min " + std::to_string(kMinSkillElo) + " max " + std::to_string(kMaxSkillElo) +
      " default " + std::to_string(kMaxSkillElo));
  say("ucciok");
}

bool UcciSession::dispatch(const std::vector<std::string>& words, std::string_view line) {
  const std::string& command = words[0];
  const std::vector<std::string> args(words.begin() + 1, words.end());
  if (command == "isready") {
    say("readyok");
  } else if (command == "ucci") {
    greet();
  } else if (command == "setoption") {
    setoption(words, line);
  } else if (command == "position") {
    set_position(parse_position_args(args));
    banned_.clear();
  } else if (command == "banmoves") {
    banned_ = parse_legal_moves(args);
  } else if (command == "go") {
    go(args);
  } else if (command == "ponderhit") {
    if (args.size() > 1 || (args.size() == 1 && args[0] != "draw"))
      throw CommandError("expected 'ponderhit' or 'ponderhit draw'");
    ponderhit(args.size() == 1);
  } else if (command == "stop") {
    if (!stop_search()) say("nobestmove");
  } else if (command == "probe") {
    probe(args);
  } else if (command == "quit") {
    finish();
    say("bye");
    return false;
  } else if (command == "uci") {
    throw CommandError("this session speaks UCCI (chosen by the first command)");
  } else {
    report("unknown command '" + command + "'");
  }
  return true;
}

void UcciSession::setoption(const std::vector<std::string>& words, std::string_view line) {
  if (words.size() < 2) throw CommandError("missing option name");
  const std::string name = to_lower(words[1]);
  const std::string value = rest_of_line(line, 2);
  const auto need_bool = [&] { return option_bool(value, name); };
  if (name == "usemillisec") {
    use_millisec_ = need_bool();
  } else if (name == "ponder") {
    ponder_ = need_bool();
  } else if (name == "batch") {
    batch_ = need_bool();
  } else if (name == "debug") {
    debug_ = need_bool();
  } else if (name == "hashsize") {
    set_hash_mb(option_int(value, 1, Engine::kMaxHashMb, "hashsize", " (MB)"));
  } else if (name == "threads") {
    set_threads(int(option_int(value, 1, Engine::kMaxThreads, "threads")));
  } else if (name == "newgame") {
    require_idle("newgame");
    engine_.new_game();
  } else if (name == "randomness") {
    if (to_lower(value) != "none") throw CommandError("randomness: only 'none' is supported, got '" + value + "'");
    randomness_ = "none";
  } else if (name == "weightsfile") {
    load_weights(value);
  } else if (name == "moveoverhead") {
    set_move_overhead(value, "moveoverhead");
  } else if (name == "repetitionrule") {
    set_repetition_rule(value, "repetitionrule");
  } else if (name == "multipv") {
    set_multipv(value, "multipv");
  } else if (name == "skilllevel") {
    set_skill_level(value, "skilllevel");
  } else if (name == "limitstrength") {
    set_limit_strength(value, "limitstrength");
  } else if (name == "elo") {
    set_elo(value, "elo");
  } else if (name == "showwdl") {
    set_show_wdl(value, "showwdl");
  } else {
    throw CommandError("unknown option '" + words[1] + "'");
  }
}

int64_t UcciSession::time_ms(const std::string& keyword, const std::string& text) const {
  const std::optional<double> value = parse_decimal(text);
  if (!value) throw CommandError("'" + keyword + "' expects a number, got '" + text + "'");
  // A clock already below zero (the GUI's lag) is an empty clock, not an error.
  const double ms = std::clamp(*value * (use_millisec_ ? 1.0 : 1000.0), 0.0, kMaxGoTimeMs);
  return int64_t(std::llround(ms));
}

void UcciSession::go(const std::vector<std::string>& args) {
  SearchLimits limits;
  bool draw = false;
  const Color us = engine_.position().side_to_move();
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    const auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw CommandError("missing value after '" + word + "'");
      return args[++i];
    };
    const auto count = [&](int64_t min, int64_t max) {
      const std::string& text = value();
      const std::optional<int64_t> n = parse_int(text, min, max);
      if (!n) throw CommandError("'" + word + "' expects a whole number >= " + std::to_string(min) + ", got '" + text + "'");
      return *n;
    };
    if (word == "ponder") {
      limits.ponder = true;
    } else if (word == "draw") {
      draw = true;
    } else if (word == "infinite") {
      limits.infinite = true;
    } else if (word == "depth") {
      if (i + 1 < args.size() && args[i + 1] == "infinite") {  // some GUIs spell "go infinite" this way
        ++i;
        limits.infinite = true;
      } else {
        limits.depth = int(std::min(count(1, INT64_MAX), kMaxGoDepth));
      }
    } else if (word == "nodes") {
      limits.nodes = uint64_t(count(1, INT64_MAX));
    } else if (word == "mate") {  // not in the UCCI standard: UCI's meaning, for GUIs that offer it
      limits.mate = int(std::min<int64_t>(count(1, INT64_MAX), kMaxPly / 2));
    } else if (word == "time") {
      limits.time_ms[us] = time_ms(word, value());
    } else if (word == "increment") {
      limits.increment_ms[us] = time_ms(word, value());
    } else if (word == "movestogo") {
      limits.movestogo = int(std::min<int64_t>(count(0, INT64_MAX), 1000));
    } else if (word == "opptime") {
      limits.time_ms[~us] = time_ms(word, value());
    } else if (word == "oppincrement") {
      limits.increment_ms[~us] = time_ms(word, value());
    } else if (word == "oppmovestogo") {
      count(0, INT64_MAX);  // checked, but the time manager plans only our own clock
    } else {
      throw CommandError("unknown keyword '" + word + "' (expected " + kGoKeywords + ")");
    }
  }
  limits.banned = banned_;
  start_search(limits, draw);
}

void UcciSession::probe(const std::vector<std::string>& args) {
  const PositionSpec spec = parse_position_args(args);
  // A finished search's thread is joined first, so that everything it stored is seen. While a search
  // runs (pondering), the entry is read as it is being written, as any lockless table is: a torn entry
  // can at worst give a wrong score, and its move is checked for legality below.
  if (!search_active()) finish();
  const PositionSpec saved = position_;
  set_position(spec);  // throws, leaving everything as it was
  const std::optional<TTEntry> entry = engine_.probe();
  const Position probed = engine_.position();
  set_position(saved);  // accepted before, so accepted again
  std::string text = "pophash";
  if (entry && entry->bound() != Bound::None) {
    if (entry->move && is_legal(probed, entry->move)) text += " bestmove " + to_string(entry->move);
    const std::string score = std::to_string(from_tt(entry->score, 0));
    const std::string depth = std::to_string(entry->depth);
    if (entry->bound() == Bound::Lower || entry->bound() == Bound::Exact)
      text += " lowerbound " + score + " depth " + depth;
    if (entry->bound() == Bound::Upper || entry->bound() == Bound::Exact)
      text += " upperbound " + score + " depth " + depth;
  }
  say(text);
}

std::string UcciSession::info_line(const SearchInfo& info) const {
  if (info.bound != Bound::Exact) return "";  // UCCI has no words for an aspiration failure's bound
  const int64_t time = std::max<int64_t>(info.time_ms, 0);
  std::string text = "info depth " + std::to_string(info.depth) + " seldepth " + std::to_string(info.seldepth) +
                     (info.multipv ? " multipv " + std::to_string(info.multipv) : "") + " score " + std::to_string(info.score) + " time " + std::to_string(time) + " nodes " +
                     std::to_string(info.nodes) + " nps " +
                     std::to_string(info.nodes * 1000 / uint64_t(std::max<int64_t>(time, 1)));
  return text + wdl_words(info.score) + pv_words(info.pv);
}

std::string UcciSession::bestmove_line(const SearchResult& result, const Position& root, bool draw_offered) const {
  if (!result.best) return "nobestmove";
  std::string text = "bestmove " + to_string(result.best);
  if (const Move ponder = checked_ponder(result, root)) text += " ponder " + to_string(ponder);
  // Without a finished iteration the score means nothing: neither accept a draw nor resign on it.
  if (draw_offered && result.depth > 0 && result.score <= -kDrawAcceptMargin)
    text += " draw";
  else if (kMayResign && result.depth > 0 && result.score <= -kMateBound)
    text += " resign";
  return text;
}

}  // namespace jiang::protocol
