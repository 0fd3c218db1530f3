#include "match/dialect.h"

#include <algorithm>
#include <cstdio>

#include "match/words.h"

namespace jiang::match {
namespace {

// " movestogo N" for a clock renewed every so many moves, nothing in sudden death: both protocols' words.
std::string movestogo(const GoClock& clock) {
  return clock.movestogo ? " movestogo " + std::to_string(clock.movestogo) : "";
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
    return "go time " + time(clock.remaining_ms[us]) + " increment " + time(clock.increment_ms[us]) + " opptime " +
           time(clock.remaining_ms[~us]) + " oppincrement " + time(clock.increment_ms[~us]) + movestogo(clock);
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
    return "go wtime " + std::to_string(clock.remaining_ms[Red]) + " btime " +
           std::to_string(clock.remaining_ms[Black]) + " winc " + std::to_string(clock.increment_ms[Red]) + " binc " +
           std::to_string(clock.increment_ms[Black]) + movestogo(clock);
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
