// The best-first search (engine/modes/best_first/): the backing-up rules and the root's decisions on trees
// built by hand, independent of positions; then the search on real positions: mates in one found, no
// illegal move ever played, the node budget, node and depth limits, a perpetual check avoided, stop and
// ponderhit obeyed.
#include <catch2/catch.hpp>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine/modes/best_first/best_first.h"
#include "engine/modes/best_first/first_estimate.h"
#include "engine/modes/best_first/kept_tree.h"
#include "engine/modes/best_first/fork.h"
#include "engine/modes/best_first/report.h"
#include "engine/modes/best_first/root.h"
#include "engine/modes/best_first/tree.h"
#include "engine/engine.h"
#include "engine/search.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"

using namespace jiang;
using namespace jiang::best_first;

namespace {

// A fork given as S-2, S-1, S0, S1, S2 (reading order, pessimist to optimist).
Fork fork_of(int m2, int m1, int s0, int p1, int p2) {
  Fork f;
  f.s = {int16_t(p2), int16_t(p1), int16_t(s0), int16_t(m1), int16_t(m2)};
  return f;
}

// Distinct moves for hand-made nodes: the tree does not look at them.
Move move_no(int i) { return Move(Square(i), Square(i + 1)); }

std::vector<Child> leaves(std::initializer_list<Fork> forks) {
  std::vector<Child> out;
  int i = 0;
  for (const Fork& f : forks) out.push_back({move_no(i++), f, false});
  return out;
}

// A best-first search with a table and a thread's memory of its own, as a fresh engine has.
SearchResult bf_search(const Position& pos, const SearchLimits& limits, SearchControl& control,
                        const std::function<void(const SearchInfo&)>& on_info = {}) {
  const Evaluator eval;
  TranspositionTable tt(16);
  const auto memory = std::make_unique<ThreadMemory>();  // too large for the stack
  return best_first_search(pos, eval, tt, *memory, limits, control, on_info);
}

SearchResult run_best_first(const Position& pos, SearchLimits limits, SearchControl& control) {
  control.clock_start_ms = now_ms();
  return bf_search(pos, limits, control);
}

SearchResult run_best_first(const std::string& fen, SearchLimits limits) {
  SearchControl control;
  return run_best_first(Position::from_fen(fen), limits, control);
}

// First estimates as the search makes them: the quiescence searcher stands on the same position.
struct Estimates {
  const Evaluator eval;
  TranspositionTable tt{1};
  const std::unique_ptr<ThreadMemory> memory = std::make_unique<ThreadMemory>();  // too large for the stack
  const SearchLimits limits;
  SearchControl control;
  // The estimate of pos as the reply `move` (already made in pos), `ply` plies below a root.
  Child of(Position& pos, Move move, int ply, RuleSet rules = kDefaultRuleSet) {
    Searcher quiet(pos, eval, tt, *memory, limits, control);
    return FirstEstimator(eval, rules, memory->eval_cache).estimate(pos, quiet, move, ply);
  }
};

// A number of the search's summary note ("best-first tree N nodes ... expansions N transpositions N
// ..."): the word before it names it; 0 when this is not the summary or it lacks the field.
uint64_t summary_field(const SearchInfo& info, const std::string& name) {
  if (!info.note.starts_with("best-first tree ")) return 0;
  const size_t at = info.note.find(" " + name + " ");
  return at == std::string::npos ? 0 : std::stoull(info.note.substr(at + name.size() + 2));
}

bool is_legal_here(const Position& pos, Move m) {
  MoveList legal;
  generate_legal(pos, legal);
  return legal.contains(m);
}

}  // namespace

TEST_CASE("best-first: a fork backs up as the document says", "[best-first][tree]") {
  const Fork b1 = fork_of(-300, -50, 10, 60, 400);
  const Fork b2 = fork_of(-100, -20, 0, 30, 200);
  const std::vector<Fork> replies = {b1, b2};
  const Fork a = back_up(replies);
  CHECK(a.at(0) == -10);    // S0(A) = -max S0(B)
  CHECK(a.at(1) == 20);     // S1(A) = -max S-1(B)
  CHECK(a.at(-1) == -60);   // S-1(A) = -max S1(B)
  CHECK(a.at(2) == 100);    // S2(A) = -max S-2(B)
  CHECK(a.at(-2) == -400);  // S-2(A) = -max S2(B)
}

TEST_CASE("best-first: a hand-made tree backs up to the root through two levels", "[best-first][tree]") {
  Tree tree(100);
  REQUIRE(tree.expand(Tree::kRoot, leaves({fork_of(-50, -10, 0, 10, 50), fork_of(-80, -30, -5, 40, 90)})));
  const uint32_t a1 = tree.child_index(Tree::kRoot, 0);
  REQUIRE(tree.expand(a1, leaves({fork_of(-20, -5, 5, 15, 30), fork_of(-40, -25, -15, 0, 60)})));
  const uint32_t b1 = tree.child_index(a1, 0);
  REQUIRE(tree.expand(b1, leaves({fork_of(-10, -10, -10, -10, -10)})));
  tree.back_up_from(b1);
  // b1 has one reply c: b1 = mirror of c = (10, 10, 10, 10, 10).
  CHECK(tree.node(b1).fork == Fork::exact(10));
  // a1 from b1 = (10 x5) and b2 = (-40, -25, -15, 0, 60): S0 = -10, S1 = -max(10, -25) = -10,
  // S-1 = -max(10, 0) = -10, S2 = -max(10, -40) = -10, S-2 = -max(10, 60) = -60.
  CHECK(tree.node(a1).fork == fork_of(-60, -10, -10, -10, -10));
  // The root's fork is the mirror over the root moves a1 and a2 = (-80, -30, -5, 40, 90).
  CHECK(tree.node(Tree::kRoot).fork == back_up(std::vector<Fork>{tree.node(a1).fork, fork_of(-80, -30, -5, 40, 90)}));
  CHECK_FALSE(tree.node(a1).solved);
}

TEST_CASE("best-first: the estimates stay in order through backing up", "[best-first][tree]") {
  const Fork f = Fork::from_threats(50, 200, 100, 300, 900);
  CHECK(f == fork_of(-850, -250, 50, 250, 250));  // the unlikely gain below the real one adds nothing
  const Fork g = Fork::from_threats(0, 100, 400, 0, 0);
  CHECK(g == fork_of(0, 0, 0, 100, 400));
  CHECK(Fork::from_threats(kMate, 0, 0, 0, 0).realistic() < kMateBound);  // a guess never claims mate
  const std::vector<Fork> replies = {f, g};
  const Fork a = back_up(replies);
  for (int k = -2; k < 2; ++k) CHECK(a.at(k) <= a.at(k + 1));
}

TEST_CASE("best-first: solved replies settle a node", "[best-first][tree]") {
  Tree tree(100);
  std::vector<Child> replies = leaves({fork_of(-100, -50, 0, 50, 100), Fork::exact(mate_in(2))});
  replies[1].terminal = true;
  REQUIRE(tree.expand(Tree::kRoot, replies));
  const uint32_t a = tree.child_index(Tree::kRoot, 0);
  // a's replies: one mates (its mover wins), so a is lost whatever the other reply's estimates.
  std::vector<Child> a_replies = leaves({fork_of(-100, 0, 20, 40, 300), Fork::exact(mate_in(3))});
  a_replies[1].terminal = true;
  REQUIRE(tree.expand(a, a_replies));
  tree.back_up_from(a);
  CHECK(tree.node(a).solved);
  CHECK(tree.node(a).fork == Fork::exact(-mate_in(3)));
  // The root: one root move mates, the other is proven lost: solved.
  CHECK(tree.node(Tree::kRoot).solved);
  CHECK(most_promising(tree, Tree::kRoot, Level::Likely) == -1);
  CHECK(move_to_play(tree, std::vector<uint32_t>{5, 0}) == 1);  // the mate, whatever the votes
}

TEST_CASE("best-first: research follows the optimistic estimate", "[best-first][tree]") {
  Tree tree(100);
  std::vector<Child> replies = leaves({fork_of(-90, -20, 10, 30, 60),     // the best realistic
                                       fork_of(-200, -80, -10, 80, 100),  // the best optimistic
                                       fork_of(-300, -100, -20, 80, 500), // as optimistic, worse realistic
                                       Fork::exact(mate_in(1))});         // solved: never searched
  replies[3].terminal = true;
  REQUIRE(tree.expand(Tree::kRoot, replies));
  CHECK(most_promising(tree, Tree::kRoot, Level::Likely) == 1);   // S1 80 = 80, tie to the higher S0
  CHECK(most_promising(tree, Tree::kRoot, Level::Unlikely) == 2); // S2 500
  CHECK(most_realistic(tree, Tree::kRoot) == 3);                  // the mate is the most realistic
}

TEST_CASE("best-first: the stop rule", "[best-first][root]") {
  Tree tree(100);
  REQUIRE(tree.expand(Tree::kRoot, leaves({fork_of(-300, 120, 150, 200, 400), fork_of(-200, -50, 0, 100, 500),
                                           fork_of(-100, -60, -20, 119, 130)})));
  // Move 0's S-1 (120) exceeds every other S1 (100, 119), but it has not been looked at yet.
  CHECK(separated_move(tree, Level::Likely) == -1);
  const uint32_t a = tree.child_index(Tree::kRoot, 0);
  REQUIRE(tree.expand(a, leaves({fork_of(-200, -120, -150, -120, 300)})));
  tree.back_up_from(a);
  // Now a = (-300, 120, 150, 120, 200): S-1 120 > 100 and > 119.
  CHECK(tree.node(a).fork == fork_of(-300, 120, 150, 120, 200));
  CHECK(separated_move(tree, Level::Likely) == 0);
  // Not by the unlikely estimates: S-2 -300 is below the others' S2.
  CHECK(separated_move(tree, Level::Unlikely) == -1);
  // A dominant move is played whatever the votes.
  CHECK(move_to_play(tree, std::vector<uint32_t>{0, 9, 9}) == 0);

  Tree close(100);
  REQUIRE(close.expand(Tree::kRoot, leaves({fork_of(-300, 100, 150, 200, 400), fork_of(-200, -50, 0, 100, 500)})));
  const uint32_t c = close.child_index(Tree::kRoot, 0);
  REQUIRE(close.expand(c, leaves({fork_of(-200, -100, -150, -100, 300)})));
  close.back_up_from(c);
  CHECK(separated_move(close, Level::Likely) == -1);  // 100 is not above 100
}

TEST_CASE("best-first: votes decide the move played", "[best-first][root]") {
  Tree tree(100);
  REQUIRE(tree.expand(Tree::kRoot, leaves({fork_of(-300, -100, 50, 200, 400), fork_of(-300, -100, 20, 150, 400),
                                           fork_of(-300, -100, 20, 150, 400)})));
  CHECK(move_to_play(tree, std::vector<uint32_t>{0, 0, 0}) == 0);  // no votes: the realistic estimate
  CHECK(move_to_play(tree, std::vector<uint32_t>{3, 4, 0}) == 1);  // the most votes, though not the best S0
  CHECK(move_to_play(tree, std::vector<uint32_t>{4, 4, 0}) == 0);  // a tie goes to the better S0
  CHECK(move_to_play(tree, std::vector<uint32_t>{0, 2, 2}) == 1);  // equal estimates too: the first
}

TEST_CASE("best-first: a move proven lost is not played for its votes", "[best-first][root]") {
  Tree tree(100);
  std::vector<Child> replies = leaves({fork_of(-300, -100, 50, 200, 400), Fork::exact(mated_in(3))});
  replies[1].terminal = true;
  REQUIRE(tree.expand(Tree::kRoot, replies));
  CHECK(move_to_play(tree, std::vector<uint32_t>{1, 7}) == 0);
}

TEST_CASE("best-first: a subtree becomes a tree of its own", "[best-first][tree]") {
  // root -> A, B; A -> A1, A2 (a rule's verdict); A1 -> A1a (mates), A1b.
  Tree tree(100);
  REQUIRE(tree.expand(Tree::kRoot, leaves({fork_of(-100, 0, 50, 100, 200), fork_of(-50, 0, 10, 20, 30)})));
  const uint32_t a = tree.child_index(Tree::kRoot, 0);
  std::vector<Child> a_replies = leaves({fork_of(-200, -100, -50, 0, 100), Fork::exact(mate_in(2))});
  a_replies[1].terminal = a_replies[1].by_rule = true;
  REQUIRE(tree.expand(a, a_replies));
  const uint32_t a1 = tree.child_index(a, 0);
  std::vector<Child> a1_replies = leaves({Fork::exact(mate_in(3)), fork_of(-300, -200, -100, 0, 100)});
  a1_replies[0].terminal = true;
  REQUIRE(tree.expand(a1, a1_replies));
  tree.back_up_from(a1);
  CHECK(tree.node(tree.child_index(a, 1)).solved);

  // A's subtree, one ply down: A is the root, its replies and theirs as they were.
  const Tree sub = tree.subtree(a, 1, 100);
  REQUIRE(sub.size() == 5);
  REQUIRE(sub.node(Tree::kRoot).expanded);
  REQUIRE(sub.children(Tree::kRoot).size() == 2);
  const Node& new_a1 = sub.children(Tree::kRoot)[0];
  const Node& new_a2 = sub.children(Tree::kRoot)[1];
  CHECK(new_a1.move == tree.node(a1).move);
  CHECK(new_a1.expanded);
  // The mate three plies below the old root is two below the new one.
  const Node& mate = sub.children(sub.child_index(Tree::kRoot, 0))[0];
  CHECK(mate.solved);
  CHECK(mate.fork == Fork::exact(mate_in(2)));
  CHECK(new_a1.fork == back_up(std::vector<Fork>{mate.fork, sub.children(sub.child_index(Tree::kRoot, 0))[1].fork}));
  // The rule's verdict is open again, to be judged from the new root; its fork stays as a guess.
  CHECK_FALSE(new_a2.solved);
  CHECK_FALSE(new_a2.by_rule);
  CHECK_FALSE(sub.node(Tree::kRoot).solved);

  // A budget of 3 nodes holds the new root and its replies: A1 stays a leaf with the fork it had.
  const Tree small = tree.subtree(a, 1, 3);
  REQUIRE(small.size() == 3);
  CHECK_FALSE(small.children(Tree::kRoot)[0].expanded);
  CHECK(tree.node(a1).fork.realistic() == mated_in(3));  // A1a mates
  CHECK(small.children(Tree::kRoot)[0].fork.realistic() == mated_in(2));  // one ply nearer
}

TEST_CASE("best-first: the next search starts from the last one's subtree", "[best-first][search]") {
  const Evaluator eval;
  TranspositionTable tt(16);
  const auto memory = std::make_unique<ThreadMemory>();
  // The tree's size, from the summary note, as the budget test reads it.
  const auto search = [&](const Position& pos, uint64_t nodes, SearchResult& r) {
    SearchLimits limits;
    limits.nodes = nodes;
    SearchControl control;
    control.clock_start_ms = now_ms();
    size_t tree_nodes = 0;
    r = best_first_search(pos, eval, tt, *memory, limits, control,
                          [&](const SearchInfo& i) { tree_nodes = std::max(tree_nodes, summary_field(i, "tree")); });
    return tree_nodes;
  };
  Position pos = Position::startpos();
  SearchResult first;
  const size_t first_tree = search(pos, 20000, first);
  REQUIRE(memory->best_first);
  REQUIRE(first.ponder);
  // The game goes on along the realistic line: the tree below it is where the next search begins.
  pos.make_move(first.best);
  pos.make_move(first.ponder);
  const std::optional<Tree> kept = continue_tree(*memory->best_first, pos, kDefaultRuleSet, 1 << 20);
  REQUIRE(kept);
  // The first search expanded the position after its realistic line's two moves: at least those replies.
  CHECK(kept->node(Tree::kRoot).expanded);
  CHECK(kept->size() > 1 + 30);
  CHECK(kept->size() < first_tree);
  SearchResult next;
  const size_t next_tree = search(pos, 500, next);
  CHECK(is_legal_here(pos, next.best));
  CHECK(next_tree >= kept->size());
  CHECK(next_tree <= kept->size() + 500 + size_t(kMaxMoves));

  // The same position with another record (from its FEN: no moves before it) starts afresh, and so
  // does every search once the evaluations are forgotten (new weights).
  SearchResult fresh;
  CHECK(search(Position::from_fen(pos.fen()), 500, fresh) <= 501 + size_t(kMaxMoves));
  search(pos, 5000, next);
  REQUIRE(memory->best_first);
  memory->forget_evaluations();
  CHECK_FALSE(memory->best_first);
  CHECK(search(pos, 500, fresh) <= 501 + size_t(kMaxMoves));
}

TEST_CASE("best-first: transposed positions take their replies from the tree", "[best-first][search]") {
  // From the start, lines that reach one position by two move orders appear within a few thousand
  // expansions; the summary note counts the expansions that copied a transposition's replies.
  SearchLimits limits;
  limits.nodes = 400000;
  limits.infinite = true;  // no stop rule: the node limit ends it
  SearchControl control;
  control.clock_start_ms = now_ms();
  uint64_t transpositions = 0, expansions = 0;
  const Position start = Position::startpos();
  const SearchResult r = bf_search(start, limits, control, [&](const SearchInfo& i) {
    transpositions = std::max(transpositions, summary_field(i, "transpositions"));
    expansions = std::max(expansions, summary_field(i, "expansions"));
  });
  CHECK(is_legal_here(start, r.best));
  CHECK(transpositions > 0);
  CHECK(transpositions < expansions);
}

TEST_CASE("best-first: a full arena refuses an expansion and keeps the tree", "[best-first][tree]") {
  Tree tree(4);
  REQUIRE(tree.expand(Tree::kRoot, leaves({fork_of(0, 0, 0, 0, 0), fork_of(-10, -10, -10, -10, -10)})));
  const uint32_t a = tree.child_index(Tree::kRoot, 0);
  CHECK_FALSE(tree.expand(a, leaves({fork_of(1, 1, 1, 1, 1), fork_of(2, 2, 2, 2, 2)})));  // 3 + 2 > 4
  CHECK(tree.size() == 3);
  CHECK_FALSE(tree.node(a).expanded);
  CHECK(tree.expand(a, leaves({fork_of(1, 1, 1, 1, 1)})));  // 3 + 1 fits
  CHECK(tree.size() == 4);
  CHECK(tree.bytes() <= 4 * sizeof(Node) * 2);
}

TEST_CASE("best-first: the search stops and plays when the node budget is full", "[best-first][search]") {
  // The tree's size, from the summary note ("best-first tree N nodes ..."): the result's nodes count
  // the quiescence searches' positions too, which the tree does not hold.
  const auto search_tree = [](const Position& pos, const SearchLimits& limits, SearchResult& r) {
    SearchControl control;
    control.clock_start_ms = now_ms();
    size_t tree_nodes = 0;
    r = bf_search(pos, limits, control,
                  [&](const SearchInfo& i) { tree_nodes = std::max(tree_nodes, summary_field(i, "tree")); });
    return tree_nodes;
  };
  SearchLimits limits;
  limits.design.best_first.max_nodes = 500;
  const Position start = Position::startpos();
  SearchResult r;
  const size_t tree = search_tree(start, limits, r);
  CHECK(is_legal_here(start, r.best));
  CHECK(tree <= 500);
  CHECK(tree > 400);  // it did fill the tree: ~44 replies an expansion, so within one expansion of it
  CHECK(r.nodes >= tree - 1);  // every position in the tree but the root was scored in this search

  // A budget below the root's replies is raised to hold them: there is always a move to play.
  limits.design.best_first.max_nodes = 2;
  SearchResult tiny;
  const size_t tiny_tree = search_tree(start, limits, tiny);
  CHECK(is_legal_here(start, tiny.best));
  CHECK(tiny_tree >= 45);  // the root and its replies ...
  CHECK(tiny_tree <= size_t(kMaxMoves) + 1);  // ... within a budget of kMaxMoves + 1 nodes
}

TEST_CASE("best-first: first estimates resolve captures and see threats", "[best-first][estimate]") {
  Estimates estimates;
  // Red has just played; Black's horse on c7 attacks Red's undefended rook on d5. The quiescence search
  // lets Black take it: the realistic estimate is a rook below the static one, and with the capture in
  // it Black has no threat left to make Red pessimistic about.
  Position pos = Position::from_fen("4k4/9/2n6/9/3R5/9/9/9/9/3K5 b - - 0 1");
  const Score red_static = -estimates.eval.evaluate(pos);
  const Child c = estimates.of(pos, Move::none(), 1);
  CHECK_FALSE(c.terminal);
  CHECK(red_static - c.fork.realistic() >= 800);
  CHECK(c.fork.at(-1) == c.fork.at(0));
  CHECK(c.fork.at(1) - c.fork.at(0) < 100);  // no real threat of Red's
  // Red's rook on c1 attacks Black's undefended horse on c3, which Black may save by moving it: not in
  // the realistic estimate, a hope of Red's the size of a horse.
  Position threat = Position::from_fen("4k4/9/9/9/9/9/2n6/9/2R6/3K5 b - - 0 1");
  const Child t = estimates.of(threat, Move::none(), 1);
  CHECK_FALSE(t.terminal);
  CHECK(t.fork.at(1) - t.fork.at(0) >= 300);
  CHECK(std::abs(t.fork.at(0) + estimates.eval.evaluate(threat)) < 100);  // the horse is not lost yet
  // A mate: Black is to move with no legal move (checkmated by two rooks), so Red's move won.
  Position mated = Position::from_fen("1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1");
  const Child m = estimates.of(mated, Move::none(), 3);
  CHECK(m.terminal);
  CHECK(m.fork == Fork::exact(mate_in(3)));
}

TEST_CASE("best-first: first estimates are in order on the bench positions", "[best-first][estimate]") {
  Estimates estimates;
  std::ifstream in(std::string(JIANG_DATA_DIR) + "/bench.epd");
  std::string line;
  int positions = 0;
  while (std::getline(in, line)) {
    Position pos = Position::from_fen(line.substr(0, line.find(';')));
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) {
      pos.make_move(m);
      const Child c = estimates.of(pos, m, 1);
      pos.unmake_move();
      for (int k = -2; k < 2; ++k) REQUIRE(c.fork.at(k) <= c.fork.at(k + 1));
    }
    ++positions;
  }
  CHECK(positions > 20);
}

TEST_CASE("best-first: mates in one are found and played", "[best-first][search]") {
  const char* const kMateInOne[] = {
      "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1",
      "4k4/R8/9/9/7N1/9/9/9/9/3K5 w - - 0 1",
      "3ak4/4a4/9/9/9/9/9/9/9/3K1R3 w - - 0 1",
      "4k4/9/9/2N6/9/9/9/4C4/9/3K5 w - - 0 1",
      "1r1k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1",
  };
  for (const char* fen : kMateInOne) {
    INFO(fen);
    SearchLimits limits;
    limits.nodes = 20000;
    const SearchResult r = run_best_first(fen, limits);
    Position pos = Position::from_fen(fen);
    REQUIRE(is_legal_here(pos, r.best));
    pos.make_move(r.best);
    CHECK_FALSE(has_legal_move(pos));
    CHECK(r.score == mate_in(1));
  }
}

TEST_CASE("best-first: never an illegal move, within the node limit", "[best-first][search]") {
  std::ifstream in(std::string(JIANG_DATA_DIR) + "/bench.epd");
  std::string line;
  int positions = 0;
  while (std::getline(in, line)) {
    const std::string fen = line.substr(0, line.find(';'));
    INFO(fen);
    for (const bool voting : {true, false}) {
      SearchLimits limits;
      limits.nodes = 3000;
      limits.design.best_first.voting = voting;
      const SearchResult r = run_best_first(fen, limits);
      CHECK(is_legal_here(Position::from_fen(fen), r.best));
      CHECK(r.nodes < limits.nodes + kMaxMoves);  // an expansion started below the limit may pass it
    }
    ++positions;
  }
  CHECK(positions > 20);
}

TEST_CASE("best-first: go depth is a node budget", "[best-first][search]") {
  SearchLimits limits;
  limits.depth = 6;
  const SearchResult r = run_best_first(std::string(kStartFen), limits);
  CHECK(nodes_for_depth(6) == 11389);  // 1000 * 1.5^6, rounded down each ply
  CHECK(r.nodes < nodes_for_depth(6) + kMaxMoves);
  CHECK(nodes_for_depth(7) > nodes_for_depth(6));
  // The same search as `go nodes` with that budget (the stop rule may end both sooner).
  SearchLimits by_nodes;
  by_nodes.nodes = nodes_for_depth(6);
  const SearchResult n = run_best_first(std::string(kStartFen), by_nodes);
  CHECK(r.nodes == n.nodes);
  CHECK(r.best == n.best);
}

TEST_CASE("best-first: banned and only root moves", "[best-first][search]") {
  const Position start = Position::startpos();
  SearchLimits limits;
  limits.nodes = 2000;
  limits.only = {*parse_move("h2e2"), *parse_move("b0c2")};
  limits.banned = {*parse_move("h2e2")};
  SearchControl control;
  CHECK(to_string(run_best_first(start, limits, control).best) == "b0c2");
}

TEST_CASE("best-first: perpetual check is not played", "[best-first][search][rules]") {
  // tests/search_behaviour.cpp's position: Red has checked with h8h9 / h9h8 twice; a third h8h9 loses.
  Engine engine;
  engine.set_position("3k3R1/9/9/9/8r/9/9/9/1r7/4K4 b - - 0 1", {"d9d8", "h9h8", "d8d9", "h8h9", "d9d8", "h9h8", "d8d9"});
  SearchLimits limits;
  limits.nodes = 20000;
  SearchControl control;
  const SearchResult r = run_best_first(engine.position(), limits, control);
  CHECK(is_legal_here(engine.position(), r.best));
  CHECK(to_string(r.best) != "h8h9");
  // The first estimate of h8h9 is the rule's verdict: a loss for Red, exact.
  Position pos = engine.position();
  pos.in_check();
  pos.make_move(*parse_move("h8h9"));
  Estimates estimates;
  const Child c = estimates.of(pos, *parse_move("h8h9"), 1);
  CHECK(c.terminal);
  CHECK(c.fork == Fork::exact(mated_in(1)));
  // Under the draw rule set the same repetition is a draw.
  const Child d = estimates.of(pos, *parse_move("h8h9"), 1, RuleSet::Draw);
  CHECK(d.terminal);
  CHECK(d.fork == Fork::exact(kDraw));
}

TEST_CASE("best-first: a position without moves is lost", "[best-first][search]") {
  const SearchResult r = run_best_first(std::string("1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1"), SearchLimits{});
  CHECK_FALSE(r.best);
  CHECK(r.score == mated_in(0));
}

TEST_CASE("best-first: stop is honoured quickly, and pondering waits for ponderhit", "[best-first][search][timing]") {
  const Position start = Position::startpos();
  SearchLimits limits;
  limits.infinite = true;
  limits.design.best_first.tree_mb = 64;
  SearchControl control;
  control.pondering = true;
  SearchResult r;
  std::atomic<bool> done{false};
  std::thread t([&] {
    r = run_best_first(start, limits, control);
    done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK_FALSE(done);  // neither the stop rule nor a clock ends an infinite search
  const auto asked = std::chrono::steady_clock::now();
  control.stop = true;
  t.join();
  const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - asked);
  CHECK(waited.count() < 100);
  CHECK(is_legal_here(start, r.best));

  // Pondering with a move time: nothing ends the search until ponderhit, then the move time does.
  SearchLimits timed;
  timed.movetime_ms = 150;
  timed.move_overhead_ms = 0;
  timed.design.best_first.tree_mb = 64;
  SearchControl ponder;
  ponder.pondering = true;
  ponder.clock_start_ms = now_ms();
  done = false;
  std::thread p([&] {
    r = bf_search(start, timed, ponder);
    done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  CHECK_FALSE(done);
  const int64_t hit = now_ms();
  ponder.clock_start_ms = hit;
  ponder.pondering = false;
  p.join();
  CHECK(now_ms() - hit < 150 + 100);
  CHECK(is_legal_here(start, r.best));
}

TEST_CASE("best-first: info lines and root notes", "[best-first][search]") {
  SearchLimits limits;
  limits.nodes = 3000;
  SearchControl control;
  control.clock_start_ms = now_ms();
  std::vector<SearchInfo> infos;
  const SearchResult r =
      bf_search(Position::startpos(), limits, control, [&](const SearchInfo& i) { infos.push_back(i); });
  REQUIRE(infos.size() >= 2);
  const auto line = std::find_if(infos.begin(), infos.end(), [](const SearchInfo& i) { return i.note.empty(); });
  REQUIRE(line != infos.end());
  CHECK(line->depth >= 2);
  CHECK(line->pv.size() == size_t(line->depth));
  CHECK(line->nodes == r.nodes);
  int move_notes = 0;
  for (const SearchInfo& i : infos) move_notes += i.note.find("best-first move ") == 0;
  CHECK(move_notes == int(kNoteMoves));
  CHECK(std::any_of(infos.begin(), infos.end(), [](const SearchInfo& i) { return i.note.find("best-first tree") == 0; }));
}

TEST_CASE("best-first: the engine dispatches Search Mode best-first to it", "[best-first][engine]") {
  Engine engine(1);
  SearchLimits limits;
  limits.nodes = 3000;
  limits.design.mode = SearchMode::BestFirst;
  bool noted = false;
  SearchCallbacks callbacks;
  callbacks.on_info = [&](const SearchInfo& i) { noted = noted || i.note.find("best-first tree") == 0; };
  const SearchResult r = engine.search(limits, callbacks);
  CHECK(noted);
  CHECK(is_legal_here(Position::startpos(), r.best));
  CHECK(r.nodes < 3000 + uint64_t(kMaxMoves));
}
