// A conversation with the real `jiang` executable over UCCI or UCI, for the protocol tests: start it,
// send commands, collect the answers up to a marker, and check moves against the move generator.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/position.h"
#include "tests/support/subprocess.h"

#ifndef JIANG_BINARY
#error "JIANG_BINARY must name the jiang executable"
#endif

namespace jiang::testing {

using namespace std::chrono_literals;

// Generous bounds: the tests share two cores with builds and other tests.
inline constexpr std::chrono::milliseconds kAnswerTimeout = 10s;

enum class Protocol { Ucci, Uci };

inline bool starts_with(const std::string& text, std::string_view prefix) { return text.rfind(prefix, 0) == 0; }

inline std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const size_t start = i;
    while (i < line.size() && line[i] != ' ') ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  return words;
}

class Conversation {
 public:
  // Starts jiang with the given arguments; with a protocol, also says ucci/uci and reads up to the
  // handshake's end (the lines are kept in handshake()).
  explicit Conversation(std::optional<Protocol> protocol, const std::vector<std::string>& args = {})
      : process_(JIANG_BINARY, args), protocol_(protocol) {
    if (!protocol) return;
    process_.send(*protocol == Protocol::Ucci ? "ucci" : "uci");
    ok_ = process_.read_until(*protocol == Protocol::Ucci ? "ucciok" : "uciok", kAnswerTimeout, &handshake_)
              .has_value();
  }

  bool handshake_ok() const { return ok_; }
  const std::vector<std::string>& handshake() const { return handshake_; }
  Subprocess& process() { return process_; }

  bool send(const std::string& line) { return process_.send(line); }

  // Sends `isready` and returns every line before `readyok` (nothing if readyok never came).
  std::optional<std::vector<std::string>> sync() {
    process_.send("isready");
    std::vector<std::string> seen;
    if (!process_.read_until("readyok", kAnswerTimeout, &seen)) return std::nullopt;
    seen.pop_back();
    return seen;
  }
  // Sends a command, then syncs: the command's answers.
  std::optional<std::vector<std::string>> command(const std::string& line) {
    send(line);
    return sync();
  }

  // Reads up to the end of a search: "bestmove ..." or "nobestmove". Info lines go to `seen`.
  std::optional<std::string> bestmove(std::chrono::milliseconds timeout = kAnswerTimeout,
                                      std::vector<std::string>* seen = nullptr) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      const std::optional<std::string> line = process_.read_line(std::max(left, 0ms));
      if (!line) return std::nullopt;
      if (seen) seen->push_back(*line);
      if (starts_with(*line, "bestmove") || starts_with(*line, "nobestmove")) return line;
    }
  }

 private:
  Subprocess process_;
  std::optional<Protocol> protocol_;
  std::vector<std::string> handshake_;
  bool ok_ = false;
};

// The position a `position` command describes.
inline Position position_after(std::string_view fen, const std::vector<std::string>& moves = {}) {
  Position pos = Position::from_fen(fen);
  for (const std::string& text : moves) pos.make_move(*parse_move(text));
  return pos;
}

// The move of a "bestmove M ..." line, if it is legal in `pos`.
inline std::optional<Move> legal_bestmove(const std::string& line, const Position& pos) {
  const std::vector<std::string> words = words_of(line);
  if (words.size() < 2 || words[0] != "bestmove") return std::nullopt;
  const std::optional<Move> m = parse_move(words[1]);
  if (!m || !is_legal(pos, *m)) return std::nullopt;
  return m;
}

inline std::vector<std::string> legal_move_strings(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  std::vector<std::string> moves;
  for (Move m : list) moves.push_back(to_string(m));
  return moves;
}

inline bool any_starts_with(const std::vector<std::string>& lines, std::string_view prefix) {
  for (const std::string& line : lines)
    if (starts_with(line, prefix)) return true;
  return false;
}

// The time the engine reports (ms) in the last of `lines` that has a `time` field (its info lines),
// if any: what it says it spent. Its own clock, unlike the wall clock between two lines here, is not
// stretched by a loaded machine's scheduling, so a test that need not be [timing] asserts on this.
inline std::optional<int64_t> reported_time_ms(const std::vector<std::string>& lines) {
  std::optional<int64_t> time;
  for (const std::string& line : lines) {
    const std::vector<std::string> words = words_of(line);
    for (size_t i = 0; i + 1 < words.size(); ++i)
      if (words[0] == "info" && words[i] == "time") time = std::stoll(words[i + 1]);
  }
  return time;
}

// Wall-clock time since `since`: for the tests tagged [timing] (left out of the sanitizer run).
inline int64_t elapsed_ms(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - since).count();
}

// Positions shared by the tests of both protocols.
// Black to move and mated: rooks on a9 (check along the rank) and a8 (the rank below).
inline constexpr std::string_view kMatedFen = "R2k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1";
// Red to move mates in one (b0b9 or b0d0).
inline constexpr std::string_view kMateInOneFen = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1";
// Red to move with a bare general against Black's full army: lost.
inline constexpr std::string_view kLostFen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/9/9/4K4 w - - 0 1";

}  // namespace jiang::testing
