// What the match runner reads: engine specs, time controls, adjudication rules, and the engines' own
// lines (scores, bestmove); what it writes to them (`go` in each dialect); clocks and adjudication.
#include <catch2/catch.hpp>

#include "match/adjudication.h"
#include "match/dialect.h"
#include "match/engine_spec.h"
#include "match/time_control.h"

using namespace jiang;
using namespace jiang::match;

TEST_CASE("Spec words split at blanks outside quotes", "[match][spec]") {
  using V = std::vector<std::string>;
  CHECK(split_words_quoted("a=1  b=2") == V{"a=1", "b=2"});
  CHECK(split_words_quoted("option.W='/my dir/w.json' x=\"y z\"") == V{"option.W=/my dir/w.json", "x=y z"});
  CHECK(split_words_quoted("\"option.Clear Hash=true\"") == V{"option.Clear Hash=true"});
  CHECK(split_words_quoted(R"(a=b\ c d="\"q\"")") == V{"a=b c", "d=\"q\""});
  CHECK(split_words_quoted("  ").empty());
  CHECK(split_words_quoted("x=''") == V{"x="});
  CHECK_THROWS_AS(split_words_quoted("a='open"), SpecError);
  CHECK_THROWS_AS(split_words_quoted("a=\"open"), SpecError);
}

TEST_CASE("An engine spec gives name, program, arguments, protocol and options", "[match][spec]") {
  const EngineSpec s = parse_engine_spec("name=new cmd=./build/jiang proto=uci option.Hash=32 'option.WeightsFile=/a b/w.json'");
  CHECK(s.name == "new");
  CHECK(s.program == "./build/jiang");
  CHECK(s.dialect == Dialect::Uci);
  REQUIRE(s.options.size() == 2);
  CHECK(s.options[0] == std::pair<std::string, std::string>{"Hash", "32"});
  CHECK(s.options[1] == std::pair<std::string, std::string>{"WeightsFile", "/a b/w.json"});

  const EngineSpec d = parse_engine_spec("cmd=/usr/games/fairy-stockfish args='-x \"two words\"' dir=/tmp timeunit=ms");
  CHECK(d.name == "fairy-stockfish");  // the program's file name
  CHECK(d.dialect == Dialect::Ucci);   // the default
  CHECK(d.args == std::vector<std::string>{"-x", "two words"});
  CHECK(d.dir == "/tmp");
  CHECK(d.time_unit == TimeUnit::Milliseconds);
  CHECK_FALSE(d.ponder);  // the default
  CHECK(parse_engine_spec("cmd=x ponder=on").ponder);
  CHECK(parse_engine_spec("cmd=x proto=xboard").dialect == Dialect::Xboard);
  CHECK_FALSE(d.budget);  // the match's limit
  const EngineSpec odds = parse_engine_spec("cmd=x tc=40/60+0.5");
  REQUIRE(odds.budget);
  CHECK((odds.budget->clock && odds.budget->tc.moves == 40 && odds.budget->tc.base_ms == 60000 && odds.budget->tc.increment_ms == 500));
  CHECK(parse_engine_spec("cmd=x nodes=5000").budget->nodes == 5000u);
  CHECK(parse_engine_spec("cmd=x depth=7").budget->depth == 7);
  CHECK_FALSE(parse_engine_spec("cmd=x ponder=off").ponder);
}

TEST_CASE("Bad engine specs are refused with the reason", "[match][spec]") {
  const auto error = [](const std::string& text) {
    try {
      parse_engine_spec(text);
    } catch (const SpecError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK_THAT(error("name=x proto=ucci"), Catch::Contains("no cmd="));
  CHECK_THAT(error("cmd=x colour=red"), Catch::Contains("unknown key 'colour'"));
  CHECK_THAT(error("cmd=x proto=cecp"), Catch::Contains("proto must be ucci, uci or xboard"));
  CHECK_THAT(error("cmd=x proto=xboard timeunit=ms"), Catch::Contains("timeunit= is for UCCI engines"));
  CHECK_THAT(error("cmd=x tc=10 nodes=5"), Catch::Contains("give one of tc=, nodes= and depth="));
  CHECK_THAT(error("cmd=x tc=fast"), Catch::Contains("tc=: time control 'fast'"));
  CHECK_THAT(error("cmd=x nodes=0"), Catch::Contains("nodes must be a whole number from 1"));
  CHECK_THAT(error("cmd=x depth=x"), Catch::Contains("depth must be a whole number from 1"));
  CHECK_THAT(error("cmd=x jiang"), Catch::Contains("'jiang' is not KEY=VALUE"));
  CHECK_THAT(error("cmd=x =3"), Catch::Contains("is not KEY=VALUE"));
  CHECK_THAT(error("cmd=x cmd=y"), Catch::Contains("'cmd' is given twice"));
  CHECK_THAT(error("cmd=x option.=3"), Catch::Contains("the option has no name"));
  CHECK_THAT(error("cmd=x name="), Catch::Contains("name= must not be empty"));
  CHECK_THAT(error("cmd=x proto=uci timeunit=s"), Catch::Contains("timeunit= is for UCCI"));
  CHECK_THAT(error("cmd=x timeunit=minutes"), Catch::Contains("timeunit must be"));
  CHECK_THAT(error("cmd='x"), Catch::Contains("unterminated"));
  CHECK_THAT(error("cmd=x ponder=true"), Catch::Contains("ponder must be on or off, got 'true'"));
}

TEST_CASE("Engine programs are found on PATH or checked as paths", "[match][spec]") {
  CHECK(resolve_program("sh").find("/sh") != std::string::npos);
  CHECK(resolve_program("/bin/sh") == "/bin/sh");
  CHECK_THROWS_WITH(resolve_program("/nonexistent/engine"), Catch::Contains("does not exist"));
  CHECK_THROWS_WITH(resolve_program("/etc/passwd"), Catch::Contains("not an executable file"));
  CHECK_THROWS_WITH(resolve_program("no-such-engine-jiang-test"), Catch::Contains("not in PATH"));
}

TEST_CASE("Time controls are SECONDS[+INCREMENT]", "[match][tc]") {
  const TimeControl a = parse_time_control("10+0.1");
  CHECK(a.base_ms == 10000);
  CHECK(a.increment_ms == 100);
  CHECK(to_string(a) == "10+0.1");
  const TimeControl b = parse_time_control("0.5");
  CHECK(b.base_ms == 500);
  CHECK(b.increment_ms == 0);
  CHECK(to_string(b) == "0.5+0");
  CHECK(parse_time_control("60+1").increment_ms == 1000);
  const TimeControl c = parse_time_control("40/0.5");
  CHECK(c.moves == 40);
  CHECK(c.base_ms == 500);
  CHECK(to_string(c) == "40/0.5+0");
  CHECK(parse_time_control("40/60+1").increment_ms == 1000);
  for (const char* bad : {"", "+", "10+", "+1", "ten", "10+0.1+1", "-5", "0", "0+1", "1e3", "10:00", "1..2", "10 +1",
                          "/10", "0/10", "x/10", "40/", "40/0", "1001/10", "40//10", "-40/10", "99999/1"})
    CHECK_THROWS_AS(parse_time_control(bad), TimeControlError);
}

TEST_CASE("A clock of so many moves gets its base back after each period and counts the moves to go", "[match][tc]") {
  using std::chrono::milliseconds;
  Clock c(TimeControl{1000, 0, 3}, milliseconds(50));
  using Charge = Clock::Charge;
  CHECK(c.moves_to_go() == 3);
  CHECK(c.charge(milliseconds(400)) == Charge::InTime);
  CHECK(c.moves_to_go() == 2);
  CHECK(c.charge(milliseconds(400)) == Charge::InTime);
  CHECK(c.moves_to_go() == 1);
  CHECK(c.charge(milliseconds(100)) == Charge::InTime);  // the period's last move: 100 ms left, then the base again
  CHECK(c.remaining_ms() == 1100);
  CHECK(c.moves_to_go() == 3);
  CHECK(Clock(TimeControl{1000, 0}, milliseconds(50)).moves_to_go() == 0);
}

TEST_CASE("A clock forfeits past its time plus the margin, counts an overrun within it, keeps the increment",
          "[match][tc]") {
  using std::chrono::milliseconds;
  using Charge = Clock::Charge;
  Clock c(TimeControl{1000, 100}, milliseconds(50));
  CHECK(c.deadline() == milliseconds(1050));
  CHECK(c.charge(milliseconds(300)) == Charge::InTime);
  CHECK(c.remaining_ms() == 800);
  CHECK(c.charge(milliseconds(800)) == Charge::InTime);  // to the millisecond: not over
  CHECK(c.remaining_ms() == 100);
  CHECK(c.charge(milliseconds(140)) == Charge::Overrun);  // 40 ms over: within the margin, left at zero, plus the increment
  CHECK(c.remaining_ms() == 100);
  CHECK(c.charge(milliseconds(151)) == Charge::Forfeit);
  CHECK(c.remaining_ms() == 100);  // left as it was
}

TEST_CASE("Adjudication rules parse from KEY=N words", "[match][adjudication]") {
  const ResignRule r = parse_resign_rule({"movecount=3", "score=600"});
  CHECK(r.movecount == 3);
  CHECK(r.score == 600);
  const DrawRule d = parse_draw_rule({"score=10", "movenumber=40", "movecount=8"});
  CHECK(d.movenumber == 40);
  CHECK(d.movecount == 8);
  CHECK(d.score == 10);
  CHECK_THROWS_WITH(parse_resign_rule({"movecount=3"}), Catch::Contains("missing score=N"));
  CHECK_THROWS_WITH(parse_resign_rule({"movecount=3", "score=x"}), Catch::Contains("whole number"));
  CHECK_THROWS_WITH(parse_resign_rule({"movecount=0", "score=5"}), Catch::Contains("at least 1"));
  CHECK_THROWS_WITH(parse_draw_rule({"movenumber=1", "movecount=1", "margin=3"}), Catch::Contains("not one of"));
  CHECK_THROWS_WITH(parse_draw_rule({"movenumber=1", "movenumber=2", "score=3"}), Catch::Contains("given twice"));
}

TEST_CASE("Resign adjudication needs both engines to agree, move after move", "[match][adjudication]") {
  AdjudicationRules rules;
  rules.resign = ResignRule{2, 500};
  Adjudicator a(rules);
  int ply = 0;
  const auto move = [&](Color c, std::optional<int> cp) {
    a.after_move(c, cp, ++ply);
  };
  move(Red, 600);
  move(Black, -600);
  move(Red, 600);
  CHECK_FALSE(a.verdict());  // Black has said so only once
  move(Black, std::nullopt);  // no score: the streak breaks
  move(Red, 700);
  move(Black, -500);
  CHECK_FALSE(a.verdict());
  move(Red, 800);
  move(Black, -900);
  REQUIRE(a.verdict());
  CHECK(a.verdict()->result == GameResult::RedWins);
  CHECK(a.verdict()->reason == "resign adjudication");

  Adjudicator mate(rules);  // a mate score counts as beyond every threshold
  mate.after_move(Red, EngineScore{true, -3}.centipawns(), 1);
  mate.after_move(Black, EngineScore{true, 3}.centipawns(), 2);
  mate.after_move(Red, EngineScore{true, -2}.centipawns(), 3);
  mate.after_move(Black, EngineScore{true, 2}.centipawns(), 4);
  REQUIRE(mate.verdict());
  CHECK(mate.verdict()->result == GameResult::BlackWins);
}

TEST_CASE("Draw adjudication waits for the move number, and max plies draws", "[match][adjudication]") {
  AdjudicationRules rules;
  rules.draw = DrawRule{3, 2, 10};
  Adjudicator a(rules);
  for (int ply = 1; ply <= 5; ++ply) a.after_move(ply % 2 ? Red : Black, ply % 2 ? 5 : -8, ply);
  CHECK_FALSE(a.verdict());  // level scores, but before move 3 (ply 6)
  a.after_move(Black, 0, 6);
  REQUIRE(a.verdict());
  CHECK(a.verdict()->reason == "draw adjudication");

  AdjudicationRules limit;
  limit.max_plies = 3;
  Adjudicator m(limit);
  m.after_move(Red, std::nullopt, 1);
  m.after_move(Black, std::nullopt, 2);
  CHECK_FALSE(m.verdict());
  m.after_move(Red, std::nullopt, 3);
  REQUIRE(m.verdict());
  CHECK(m.verdict()->result == GameResult::Draw);
  CHECK(m.verdict()->reason == "max plies");
}

TEST_CASE("Scores are read from UCCI and UCI info lines, with their bounds", "[match][dialect]") {
  const auto score = [](const std::string& line) { return parse_info(line).value().score.value(); };
  CHECK(score("info depth 8 seldepth 12 score 35 time 10 nodes 100 pv h2e2").centipawns() == 35);
  CHECK(score("info depth 8 score cp -120 nodes 5").centipawns() == -120);
  CHECK(score("info depth 20 score mate 3 pv a0a1").mate);
  CHECK(score("info depth 20 score mate 3").centipawns() > score("info depth 20 score mate 5").centipawns());
  CHECK(score("info depth 20 score mate -2").centipawns() < -50000);
  CHECK(parse_info("info depth 8 score cp 40 lowerbound nodes 5").value().bound == EngineInfo::Bound::Lower);
  CHECK(parse_info("info depth 8 score cp 40 upperbound").value().bound == EngineInfo::Bound::Upper);
  CHECK(parse_info("info depth 8 score cp 40").value().bound == EngineInfo::Bound::Exact);
  CHECK_FALSE(parse_info("info string score 5"));
  CHECK_FALSE(parse_info("info depth 3 nodes 10").value().score);
  CHECK_FALSE(parse_info("info depth 3 score cp"));  // malformed: no line at all
  CHECK_FALSE(parse_info("info depth x score 3"));
  CHECK_FALSE(parse_info("bestmove h2e2"));
  CHECK(parse_info("info depth 12 seldepth 20 score 3").value().depth == 12);
}

TEST_CASE("Every field of an info line is read, as a GUI shows them", "[match][dialect]") {
  const EngineInfo uci = parse_info(
      "info depth 14 seldepth 21 multipv 2 score cp -17 wdl 120 700 180 nodes 123456 nps 98765 hashfull 37 "
      "tbhits 0 time 1250 pv h2e2 h9g7 h0g2").value();
  CHECK(uci.depth == 14);
  CHECK(uci.seldepth == 21);
  CHECK(uci.multipv == 2);
  CHECK(uci.score->value == -17);
  REQUIRE(uci.wdl);
  CHECK((uci.wdl->win == 120 && uci.wdl->draw == 700 && uci.wdl->loss == 180));
  CHECK(uci.nodes == 123456u);
  CHECK(uci.nps == 98765u);
  CHECK(uci.hashfull == 37);
  CHECK(uci.time_ms == 1250);
  CHECK(uci.pv == std::vector<std::string>{"h2e2", "h9g7", "h0g2"});
  // A field after the principal variation ends it; unknown words are skipped.
  const EngineInfo ucci = parse_info("info depth 3 pv b2e2 b9c7 currmove h2e2 nodes 40 something else").value();
  CHECK(ucci.pv == std::vector<std::string>{"b2e2", "b9c7"});
  CHECK(ucci.nodes == 40u);
  CHECK(ucci.multipv == 0);  // not given
  CHECK_FALSE(ucci.hashfull);
  CHECK_FALSE(ucci.wdl);
  CHECK_FALSE(parse_info("info depth 3 wdl 1 2"));  // wdl needs three numbers
  CHECK_FALSE(parse_info("info nodes -5"));
}

TEST_CASE("bestmove answers: move, ponder move, none, resign", "[match][dialect]") {
  CHECK(parse_bestmove("bestmove h2e2 ponder h9g7").value().move == "h2e2");
  CHECK(parse_bestmove("bestmove h2e2 ponder h9g7").value().ponder == "h9g7");
  CHECK(parse_bestmove("bestmove h2e2 ponder h9g7 draw").value().ponder == "h9g7");  // UCCI
  CHECK(parse_bestmove("bestmove h2e2").value().ponder.empty());
  CHECK(parse_bestmove("bestmove h2e2 ponder").value().ponder.empty());
  CHECK(parse_bestmove("bestmove (none)").value().move.empty());
  CHECK(parse_bestmove("nobestmove").value().move.empty());
  CHECK(parse_bestmove("bestmove a0a1 resign").value().resigned);
  CHECK_FALSE(parse_bestmove("bestmove h2e2 draw").value().resigned);
  CHECK_FALSE(parse_bestmove("info depth 1"));
}

TEST_CASE("go is written in each protocol's words and units", "[match][dialect]") {
  MoveBudget clock;
  clock.clock = true;
  GoClock c;
  c.remaining_ms[Red] = 9500;
  c.remaining_ms[Black] = 8250;
  c.increment_ms[Red] = c.increment_ms[Black] = 100;
  c.to_move = Black;
  Handshake with_ms;
  with_ms.options = {"UseMillisec", "hashsize", "newgame"};
  Handshake plain;
  plain.options = {"hashsize"};

  auto ucci = make_dialect(Dialect::Ucci, TimeUnit::Auto);
  CHECK(ucci->after_handshake(with_ms) == std::vector<std::string>{"setoption UseMillisec true"});
  CHECK(ucci->go(clock, c) == "go time 8250 increment 100 opptime 9500 oppincrement 100");
  CHECK(ucci->new_game(with_ms) == std::vector<std::string>{"setoption newgame"});
  CHECK(ucci->new_game(plain).empty());

  auto seconds = make_dialect(Dialect::Ucci, TimeUnit::Auto);
  CHECK(seconds->after_handshake(plain).empty());
  CHECK(seconds->go(clock, c) == "go time 8.250 increment 0.100 opptime 9.500 oppincrement 0.100");
  c.movestogo = 7;
  CHECK(seconds->go(clock, c) == "go time 8.250 increment 0.100 opptime 9.500 oppincrement 0.100 movestogo 7");
  CHECK(make_dialect(Dialect::Uci, TimeUnit::Auto)->go(clock, c) ==
        "go wtime 9500 btime 8250 winc 100 binc 100 movestogo 7");
  c.movestogo = 0;

  Handshake fairy = plain;
  fairy.id_name = "Fairy-Stockfish 11.1 LB 64";
  auto fsf = make_dialect(Dialect::Ucci, TimeUnit::Auto);
  CHECK(fsf->after_handshake(fairy).empty());
  CHECK(fsf->go(clock, c) == "go time 8250 increment 100 opptime 9500 oppincrement 100");

  auto uci = make_dialect(Dialect::Uci, TimeUnit::Auto);
  CHECK(uci->go(clock, c) == "go wtime 9500 btime 8250 winc 100 binc 100");
  CHECK(uci->new_game(plain) == std::vector<std::string>{"ucinewgame"});
  CHECK(uci->setoption("Clear Hash", "true") == "setoption name Clear Hash value true");
  CHECK(ucci->setoption("hashsize", "32") == "setoption hashsize 32");

  MoveBudget nodes;
  nodes.nodes = 20000;
  CHECK(uci->go(nodes, c) == "go nodes 20000");
  CHECK(uci->go_ponder(clock, c) == "go ponder wtime 9500 btime 8250 winc 100 binc 100");
  CHECK(ucci->go_ponder(clock, c) == "go ponder time 8250 increment 100 opptime 9500 oppincrement 100");
  MoveBudget depth;
  depth.depth = 4;
  CHECK(ucci->go(depth, c) == "go depth 4");
  CHECK(ucci->position("F w", {}) == "position fen F w");
  CHECK(ucci->position("F w", {"h2e2", "h9g7"}) == "position fen F w moves h2e2 h9g7");
}
