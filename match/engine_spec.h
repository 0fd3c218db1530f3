// What `--engine` says about one engine: "name=new cmd=./build/jiang proto=ucci option.Hash=32". Words
// are separated by blanks; single or double quotes keep blanks inside a word or a value
// ("option.WeightsFile=/my weights/w.json" in quotes, or option.WeightsFile='/my weights/w.json').
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "match/time_control.h"

namespace jiang::match {

// A spec that cannot be used; the message says which word and why.
class SpecError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

enum class Dialect { Ucci, Uci, Xboard };

// How a UCCI engine reads the times of `go`: the protocol says seconds unless the engine offers
// `usemillisec`; Fairy-Stockfish reads milliseconds without offering it.
enum class TimeUnit { Auto, Milliseconds, Seconds };

struct EngineSpec {
  std::string name;                                        // default: the program's file name
  std::string program;                                     // cmd=
  std::vector<std::string> args;                           // args= (split into words like the spec)
  std::string dir;                                         // dir=: working directory (default: ours)
  Dialect dialect = Dialect::Ucci;                         // proto=ucci|uci|xboard
  TimeUnit time_unit = TimeUnit::Auto;                     // timeunit=auto|ms|s (UCCI only)
  bool ponder = false;                                     // ponder=on|off: think on the opponent's time
  std::vector<std::pair<std::string, std::string>> options;  // option.NAME=VALUE, in the order given
  // tc=, nodes= or depth=: this engine's own limit (time odds, or a node count against a clock); else
  // the match's.
  std::optional<MoveBudget> budget;
};

// Splits text into words at blanks outside quotes, as a shell would: quotes group and are removed; a
// backslash takes the next character literally outside quotes, and a quote or a backslash inside double
// quotes. Throws SpecError for an unterminated quote.
std::vector<std::string> split_words_quoted(const std::string& text);

// Parses one spec. Throws SpecError for an unknown key, a word without '=', a missing cmd, a repeated
// key, more than one of tc=, nodes= and depth=, or a bad value. Does not look for the program (see resolve_program).
EngineSpec parse_engine_spec(const std::string& text);

// The program as exec will find it: a name without '/' is looked up in PATH, a path must name an
// executable file. Throws SpecError saying what is missing.
std::string resolve_program(const std::string& program);

}  // namespace jiang::match
