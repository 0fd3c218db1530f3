#include "engine/protocol/uci.h"

#include <algorithm>
#include <cstdint>

#include "engine/protocol/go_reader.h"
#include "movegen/notation.h"

namespace jiang::protocol {
namespace {

// Clock values beyond this (about 31 years) are as good as unlimited.
constexpr int64_t kMaxGoTimeMs = int64_t(1) << 40;

}  // namespace

void UciSession::greet() {
  say("id name jiang");
  say("id author the jiang authors");
  declare_options(true);
  say("uciok");
}

UciSession::UciSession(Engine& engine, Output& out) : Session(engine, out) {
  add_command("uci", [this](const auto&, std::string_view) {
    greet();
    return true;
  });
  add_command("ucci", [](const auto&, std::string_view) -> bool {
    throw CommandError("this session speaks UCI (chosen by the first command)");
  });
  add_command("setoption", [this](const std::vector<std::string>& words, std::string_view line) {
    setoption(words, line);
    return true;
  });
  add_command("ucinewgame", [this](const auto&, std::string_view) {
    require_idle("ucinewgame");
    engine_.new_game();
    return true;
  });
  // The "Cyclone" dialect of Xiangqi UCI (what XBoard's uci2wb -c speaks) drops the word "position".
  add_command("fen", [this](const std::vector<std::string>& words, std::string_view) {
    set_position(parse_position_args(words));
    return true;
  });
  add_command("go", [this](const std::vector<std::string>& words, std::string_view) {
    go(arguments(words));
    return true;
  });
  add_command("ponderhit", [this](const auto&, std::string_view) {
    ponderhit(false);
    return true;
  });
  add_command("debug", [](const auto&, std::string_view) { return true; });  // nothing extra to say
}

void UciSession::setoption(const std::vector<std::string>& words, std::string_view line) {
  if (words.size() < 3 || words[1] != "name") throw CommandError("expected 'setoption name <name> [value <value>]'");
  const auto value_at = std::find(words.begin() + 2, words.end(), "value");
  if (value_at == words.begin() + 2) throw CommandError("missing option name before 'value'");
  std::string name;  // option names may hold blanks ("Clear Hash")
  for (auto it = words.begin() + 2; it != value_at; ++it) name += (name.empty() ? "" : " ") + *it;
  const bool has_value = value_at != words.end();
  set_option(name, has_value ? rest_of_line(line, size_t(value_at - words.begin()) + 1) : "", has_value, true);
}

void UciSession::go(const std::vector<std::string>& args) {
  SearchLimits limits;
  // A clock already below zero (the GUI's lag) is an empty clock, not an error.
  const auto clock = [](GoReader& r) { return std::max<int64_t>(0, r.count(INT64_MIN, kMaxGoTimeMs)); };
  const GoKeyword keywords[] = {
      {"searchmoves",
       [&](GoReader& r) {
         const std::vector<std::string> texts = r.values_until_keyword();
         if (texts.empty()) throw CommandError("'searchmoves' needs at least one move");
         limits.only = parse_legal_moves(texts);
       }},
      {"ponder", [&](GoReader&) { limits.ponder = true; }},
      {"wtime", [&](GoReader& r) { limits.time_ms[Red] = clock(r); }},
      {"btime", [&](GoReader& r) { limits.time_ms[Black] = clock(r); }},
      {"winc", [&](GoReader& r) { limits.increment_ms[Red] = clock(r); }},
      {"binc", [&](GoReader& r) { limits.increment_ms[Black] = clock(r); }},
      {"movestogo", [&](GoReader& r) { limits.movestogo = int(r.count(0, 1000)); }},
      {"depth", [&](GoReader& r) { limits.depth = int(r.count(1, kMaxGoDepth)); }},
      {"nodes", [&](GoReader& r) { limits.nodes = uint64_t(r.count(1, INT64_MAX)); }},
      {"mate", [&](GoReader& r) { limits.mate = int(r.count(1, kMaxGoMate)); }},
      {"movetime", [&](GoReader& r) { limits.movetime_ms = r.count(1, kMaxGoTimeMs); }},
      {"infinite", [&](GoReader&) { limits.infinite = true; }},
  };
  GoReader(args, keywords).read_all();
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
