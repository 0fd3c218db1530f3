#include "match/xboard_protocol.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "match/words.h"

namespace jiang::match {
namespace {

// XBoard's mate scores: 100000 + N for a mate in N moves. Beyond this, a score is a mate.
constexpr int kXboardMate = 100000;
// Mates are announced within this many moves; a larger excess is another engine's convention.
constexpr int kMaxMateMoves = 1000;
constexpr int64_t kUnlimitedMinutes = kUnlimitedCentiseconds / 100 / 60;
// Larger than any ply, score, time or node count an engine reports: a guard against garbage.
constexpr int64_t kNumberLimit = int64_t(1) << 62;

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// The NAME=VALUE pairs of a feature line, quotes removed from values.
std::vector<std::pair<std::string, std::string>> feature_pairs(const std::string& line) {
  std::vector<std::pair<std::string, std::string>> pairs;
  size_t i = std::string("feature").size();
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const size_t eq = line.find('=', i);
    if (i >= line.size() || eq == std::string::npos) break;
    const std::string name = line.substr(i, eq - i);
    std::string value;
    i = eq + 1;
    if (i < line.size() && line[i] == '"') {
      const size_t close = line.find('"', i + 1);
      value = line.substr(i + 1, close == std::string::npos ? std::string::npos : close - i - 1);
      i = close == std::string::npos ? line.size() : close + 1;
    } else {
      const size_t end = std::min(line.find(' ', i), line.size());
      value = line.substr(i, end - i);
      i = end;
    }
    pairs.emplace_back(name, value);
  }
  return pairs;
}

std::vector<std::string> comma_list(std::string text) {
  std::replace(text.begin(), text.end(), ',', ' ');
  return words_of(text);
}

// "M" or "M:SS": the base time of `level`.
std::string minutes_seconds(int64_t seconds) {
  std::string text = std::to_string(seconds / 60);
  if (seconds % 60) text += (seconds % 60 < 10 ? ":0" : ":") + std::to_string(seconds % 60);
  return text;
}

// An option feature's name: "MultiPV -spin 1 1 500" -> "MultiPV".
std::string option_name(const std::string& value) {
  static const std::vector<std::string> kTypes = {" -check", " -spin", " -combo", " -button", " -save", " -reset",
                                                  " -string", " -file", " -path", " -slider"};
  size_t end = value.size();
  for (const std::string& type : kTypes) end = std::min(end, value.find(type));
  return value.substr(0, end);
}

// Applies one feature; false if it is not one this runner knows.
bool apply_feature(const std::string& name, const std::string& value, XboardFeatures& f) {
  const bool on = value == "1";
  bool* flags[] = {&f.setboard, &f.usermove, &f.san, &f.ping, &f.time, &f.reuse, &f.nps, &f.memory, &f.smp};
  const char* names[] = {"setboard", "usermove", "san", "ping", "time", "reuse", "nps", "memory", "smp"};
  for (size_t k = 0; k < std::size(names); ++k)
    if (name == names[k]) return *flags[k] = on, true;
  if (name == "myname") f.myname = value;
  else if (name == "variants") f.variants = comma_list(value);
  else if (name == "option") f.options.push_back(option_name(value));
  else if (name == "done") (on ? f.done : f.more) = true;
  // Known and harmless: the runner never sends what they are about (draw offers, signals, colours, ...).
  else if (name != "draw" && name != "sigint" && name != "sigterm" && name != "colors" && name != "name" &&
           name != "analyze" && name != "pause" && name != "debug" && name != "ics" && name != "playother" &&
           name != "highlight" && name != "exclude" && name != "setscore" && name != "egt" && name != "myversion")
    return false;
  return true;
}

// "1-0", "0-1" or "1/2-1/2" at the start of a line: the result an engine claims.
std::optional<GameResult> claimed_result(const std::string& word) {
  if (word == "1-0") return GameResult::RedWins;
  if (word == "0-1") return GameResult::BlackWins;
  if (word == "1/2-1/2") return GameResult::Draw;
  return std::nullopt;
}

}  // namespace

bool XboardFeatures::plays_xiangqi() const {
  return std::find(variants.begin(), variants.end(), "xiangqi") != variants.end();
}

bool XboardFeatures::has_option(const std::string& name) const {
  return std::find(options.begin(), options.end(), name) != options.end();
}

std::vector<std::string> read_feature_line(const std::string& line, XboardFeatures& f) {
  std::vector<std::string> answers;
  if (!starts_with(line, "feature ")) return answers;
  for (const auto& [name, value] : feature_pairs(line))
    answers.push_back((apply_feature(name, value, f) ? "accepted " : "rejected ") + name);
  return answers;
}

std::optional<EngineInfo> parse_thinking(const std::string& line) {
  const std::vector<std::string> w = words_of(line);
  if (w.size() < 4) return std::nullopt;
  // The ply may carry a mark after its digits (some engines write "12." or "12&").
  std::string ply = w[0];
  while (!ply.empty() && !std::isdigit(static_cast<unsigned char>(ply.back()))) ply.pop_back();
  std::optional<int64_t> numbers[4] = {parse_whole(ply, kNumberLimit), parse_whole(w[1], kNumberLimit),
                                       parse_whole(w[2], kNumberLimit), parse_whole(w[3], kNumberLimit)};
  if (!std::all_of(std::begin(numbers), std::end(numbers), [](const auto& n) { return n.has_value(); })) return std::nullopt;
  EngineInfo info;
  info.depth = int(std::clamp<int64_t>(*numbers[0], 0, 10'000));
  const int64_t score = std::clamp<int64_t>(*numbers[1], -10'000'000, 10'000'000);
  const int64_t beyond = std::abs(score) - kXboardMate;
  if (beyond >= 0 && beyond <= kMaxMateMoves) info.score = EngineScore{true, int(score > 0 ? beyond : -beyond)};
  else info.score = EngineScore{false, int(score)};
  info.time_ms = std::max<int64_t>(*numbers[2], 0) * 10;
  info.nodes = uint64_t(std::max<int64_t>(*numbers[3], 0));
  size_t i = 4;
  while (i < w.size() && parse_whole(w[i], kNumberLimit)) ++i;  // seldepth, nps, tbhits: extra columns
  for (; i < w.size(); ++i) {
    const std::string& word = w[i];
    const bool move_number = std::isdigit(static_cast<unsigned char>(word[0])) && word.find('.') != std::string::npos;
    if (!move_number && word != "...") info.pv.push_back(word);
  }
  return info;
}

XboardLine parse_xboard_line(const std::string& line) {
  XboardLine l;
  const std::vector<std::string> w = words_of(line);
  if (w.empty()) return l;
  if (w[0] == "move" && w.size() >= 2) {
    l.kind = XboardLine::Kind::Move;
    l.move = w[1];
  } else if (w[0] == "resign") {
    l.kind = XboardLine::Kind::Resign;
  } else if (w[0] == "offer" && w.size() >= 2 && w[1] == "draw") {
    l.kind = XboardLine::Kind::DrawOffer;
  } else if (const auto result = claimed_result(w[0])) {
    l.kind = XboardLine::Kind::Claim;
    l.result = result;
    const size_t brace = line.find('{');
    l.comment = brace == std::string::npos ? "" : line.substr(brace + 1, line.find('}', brace) - brace - 1);
  } else if (starts_with(line, "Illegal move")) {
    // "Illegal move: h2e2" or "Illegal move (reason): h2e2".
    l.kind = XboardLine::Kind::Rejected;
    const size_t colon = line.find(':');
    const std::vector<std::string> after = colon == std::string::npos ? std::vector<std::string>{} : words_of(line.substr(colon + 1));
    if (!after.empty()) l.move = after[0];
    l.comment = line;
  } else if (w[0] == "pong" && w.size() >= 2) {
    l.kind = XboardLine::Kind::Pong;
    l.pong = int(parse_whole(w[1], 1'000'000'000).value_or(-1));
  } else if (auto thinking = parse_thinking(line)) {
    l.kind = XboardLine::Kind::Thinking;
    l.thinking = std::move(thinking);
  }
  return l;
}

std::vector<std::string> limit_commands(const MoveBudget& budget) {
  if (budget.clock) {
    // The protocol's base is whole seconds (rounded up); the `time` before each move is exact.
    const int64_t base_s = (budget.tc.base_ms + 999) / 1000;
    return {"level " + std::to_string(budget.tc.moves) + " " + minutes_seconds(base_s) + " " +
            seconds_text(budget.tc.increment_ms)};
  }
  const std::string unlimited = "level 0 " + std::to_string(kUnlimitedMinutes) + " 0";
  if (budget.depth) return {unlimited, "sd " + std::to_string(budget.depth)};
  return {"nps " + std::to_string(budget.nodes), "st 1"};
}

std::string xboard_fen(const std::string& fen) {
  std::string text = fen;
  const size_t board_end = std::min(text.find(' '), text.size());
  for (size_t i = 0; i < board_end; ++i) {
    char& c = text[i];
    c = c == 'N' ? 'H' : c == 'n' ? 'h' : c == 'B' ? 'E' : c == 'b' ? 'e' : c;
  }
  return text;
}

std::string xboard_setboard_fen(const std::string& fen) {
  std::vector<std::string> fields = words_of(xboard_fen(fen));
  if (fields.size() == 6) fields.erase(fields.begin() + 2, fields.begin() + 4);  // castling and en passant
  std::string text;
  for (const std::string& f : fields) text += (text.empty() ? "" : " ") + f;
  return text;
}

}  // namespace jiang::match
