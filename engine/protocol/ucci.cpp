#include "engine/protocol/ucci.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "engine/protocol/go_reader.h"
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

// The largest `go time` taken literally; larger values mean "as good as unlimited".
constexpr double kMaxGoTimeMs = 1e12;

}  // namespace

void UcciSession::greet() {
  say("id name jiang");
  say("id author the jiang authors");
  declare_options(false);
  say("ucciok");
}


UcciSession::UcciSession(Engine& engine, Output& out) : Session(engine, out) {
  add_commands();
  add_options();
}

void UcciSession::add_commands() {
  add_command("ucci", [this](const auto&, std::string_view) {
    greet();
    return true;
  });
  add_command("uci", [](const auto&, std::string_view) -> bool {
    throw CommandError("this session speaks UCCI (chosen by the first command)");
  });
  add_command("setoption", [this](const std::vector<std::string>& words, std::string_view line) {
    setoption(words, line);
    return true;
  });
  add_command("banmoves", [this](const std::vector<std::string>& words, std::string_view) {
    banned_ = parse_legal_moves(arguments(words));
    return true;
  });
  add_command("go", [this](const std::vector<std::string>& words, std::string_view) {
    go(arguments(words));
    return true;
  });
  add_command("ponderhit", [this](const std::vector<std::string>& words, std::string_view) {
    if (words.size() > 2 || (words.size() == 2 && words[1] != "draw"))
      throw CommandError("expected 'ponderhit' or 'ponderhit draw'");
    ponderhit(words.size() == 2);
    return true;
  });
  add_command("probe", [this](const std::vector<std::string>& words, std::string_view) {
    probe(arguments(words));
    return true;
  });
}

void UcciSession::add_options() {
  using Type = OptionSpec::Type;
  add_option({"", "usemillisec", Type::Check, "false", 0, 0, {},
              [this](std::string_view v, std::string_view name) { use_millisec_ = option_bool(v, name); }});
  add_option({"", "batch", Type::Check, "false", 0, 0, {},
              [this](std::string_view v, std::string_view name) { batch_ = option_bool(v, name); }});
  add_option({"", "debug", Type::Check, "false", 0, 0, {},
              [this](std::string_view v, std::string_view name) { debug_ = option_bool(v, name); }});
  add_option({"", "randomness", Type::Combo, "none", 0, 0, {"none"}, [](std::string_view v, std::string_view name) {
                if (to_lower(v) != "none")
                  throw CommandError(std::string(name) + ": only 'none' is supported, got '" + std::string(v) + "'");
              }});
}

void UcciSession::setoption(const std::vector<std::string>& words, std::string_view line) {
  if (words.size() < 2) throw CommandError("missing option name");
  set_option(words[1], rest_of_line(line, 2), true, false);
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
  const auto clock = [this](GoReader& r) { return time_ms(r.keyword(), r.value()); };
  const GoKeyword keywords[] = {
      {"ponder", [&](GoReader&) { limits.ponder = true; }},
      {"draw", [&](GoReader&) { draw = true; }},
      {"depth",
       [&](GoReader& r) {
         if (r.take_if("infinite")) limits.infinite = true;  // some GUIs spell "go infinite" this way
         else limits.depth = int(r.count(1, kMaxGoDepth));
       }},
      {"nodes", [&](GoReader& r) { limits.nodes = uint64_t(r.count(1, INT64_MAX)); }},
      // Not in the UCCI standard: UCI's meaning, for GUIs that offer it.
      {"mate", [&](GoReader& r) { limits.mate = int(r.count(1, kMaxGoMate)); }},
      {"time", [&](GoReader& r) { limits.time_ms[us] = clock(r); }},
      {"movestogo", [&](GoReader& r) { limits.movestogo = int(r.count(0, 1000)); }},
      {"increment", [&](GoReader& r) { limits.increment_ms[us] = clock(r); }},
      {"opptime", [&](GoReader& r) { limits.time_ms[~us] = clock(r); }},
      // Checked, but the time manager plans only our own clock.
      {"oppmovestogo", [&](GoReader& r) { r.count(0, INT64_MAX); }},
      {"oppincrement", [&](GoReader& r) { limits.increment_ms[~us] = clock(r); }},
      {"infinite", [&](GoReader&) { limits.infinite = true; }},
  };
  GoReader(args, keywords).read_all();
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
                     (info.multipv ? " multipv " + std::to_string(info.multipv) : "") + " score " +
                     std::to_string(info.score) + " time " + std::to_string(time) + " nodes " +
                     std::to_string(info.nodes) + " nps " +
                     std::to_string(info.nodes * 1000 / uint64_t(std::max<int64_t>(time, 1))) + " hashfull " +
                     std::to_string(info.hashfull);
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
