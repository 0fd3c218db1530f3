// Helpers of the match tests: a scratch directory, files, a PGN reader that replays the moves with
// jiang's own move generator, and `jiang match` run to its end.
#pragma once

#include <catch2/catch.hpp>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "match/pgn.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "tests/support/files.h"
#include "tests/support/subprocess.h"

#ifndef JIANG_BINARY
#error "JIANG_BINARY must name the jiang executable"
#endif

namespace jiang::match_test {

using namespace std::chrono_literals;

// The fake engines and the pid wrapper (tests/match/).
inline const std::string kFakeEngine = std::string(JIANG_TEST_DIR) + "/match/fake_engine.sh";
inline const std::string kPidWrapper = std::string(JIANG_TEST_DIR) + "/match/pid_wrapper.sh";

inline std::filesystem::path temp_dir(const std::string& name) { return testing::scratch_dir("match", name); }
using testing::read_text;

inline void write_text(const std::filesystem::path& path, const std::string& text) { std::ofstream(path) << text; }

// The first `n` openings of data/match-openings-a.fen, as a file in `dir`.
inline std::filesystem::path some_openings(const std::filesystem::path& dir, int n) {
  std::ifstream in(std::string(JIANG_DATA_DIR) + "/match-openings-a.fen");
  std::string text;
  for (std::string line; n > 0 && std::getline(in, line);)
    if (!line.empty() && line[0] != '#') text += line + "\n", --n;
  write_text(dir / "openings.fen", text);
  return dir / "openings.fen";
}

struct PgnGame {
  std::map<std::string, std::string> tags;
  std::vector<std::string> tokens;  // move text: SAN, move numbers, comments, the result
};

// The games of a PGN file as the match writes them (tags, a blank line, move text, a blank line).
inline std::vector<PgnGame> read_pgn(const std::filesystem::path& path) {
  std::vector<PgnGame> games;
  std::ifstream in(path);
  std::string movetext;
  const std::regex tag(R"re(^\[(\w+) "((?:[^"\\]|\\.)*)"\]$)re");
  const auto close = [&] {
    std::istringstream words(movetext);
    std::string token, comment;
    for (std::string w; words >> w;) {
      if (!comment.empty() || w[0] == '{') comment += (comment.empty() ? "" : " ") + w;
      else games.back().tokens.push_back(w);
      if (!comment.empty() && comment.back() == '}') games.back().tokens.push_back(comment), comment.clear();
    }
    movetext.clear();
  };
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, tag)) {
      if (games.empty() || !games.back().tokens.empty() || !movetext.empty()) {
        if (!games.empty()) close();
        games.emplace_back();
      }
      games.back().tags[m[1]] = m[2];
    } else {
      movetext += line + " ";
    }
  }
  if (!games.empty()) close();
  return games;
}

inline bool is_move_number(const std::string& t) { return std::regex_match(t, std::regex(R"(\d+\.(\.\.)?)")); }
inline bool is_result(const std::string& t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2"; }

// Replays a game's SAN from its FEN tag: each move must be the SAN of exactly one legal move. Returns the
// final position (with its record, for the referee).
inline Position replay(const PgnGame& g) {
  std::string fen = g.tags.at("FEN");
  for (size_t i = 0; i < fen.find(' '); ++i)
    fen[i] = fen[i] == 'H' ? 'N' : fen[i] == 'h' ? 'n' : fen[i] == 'E' ? 'B' : fen[i] == 'e' ? 'b' : fen[i];
  Position pos = Position::from_fen(fen);
  pos.in_check();
  for (const std::string& t : g.tokens) {
    if (is_move_number(t) || t[0] == '{' || is_result(t)) continue;
    MoveList legal;
    generate_legal(pos, legal);
    std::vector<Move> matching;
    for (Move m : legal)
      if (san(pos, m) == t) matching.push_back(m);
    INFO("SAN " << t << " in " << pos.fen());
    REQUIRE(matching.size() == 1);
    pos.make_move(matching[0]);
    pos.in_check();
  }
  return pos;
}

struct Run {
  std::optional<int> code;  // nothing: did not end in time
  std::vector<std::string> out;
  std::string err;
};

// Runs jiang with the arguments until it exits (at most `timeout`), collecting its output.
inline Run run_jiang(const std::vector<std::string>& args, std::chrono::seconds timeout = 120s) {
  jiang::testing::Subprocess p(JIANG_BINARY, args);
  Run run;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!p.at_eof() && std::chrono::steady_clock::now() < deadline)
    if (auto line = p.read_line(1s)) run.out.push_back(*line);
  run.code = p.wait_exit(5s);
  run.err = p.read_stderr();
  return run;
}

inline std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  return text;
}

}  // namespace jiang::match_test
