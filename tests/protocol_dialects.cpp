// Conversations with the real `jiang` executable that UCCI and UCI share: each case is written once and
// run in both dialects (GENERATE over kDialects), which differ only in the words of the table below.
// What one dialect alone has (banmoves, draw offers, probe, usemillisec; searchmoves, the Cyclone fen
// command, Hash and Move Overhead, hostile input) is in protocol_ucci.cpp and protocol_uci.cpp.
#include <algorithm>
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/conversation.h"
#include "tests/support/protocol_checks.h"

namespace jiang::testing {
namespace {

// How a dialect says what both can say.
struct Dialect {
  const char* name;
  Protocol protocol;
  bool ucci;  // UCCI's `setoption NAME VALUE`, UCI's `setoption name NAME value VALUE`
  // The options' names.
  const char* hash;
  const char* ponder;
  const char* weights;
  const char* repetition;
  const char* multipv;
  const char* show_wdl;
  const char* skill;
  const char* limit_strength;
  const char* elo;
  const char* new_game;      // the command that starts a new game
  const char* other_hello;   // the other dialect's handshake: an unknown command here
  const char* no_move;       // the answer to a search without a legal move
  std::vector<std::string> idle_stop;  // the answer to `stop` with no search running
  std::optional<std::string> quit_reply;
  const char* mate_in_one;   // the score words of a mate in one
  bool wdl_after_score;      // UCI_ShowWDL's wdl comes right after the score, as UCI GUIs read it
  // `go` with each side's clock at `seconds` (and no increment).
  std::string (*clock)(int seconds);
  // Commands refused in this dialect only (those both refuse are in the bad-input case).
  std::vector<std::string> refused;

  std::string setoption(const std::string& option, const std::string& value) const {
    if (ucci) return "setoption " + option + " " + value;
    return "setoption name " + option + " value " + value;
  }
};

const Dialect kDialects[] = {
    {"UCCI", Protocol::Ucci, true, "hashsize", "ponder", "weightsfile", "repetitionrule", "multipv", "showwdl",
     "skilllevel", "limitstrength", "elo", "setoption newgame", "uci", "nobestmove", {"nobestmove"}, "bye",
     " score 29999 ", false, [](int s) { return "go time " + std::to_string(s) + " increment 0"; },
     {"setoption", "setoption hashsize", "setoption hashsize abc", "setoption hashsize 99999999",
      "setoption threads 65", "setoption usemillisec maybe", "setoption randomness huge", "setoption usebook maybe",
      "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "position midgame", "position startpos moves h2",
      "banmoves h2e2", "banmoves nonsense", "go depth -3", "go time", "go time abc", "go time 1e3", "go increment x",
      "go movestogo 1.5", "go wtime 1000", "go sideways", "ponderhit now", "probe", "probe fen garbage",
      "probe startpos moves a0a5"}},
    {"UCI", Protocol::Uci, false, "Hash", "Ponder", "WeightsFile", "Repetition Rule", "MultiPV", "UCI_ShowWDL",
     "Skill Level", "UCI_LimitStrength", "UCI_Elo", "ucinewgame", "ucci", "bestmove (none)", {}, std::nullopt,
     " score mate 1 ", true,
     [](int s) { return "go wtime " + std::to_string(1000 * s) + " btime " + std::to_string(1000 * s); },
     {"banmoves h9g7", "probe startpos", "setoption", "setoption Hash value 16", "setoption name",
      "setoption name value 3", "setoption name Hash", "setoption name Hash value", "setoption name Hash value -5",
      "setoption name Threads value 0", "setoption name Ponder value yes", "setoption name Skil Level value 3",
      "setoption name MultiPV value 129", "setoption name MultiPV value x", "go wtime", "go wtime abc",
      "go btime 1.5", "fen", "fen garbage", "fen moves", "go movetime 0", "go searchmoves", "go searchmoves h2e2",
      "go searchmoves nonsense", "go time 5", "go mate 0"}},
};

// Each case runs once per dialect: `d` is the dialect, `c` its engine after the handshake.
const Dialect& each_dialect() { return kDialects[GENERATE(0, 1)]; }
#define IN_EACH_DIALECT(d, c)       \
  const Dialect& d = each_dialect(); \
  INFO(d.name);                      \
  Conversation c(d.protocol);        \
  REQUIRE(c.handshake_ok())

// The score of an info line in centipawns (UCCI `score N`, UCI `score cp N`).
std::optional<int> info_score(const std::vector<std::string>& words) {
  auto at = std::find(words.begin(), words.end(), "score");
  if (at == words.end() || ++at == words.end()) return std::nullopt;
  if (*at == "cp" && ++at == words.end()) return std::nullopt;
  return std::stoi(*at);
}

}  // namespace

TEST_CASE("Both dialects: position + go depth gives a legal bestmove and per-iteration info", "[protocol]") {
  IN_EACH_DIALECT(d, c);
  expect_accepted(c, d.new_game);
  const std::vector<std::string> moves{"h2e2", "h9g7", "h0g2"};
  c.send("position startpos moves h2e2 h9g7 h0g2");
  c.send("go depth 4");
  std::vector<std::string> seen;
  const auto best = c.bestmove(kAnswerTimeout, &seen);
  REQUIRE(best);
  CHECK(legal_bestmove(*best, position_after(kStartFen, moves)));
  int infos = 0;
  for (const std::string& line : seen) {
    if (!starts_with(line, "info depth ")) continue;
    ++infos;
    INFO(line);
    CHECK(info_score(words_of(line)));
    for (const char* field : {" seldepth ", " nodes ", " nps ", " hashfull ", " time ", " pv "})
      CHECK(line.find(field) != std::string::npos);
  }
  CHECK(infos >= 4);
  // The ponder move, when given, is legal after the best move.
  const std::vector<std::string> words = words_of(*best);
  if (words.size() == 4) {
    CHECK(words[2] == "ponder");
    std::vector<std::string> line = moves;
    line.push_back(words[1]);
    CHECK(is_legal(position_after(kStartFen, line), *parse_move(words[3])));
  }

  SECTION("from a FEN") {
    c.send("position fen " + std::string(kLostFen));
    c.send("go depth 3");
    const auto answer = c.bestmove();
    REQUIRE(answer);
    CHECK(legal_bestmove(*answer, position_after(kLostFen)));
  }
}

TEST_CASE("Both dialects: a mate in one is found and reported as a mate", "[protocol]") {
  IN_EACH_DIALECT(d, c);
  c.send("position fen " + std::string(kMateInOneFen));
  // `go mate 1` has no other limit: the search must end by itself once it has found the mate.
  SECTION("go depth 3") { c.send("go depth 3"); }
  SECTION("go mate 1") { c.send("go mate 1"); }
  std::vector<std::string> seen;
  const auto best = c.bestmove(kAnswerTimeout, &seen);
  REQUIRE(best);
  const auto mate = legal_bestmove(*best, position_after(kMateInOneFen));
  REQUIRE(mate);
  CHECK(legal_move_strings(position_after(kMateInOneFen, {to_string(*mate)})).empty());
  REQUIRE(seen.size() >= 2);
  CHECK(seen[seen.size() - 2].find(d.mate_in_one) != std::string::npos);
}

TEST_CASE("Both dialects: go infinite is answered only after stop, and quickly", "[protocol][timing]") {
  IN_EACH_DIALECT(d, c);
  c.send("position startpos");
  c.send("go infinite");
  // Still thinking after a while, and still answering isready.
  const auto t0 = std::chrono::steady_clock::now();
  const auto ready = c.sync();
  REQUIRE(ready);
  CHECK(elapsed_ms(t0) < 500);
  CHECK_FALSE(any_starts_with(*ready, "bestmove"));
  std::this_thread::sleep_for(300ms);
  const auto start_stop = std::chrono::steady_clock::now();
  c.send("stop");
  const auto best = c.bestmove(2s);
  const int64_t latency = elapsed_ms(start_stop);
  REQUIRE(best);
  CHECK(legal_bestmove(*best, Position::startpos()));
  CHECK(latency < 500);  // the design target is 20 ms; this bound leaves room for a loaded machine
  WARN(d.name << " stop latency " << latency << " ms");

  // A stop with nothing running: UCCI says nobestmove, UCI nothing.
  const auto idle = c.command("stop");
  REQUIRE(idle);
  CHECK(*idle == d.idle_stop);
}

TEST_CASE("Both dialects: no move to play is said so, also after pondering", "[protocol]") {
  REQUIRE(legal_move_strings(position_after(kMatedFen)).empty());
  IN_EACH_DIALECT(d, c);
  c.send("position fen " + std::string(kMatedFen));
  c.send("go depth 4");
  const auto best = c.bestmove();
  REQUIRE(best);
  CHECK(*best == d.no_move);

  SECTION("also when pondering, after ponderhit") {
    c.send("go ponder depth 4");
    CHECK_FALSE(c.process().read_line(200ms));
    c.send("ponderhit");
    const auto answer = c.bestmove();
    REQUIRE(answer);
    CHECK(*answer == d.no_move);
  }
}

TEST_CASE("Both dialects: quit ends the process with exit status 0", "[protocol]") {
  IN_EACH_DIALECT(d, c);
  SECTION("idle") {
    c.send("quit");
    if (d.quit_reply) CHECK(c.process().read_line(kAnswerTimeout) == d.quit_reply);
  }
  SECTION("while searching: the search answers first") {
    c.send("go infinite");
    std::this_thread::sleep_for(100ms);
    c.send("quit");
    CHECK(c.bestmove());
    if (d.quit_reply) CHECK(c.process().read_line(kAnswerTimeout) == d.quit_reply);
  }
  CHECK(c.process().wait_exit(kAnswerTimeout) == std::optional<int>(0));
}

TEST_CASE("Both dialects: end of input while searching exits cleanly", "[protocol]") {
  IN_EACH_DIALECT(d, c);
  c.send("go infinite");
  std::this_thread::sleep_for(100ms);
  c.process().close_stdin();
  CHECK(c.bestmove(kAnswerTimeout));
  CHECK(c.process().wait_exit(kAnswerTimeout) == std::optional<int>(0));
}

TEST_CASE("Both dialects: ponder, then ponderhit or stop, gives a bestmove", "[protocol]") {
  IN_EACH_DIALECT(d, c);
  expect_accepted(c, d.setoption(d.ponder, "true"));
  const std::vector<std::string> moves{"h2e2", "h9g7"};
  c.send("position startpos moves h2e2 h9g7");
  const std::string clock = d.clock(5);
  c.send("go ponder" + clock.substr(2));
  // Pondering has no time limit: nothing until the GUI says what happened.
  CHECK_FALSE(c.process().read_until("bestmove", 400ms));

  SECTION("ponderhit: the clock starts and the search ends on its own") {
    c.send("ponderhit");
    const auto best = c.bestmove();
    REQUIRE(best);
    CHECK(legal_bestmove(*best, position_after(kStartFen, moves)));
  }
  SECTION("stop") {
    c.send("stop");
    const auto best = c.bestmove();
    REQUIRE(best);
    CHECK(legal_bestmove(*best, position_after(kStartFen, moves)));
  }
}

TEST_CASE("Both dialects: a timed go ends well within the time, by the engine's own clock", "[protocol]") {
  IN_EACH_DIALECT(d, c);
  c.send("position startpos");
  expect_timed_go(c, d.clock(2), Position::startpos(), {1, 1000, 1500}, false);
}

TEST_CASE("Both dialects: a timed go returns well within the time", "[protocol][timing]") {
  IN_EACH_DIALECT(d, c);
  c.send("position startpos");
  expect_timed_go(c, d.clock(2), Position::startpos(), {1, 1000, 1500}, true);
}

TEST_CASE("Both dialects: a new go while searching: the old search answers first", "[protocol]") {
  IN_EACH_DIALECT(d, c);
  c.send("position startpos");
  c.send("go infinite");
  std::this_thread::sleep_for(100ms);
  c.send("position startpos moves h2e2");
  c.send("go depth 2");
  const auto first = c.bestmove();
  REQUIRE(first);
  CHECK(legal_bestmove(*first, Position::startpos()));
  const auto second = c.bestmove();
  REQUIRE(second);
  CHECK(legal_bestmove(*second, position_after(kStartFen, {"h2e2"})));
}

TEST_CASE("Both dialects: weights files good and bad", "[protocol]") {
  IN_EACH_DIALECT(d, c);
  const auto set_weights = [&](const std::string& file) { return c.command(d.setoption(d.weights, file)); };
  const std::string good = std::string(JIANG_DATA_DIR) + "/weights.json";
  auto lines = set_weights(good);
  REQUIRE(lines);
  CHECK(*lines == std::vector<std::string>{"info string weights loaded from " + good});

  lines = set_weights("/nonexistent/weights.json");
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  CHECK(starts_with(lines->front(), "info string setoption: cannot read weights file '/nonexistent/weights.json'"));

  // A device would be read forever: refused at once, the engine still answering.
  lines = set_weights("/dev/zero");
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  CHECK(starts_with(lines->front(), "info string setoption: weights file '/dev/zero' is not a regular file"));

  const std::string bad = std::string("jiang_protocol_bad_weights_") + d.name + ".json";
  std::ofstream(bad) << "{ \"material.rook.mg\": \"heavy\" }\n";
  lines = set_weights(bad);
  std::remove(bad.c_str());
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  CHECK(starts_with(lines->front(), "info string setoption: weights file"));

  // A file from before some terms existed: loaded, and the engine says what it left at the defaults.
  const std::string partial = std::string("jiang_protocol_partial_weights_") + d.name + ".json";
  std::ofstream(partial) << R"({"material.rook.mg": 950})";
  lines = set_weights(partial);
  std::remove(partial.c_str());
  REQUIRE(lines);
  REQUIRE(lines->size() == 1);
  CHECK(starts_with(lines->front(), "info string weights loaded from " + partial + "; "));
  CHECK(lines->front().find("parameters not in the file keep their compiled-in values") != std::string::npos);

  lines = set_weights("<empty>");
  REQUIRE(lines);
  CHECK(*lines == std::vector<std::string>{"info string weights: the compiled-in defaults"});

  // Still searching normally.
  c.send("position startpos");
  c.send("go depth 3");
  const auto best = c.bestmove();
  REQUIRE(best);
  CHECK(legal_bestmove(*best, Position::startpos()));
}

TEST_CASE("Both dialects: bad input is reported and changes nothing", "[protocol]") {
  IN_EACH_DIALECT(d, c);
  const std::vector<std::string> moves{"h2e2"};
  expect_accepted(c, "position startpos moves h2e2");

  std::vector<std::string> refused{
      "xyzzy", d.other_hello, d.setoption(d.hash, "0"), d.setoption(d.multipv, "0"),
      d.setoption(d.weights, "/nonexistent"),
      // positions: missing or malformed FEN, illegal or malformed moves
      "position", "position fen", "position fen moves h2e2", "position fen garbage", "position startpos extra",
      "position startpos moves h2e2 h2e2", "position startpos moves h2e3", "position startpos moves zzzz",
      // go with garbage
      "go depth", "go depth x", "go depth 0", "go nodes -1"};
  refused.insert(refused.end(), d.refused.begin(), d.refused.end());
  for (const std::string& command : refused) expect_refused(c, command);
  // Nothing changed: the position is still the one after h2e2 (and in UCCI nothing is banned).
  c.send("go depth 1");
  const auto best = c.bestmove();
  REQUIRE(best);
  CHECK(legal_bestmove(*best, position_after(kStartFen, moves)));

  SECTION("a refused option while searching") {
    c.send("go infinite");
    expect_refused(c, d.setoption(d.hash, "16"));
    expect_refused(c, d.new_game);
    c.send("stop");
    REQUIRE(c.bestmove());
    expect_accepted(c, d.setoption(d.hash, "16"));
    expect_accepted(c, d.new_game);
  }
}

TEST_CASE("Both dialects: the repetition rule the search judges repetitions by", "[protocol]") {
  IN_EACH_DIALECT(d, c);
  for (const char* bad : {"asian", ""}) {
    INFO(bad);
    const auto answer = c.command(d.setoption(d.repetition, bad));
    REQUIRE(answer);
    REQUIRE(answer->size() == 1);
    CHECK(starts_with(answer->front(),
                      "info string setoption: " + std::string(d.repetition) + " expects one of axf, chinese, draw"));
  }
  // Red, lost, has chased a black cannon with its rook twice round a cycle (search_behaviour.cpp):
  // chasing again loses under AXF rules and draws when every repetition is a draw.
  const std::string position =
      "position fen 3k5/7R1/9/7c1/8r/9/9/9/1r7/4K4 b - - 0 1 moves h6g6 h8g8 g6h6 g8h8 h6g6 h8g8 g6h6";
  for (const auto& [rule, chase_again] : {std::pair{"draw", true}, std::pair{"AXF", false}}) {
    INFO(rule);
    expect_accepted(c, d.setoption(d.repetition, rule));  // any case
    c.send(position);
    c.send("go depth 5");
    const auto best = c.bestmove();
    REQUIRE(best);
    CHECK((*best == "bestmove g8h8") == chase_again);
  }
}

TEST_CASE("Both dialects: MultiPV reports the best lines, best first, with distinct first moves", "[protocol]") {
  IN_EACH_DIALECT(d, c);
  expect_accepted(c, d.setoption(d.multipv, "3"));
  c.send("position startpos moves h2e2");
  c.send("go depth 5");
  std::vector<std::string> seen;
  const auto best = c.bestmove(kAnswerTimeout, &seen);
  REQUIRE(best);
  // The last iteration's three lines.
  std::vector<std::vector<std::string>> last(3);
  for (const std::string& line : seen) {
    const std::vector<std::string> w = words_of(line);
    const auto at = std::find(w.begin(), w.end(), "multipv");
    if (w.size() < 3 || w[1] != "depth" || at == w.end()) continue;
    const int k = std::stoi(*(at + 1));
    REQUIRE(k >= 1);
    REQUIRE(k <= 3);
    if (w[2] == "5") last[size_t(k - 1)] = w;
  }
  std::vector<std::string> firsts;
  std::vector<int> scores;
  for (const auto& w : last) {
    REQUIRE(!w.empty());
    const auto pv = std::find(w.begin(), w.end(), "pv");
    REQUIRE(pv + 1 < w.end());
    REQUIRE(info_score(w));
    firsts.push_back(*(pv + 1));
    scores.push_back(*info_score(w));
  }
  CHECK(firsts[0] != firsts[1]);
  CHECK(firsts[1] != firsts[2]);
  CHECK(firsts[0] != firsts[2]);
  CHECK(scores[0] >= scores[1]);
  CHECK(scores[1] >= scores[2]);
  CHECK(words_of(*best)[1] == firsts[0]);
  // Back to one line: no multipv field.
  expect_accepted(c, d.setoption(d.multipv, "1"));
  c.send("go depth 3");
  std::vector<std::string> single;
  REQUIRE(c.bestmove(kAnswerTimeout, &single));
  for (const std::string& line : single) CHECK(line.find(" multipv ") == std::string::npos);
}

TEST_CASE("Both dialects: the skill level and the Elo limit weaken play, and bad values are refused",
          "[protocol]") {
  IN_EACH_DIALECT(d, c);
  expect_refused(c, d.setoption(d.skill, "-1"));
  expect_refused(c, d.setoption(d.skill, "21"));
  expect_refused(c, d.setoption(d.elo, "1419"));
  expect_refused(c, d.setoption(d.elo, "3011"));
  expect_refused(c, d.setoption(d.limit_strength, "maybe"));
  expect_accepted(c, d.setoption(d.skill, "0"));
  // Level 0 searches a few hundred nodes: the answer comes long before an hour's clock runs out.
  c.send("position startpos moves h2e2");
  c.send(d.clock(3600));
  const auto weakest = c.bestmove(kAnswerTimeout);
  REQUIRE(weakest);
  CHECK(legal_bestmove(*weakest, position_after(kStartFen, {"h2e2"})));
  expect_accepted(c, d.setoption(d.skill, "20"));
  expect_accepted(c, d.setoption(d.elo, "1450"));
  expect_accepted(c, d.setoption(d.limit_strength, "true"));
  c.send(d.clock(3600));
  const auto limited = c.bestmove(kAnswerTimeout);
  REQUIRE(limited);
  CHECK(legal_bestmove(*limited, position_after(kStartFen, {"h2e2"})));
}

TEST_CASE("Both dialects: the WDL option adds the win, draw and loss chances to each info line", "[protocol]") {
  IN_EACH_DIALECT(d, c);
  expect_refused(c, d.setoption(d.show_wdl, "sometimes"));
  expect_accepted(c, d.setoption(d.show_wdl, "true"));
  c.send("position startpos moves h2e2");
  c.send("go depth 4");
  std::vector<std::string> seen;
  REQUIRE(c.bestmove(kAnswerTimeout, &seen));
  int with_wdl = 0;
  for (const std::string& line : seen) {
    if (!starts_with(line, "info depth ")) continue;
    INFO(line);
    const std::vector<std::string> w = words_of(line);
    const auto at = std::find(w.begin(), w.end(), "wdl");
    REQUIRE(at != w.end());
    REQUIRE(w.end() - at > 3);
    CHECK(std::stoi(at[1]) + std::stoi(at[2]) + std::stoi(at[3]) == 1000);
    if (d.wdl_after_score) CHECK(*(at - 2) == "cp");
    ++with_wdl;
  }
  CHECK(with_wdl >= 4);
  expect_accepted(c, d.setoption(d.show_wdl, "false"));
  c.send("go depth 2");
  seen.clear();
  REQUIRE(c.bestmove(kAnswerTimeout, &seen));
  for (const std::string& line : seen) CHECK(line.find(" wdl ") == std::string::npos);
}

}  // namespace jiang::testing
