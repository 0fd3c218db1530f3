// The words of UCCI and UCI as a match runner speaks them: the handshake, options, a new game, `go`
// with a clock, node or depth limit, and what engines answer (`info ... score`, `bestmove`). One small
// class per protocol; the rest of the runner does not know which it talks to.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "match/engine_info.h"
#include "match/engine_spec.h"
#include "match/time_control.h"
#include "movegen/types.h"

namespace jiang::match {

// What an engine said about itself before `ucciok` / `uciok`.
struct Handshake {
  std::string id_name;
  std::vector<std::string> options;  // option names, as the engine spells them
  bool offers(const std::string& option) const;  // case-insensitive
  std::string spelling(const std::string& option) const;  // the engine's spelling, or the name as given
};

// A `bestmove` line: the move (empty for `nobestmove` or `bestmove (none)`), the reply the engine
// expects (`ponder Y`, both protocols; empty if none), and whether the engine resigned (UCCI
// `bestmove ... resign`). Nothing if the line is not an answer to `go`.
struct BestMove {
  std::string move;
  std::string ponder;
  bool resigned = false;
};
std::optional<BestMove> parse_bestmove(const std::string& line);

// The clocks at a `go`: each side's remaining time and increment (which differ in a time-odds game).
struct GoClock {
  int64_t remaining_ms[kColors] = {0, 0};
  int64_t increment_ms[kColors] = {0, 0};
  int movestogo = 0;  // the side to move's moves left in its period; 0: sudden death
  Color to_move = Red;
};

class ProtocolDialect {
 public:
  virtual ~ProtocolDialect() = default;
  virtual std::string hello() const = 0;     // the first command: ucci / uci
  virtual std::string hello_ok() const = 0;  // the end of the handshake: ucciok / uciok
  virtual std::string setoption(const std::string& name, const std::string& value) const = 0;
  // Settings of the runner's own after the handshake (UCCI: usemillisec when offered).
  virtual std::vector<std::string> after_handshake(const Handshake& h) = 0;
  // What to send before `isready` at the start of each game.
  virtual std::vector<std::string> new_game(const Handshake& h) const = 0;
  virtual std::string go(const MoveBudget& budget, const GoClock& clock) const = 0;
  // The same with `ponder` (both protocols put it first): think until `ponderhit` or `stop`.
  std::string go_ponder(const MoveBudget& budget, const GoClock& clock) const;
  // `position fen F moves m1 m2 ...` (the same in both protocols).
  std::string position(const std::string& fen, const std::vector<std::string>& moves) const;
};

// The dialect for a spec. `time_unit` matters for UCCI only.
std::unique_ptr<ProtocolDialect> make_dialect(Dialect dialect, TimeUnit time_unit);

}  // namespace jiang::match
