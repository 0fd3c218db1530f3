#include "match/dialect.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace jiang::match {
namespace {

// " movestogo N" for a clock renewed every so many moves, nothing in sudden death: both protocols' words.
std::string movestogo(const GoClock& clock) {
  return clock.movestogo ? " movestogo " + std::to_string(clock.movestogo) : "";
}

// A mate score as centipawns for adjudication: beyond any evaluation, nearer mates larger.
constexpr int kMateCentipawns = 100000;

std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    const size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  return words;
}

std::string lower(std::string text) {
  for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// A whole (optionally signed) decimal number.
std::optional<int> parse_int(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  const long value = std::strtol(text.c_str(), &end, 10);
  if (*end != '\0' || value < -10'000'000 || value > 10'000'000) return std::nullopt;
  return int(value);
}

class Ucci final : public ProtocolDialect {
 public:
  explicit Ucci(TimeUnit unit) : unit_(unit) {}
  std::string hello() const override { return "ucci"; }
  std::string hello_ok() const override { return "ucciok"; }
  std::string setoption(const std::string& name, const std::string& value) const override {
    return "setoption " + name + " " + value;
  }

  std::vector<std::string> after_handshake(const Handshake& h) override {
    const bool offered = h.offers("usemillisec");
    if (unit_ == TimeUnit::Auto) {
      // Fairy-Stockfish reads UCCI times in milliseconds without offering usemillisec (found by
      // experiment: `go time 5000` lasts a fraction of a second, `go time 5` answers at once).
      const bool fairy = lower(h.id_name).rfind("fairy-stockfish", 0) == 0;
      unit_ = offered || fairy ? TimeUnit::Milliseconds : TimeUnit::Seconds;
    }
    if (unit_ == TimeUnit::Milliseconds && offered) return {setoption(h.spelling("usemillisec"), "true")};
    return {};
  }

  std::vector<std::string> new_game(const Handshake& h) const override {
    // `newgame` is a button; engines that do not offer it would complain about an unknown option.
    if (h.offers("newgame")) return {"setoption " + h.spelling("newgame")};
    return {};
  }

  std::string go(const MoveBudget& budget, const GoClock& clock) const override {
    if (budget.nodes) return "go nodes " + std::to_string(budget.nodes);
    if (budget.depth) return "go depth " + std::to_string(budget.depth);
    const Color us = clock.to_move;
    return "go time " + time(clock.remaining_ms[us]) + " increment " + time(clock.increment_ms) + " opptime " +
           time(clock.remaining_ms[~us]) + " oppincrement " + time(clock.increment_ms) + movestogo(clock);
  }

 private:
  std::string time(int64_t ms) const {
    if (unit_ == TimeUnit::Milliseconds) return std::to_string(ms);
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", double(ms) / 1000);
    return buffer;
  }

  TimeUnit unit_;
};

class Uci final : public ProtocolDialect {
 public:
  std::string hello() const override { return "uci"; }
  std::string hello_ok() const override { return "uciok"; }
  std::string setoption(const std::string& name, const std::string& value) const override {
    return "setoption name " + name + " value " + value;
  }
  std::vector<std::string> after_handshake(const Handshake&) override { return {}; }
  std::vector<std::string> new_game(const Handshake&) const override { return {"ucinewgame"}; }

  std::string go(const MoveBudget& budget, const GoClock& clock) const override {
    if (budget.nodes) return "go nodes " + std::to_string(budget.nodes);
    if (budget.depth) return "go depth " + std::to_string(budget.depth);
    const std::string inc = std::to_string(clock.increment_ms);
    return "go wtime " + std::to_string(clock.remaining_ms[Red]) + " btime " +
           std::to_string(clock.remaining_ms[Black]) + " winc " + inc + " binc " + inc + movestogo(clock);
  }
};

}  // namespace

bool Handshake::offers(const std::string& option) const {
  const std::string wanted = lower(option);
  return std::any_of(options.begin(), options.end(), [&](const std::string& o) { return lower(o) == wanted; });
}

std::string Handshake::spelling(const std::string& option) const {
  const std::string wanted = lower(option);
  for (const std::string& o : options)
    if (lower(o) == wanted) return o;
  return option;
}

int EngineScore::centipawns() const {
  if (!mate) return value;
  return value > 0 ? kMateCentipawns - value : -kMateCentipawns - value;
}

std::optional<EngineScore> parse_info_score(const std::string& line) {
  const std::vector<std::string> w = words_of(line);
  if (w.size() < 2 || w[0] != "info" || w[1] == "string") return std::nullopt;
  std::optional<EngineScore> score;
  for (size_t i = 1; i < w.size(); ++i) {
    if (w[i] == "lowerbound" || w[i] == "upperbound") return std::nullopt;
    if (w[i] != "score" || i + 1 >= w.size()) continue;
    const bool keyword = w[i + 1] == "cp" || w[i + 1] == "mate";
    if (keyword && i + 2 >= w.size()) return std::nullopt;
    const std::optional<int> value = parse_int(w[keyword ? i + 2 : i + 1]);
    if (!value) return std::nullopt;
    score = EngineScore{w[i + 1] == "mate", *value};
    i += keyword ? 2 : 1;
  }
  return score;
}

int parse_info_depth(const std::string& line) {
  const std::vector<std::string> w = words_of(line);
  if (w.size() < 2 || w[0] != "info" || w[1] == "string") return 0;
  for (size_t i = 1; i + 1 < w.size(); ++i)
    if (w[i] == "depth") return std::max(0, parse_int(w[i + 1]).value_or(0));
  return 0;
}

std::optional<BestMove> parse_bestmove(const std::string& line) {
  const std::vector<std::string> w = words_of(line);
  if (w.empty()) return std::nullopt;
  if (w[0] == "nobestmove") return BestMove{};
  if (w[0] != "bestmove") return std::nullopt;
  BestMove best;
  if (w.size() > 1 && w[1] != "(none)") best.move = w[1];
  best.resigned = std::find(w.begin() + 1, w.end(), "resign") != w.end();
  const auto ponder = std::find(w.begin() + 1, w.end(), "ponder");
  if (ponder != w.end() && ponder + 1 != w.end()) best.ponder = *(ponder + 1);
  return best;
}

std::string ProtocolDialect::position(const std::string& fen, const std::vector<std::string>& moves) const {
  std::string text = "position fen " + fen;
  if (!moves.empty()) text += " moves";
  for (const std::string& m : moves) text += " " + m;
  return text;
}

std::string ProtocolDialect::go_ponder(const MoveBudget& budget, const GoClock& clock) const {
  return "go ponder" + go(budget, clock).substr(2);
}

std::unique_ptr<ProtocolDialect> make_dialect(Dialect dialect, TimeUnit time_unit) {
  if (dialect == Dialect::Uci) return std::make_unique<Uci>();
  return std::make_unique<Ucci>(time_unit);
}

}  // namespace jiang::match
