// Helpers of the match tests: a scratch directory, files, a PGN reader that replays the moves with
// jiang's own move generator (and checks a match's PGN whole), and `jiang match` run to its end.
#pragma once

#include <catch2/catch.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "match/claims.h"
#include "match/pgn.h"
#include "match/runner.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "rules/referee.h"
#include "tests/support/files.h"
#include "tests/support/subprocess.h"

#ifndef JIANG_BINARY
#error "JIANG_BINARY must name the jiang executable"
#endif

namespace jiang::match_test {

using namespace std::chrono_literals;

// The fake engines (UCCI and XBoard) and the pid wrapper (tests/match/).
inline const std::string kFakeEngine = std::string(JIANG_TEST_DIR) + "/match/fake_engine.sh";
inline const std::string kFakeXboard = std::string(JIANG_TEST_DIR) + "/match/fake_xboard.sh";
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

// One line of the communication log (--log): the process ("name[pid]"), its direction and its text.
struct LogLine {
  std::string engine;
  bool to_engine = false;
  std::string text;
};

inline std::vector<LogLine> read_log(const std::filesystem::path& path) {
  std::vector<LogLine> lines;
  std::ifstream in(path);
  const std::regex format(R"(^\d+\.\d+ (\S+) ([<>]) (.*)$)");
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, format)) lines.push_back({m[1], m[2] == ">", m[3]});
  }
  return lines;
}

// How often the runner pondered, in the log of a match played one game at a time.
struct PonderCounts {
  int go_ponder = 0;
  int hits = 0;            // ponderhit
  int misses = 0;          // stop, then the position with the move played and `go`
  int stopped_at_end = 0;  // stop with the game over
};

// Counts the ponder searches of a log (of a match played one game at a time) and checks each: a
// `ponderhit` only when the opponent's bestmove was the move pondered on; after a `stop`, the position
// with the move the opponent played instead (the stray bestmove is not played), or the game is over.
inline PonderCounts check_pondering(const std::vector<LogLine>& log) {
  const auto last_word = [](const std::string& text) { return text.substr(text.rfind(' ') + 1); };
  const auto starts = [](const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; };
  PonderCounts counts;
  std::map<std::string, std::string> position, expected;  // by process: the last position sent, the move pondered on
  std::map<std::string, bool> stopping;                   // by process: a ponder search was stopped
  std::string played, played_by;                          // the last move an engine answered, and which one
  for (const LogLine& l : log) {
    const std::string& e = l.engine;
    INFO(e << (l.to_engine ? " > " : " < ") << l.text);
    if (!l.to_engine) {
      if (starts(l.text, "bestmove ") && !stopping[e]) played = l.text.substr(9, l.text.find(' ', 9) - 9), played_by = e;
      continue;
    }
    if (stopping[e]) {  // what follows the stop tells a miss from the end of the game
      stopping[e] = false;
      const bool miss = starts(l.text, "position ");
      ++(miss ? counts.misses : counts.stopped_at_end);
      if (miss) CHECK((played_by != e && played != expected[e] && last_word(l.text) == played));
      expected.erase(e);
    }
    if (starts(l.text, "position ")) {
      position[e] = l.text;
    } else if (starts(l.text, "go ponder")) {
      ++counts.go_ponder;
      CHECK(expected.count(e) == 0);  // one ponder search at a time
      expected[e] = last_word(position[e]);
    } else if (l.text == "ponderhit") {
      ++counts.hits;
      CHECK((expected.count(e) && played_by != e && played == expected[e]));
      expected.erase(e);
    } else if (l.text == "stop" && expected.count(e)) {
      stopping[e] = true;
    }
  }
  for (const auto& [e, stopped] : stopping)
    if (stopped) ++counts.stopped_at_end, expected.erase(e);
  CHECK(expected.empty());  // every ponder search was ended
  return counts;
}

// jiang (first) against a fake engine misbehaving as `mode`, from the start position, 500 nodes a move;
// the fake appends its process ids to `pids`.
inline match::MatchSettings against_fake(const std::string& mode, const std::filesystem::path& pids) {
  match::MatchSettings s;
  s.engines[0] = match::parse_engine_spec("name=jiang cmd=" JIANG_BINARY);
  s.engines[1] = match::parse_engine_spec("name=fake cmd=" + kFakeEngine + " args='" + mode + " " + pids.string() + "'");
  s.games = 2;
  s.concurrency = 1;
  s.openings = {std::string(kStartFen)};
  s.rules.budget.nodes = 500;
  s.rules.time_margin = std::chrono::milliseconds(100);
  s.rules.hang_timeout = std::chrono::milliseconds(500);
  return s;
}

// No child of this process is left: neither running nor waiting to be reaped.
inline bool no_children() {
  int status = 0;
  return ::waitpid(-1, &status, WNOHANG) == -1 && errno == ECHILD;
}

inline int count_lines(const std::filesystem::path& path) {
  const std::string text = read_text(path);
  return int(std::count(text.begin(), text.end(), '\n'));
}

inline std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  return text;
}

// The result line's numbers: W, D, L.
inline std::array<int, 3> wdl(const std::string& line) {
  std::smatch m;
  REQUIRE(std::regex_search(line, m, std::regex(R"(: (\d+)-(\d+)-(\d+) score)")));
  return {std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3])};
}

// Checks every game of the PGN: the tags, the moves (legal, replayed), the result against the referee
// and against the engines' colours; returns the first engine's W-D-L. The rounds are 1 to `games`
// unless the match was stopped (then some games may be missing in between).
inline std::array<int, 3> check_pgn(const std::filesystem::path& pgn, const std::string& first, const std::string& second,
                             const std::string& time_control, size_t games, bool stopped = false) {
  const std::vector<PgnGame> all = read_pgn(pgn);
  REQUIRE(all.size() == games);
  std::array<int, 3> counts{};
  std::set<int> rounds;
  for (const PgnGame& g : all) {
    const int round = std::stoi(g.tags.at("Round"));
    rounds.insert(round);
    INFO("round " << round);
    for (const char* t : {"Event", "Site", "Date", "Result", "Termination", "PlyCount", "SetUp"}) CHECK(g.tags.count(t));
    CHECK(g.tags.at("Variant") == "xiangqi");
    CHECK(g.tags.at("TimeControl") == time_control);
    const bool first_red = round % 2 == 1;
    CHECK(g.tags.at("White") == (first_red ? first : second));
    CHECK(g.tags.at("Black") == (first_red ? second : first));
    const std::string result = g.tags.at("Result");
    REQUIRE(g.tokens.size() >= 2);
    CHECK(g.tokens.back() == result);
    const Position end = replay(g);
    const std::string& ending = g.tokens[g.tokens.size() - 2];
    Position before = end;
    if (end.plies_played() > 0) before.unmake_move();
    const int rule_plies = std::max(match::xboard_rule_plies(end), match::xboard_rule_plies(before));
    if (ending.find("50-move claim") != std::string::npos) {  // an XBoard engine's draw claim that XBoard accepts
      CHECK(rule_plies >= match::kXboardRulePlies);
    } else if (ending.find("false claim") != std::string::npos) {  // false by the rules and by XBoard's count
      CHECK_FALSE(referee(end, 3));
      CHECK(rule_plies < match::kXboardRulePlies);
    } else if (g.tags.at("Termination") == "normal" && ending.find("resignation") == std::string::npos) {
      // mate, repetition, 60-move rule: the referee agrees
      const auto verdict = referee(end, 3);
      REQUIRE(verdict);
      CHECK(result_string(verdict->result) == result);
      CHECK_THAT(ending, Catch::Contains(verdict->reason));
    }
    const bool red_won = result == "1-0", drawn = result == "1/2-1/2";
    ++counts[drawn ? 1 : red_won == first_red ? 0 : 2];
  }
  CHECK(rounds.size() == games);
  if (!stopped && games > 0) {
    CHECK(*rounds.begin() == 1);
    CHECK(*rounds.rbegin() == int(games));
  }
  return counts;
}

}  // namespace jiang::match_test
