// The move picker: every pseudo-legal move exactly once, whatever hash move, killers, counter move and
// histories it is given; the main search's stage order (hash move, good captures, killers, counter move,
// quiet moves by history, bad captures); evasions in check; quiescence's captures; the batch's stable
// order, selected and then sorted, equal to a stable sort.
#include <catch2/catch.hpp>
#include <algorithm>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "engine/move_batch.h"
#include "engine/movepick.h"
#include "engine/score.h"
#include "engine/see.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "support/suite.h"

using namespace jiang;

namespace {

// Histories are megabytes: never on the stack.
std::unique_ptr<Histories> empty_histories() {
  auto h = std::make_unique<Histories>();
  h->clear();
  return h;
}

// Random values in every history the picker reads, so that its orderings are exercised.
void randomise(Histories& h, std::mt19937& rng) {
  std::uniform_int_distribution<int> value(-kMainHistoryLimit, kMainHistoryLimit);
  for (auto& side : h.main)
    for (auto& s : side) s.update(value(rng));
  for (auto& piece : h.capture)
    for (auto& to : piece)
      for (auto& s : to) s.update(value(rng));
  for (auto& s : h.continuation[NoPiece][0])
    for (auto& t : s) t.update(value(rng));
}

ContinuationTables null_continuation(const Histories& h) {
  const PieceToHistory* none = &h.continuation[NoPiece][0];
  return {none, none, none};
}

std::vector<Move> drain(MovePicker& picker) {
  std::vector<Move> out;
  while (const Move m = picker.next()) out.push_back(m);
  return out;
}

template <GenType Type>
std::vector<Move> generated(const Position& pos) {
  MoveList list;
  generate<Type>(pos, list);
  return {list.begin(), list.end()};
}

bool is_capture(const Position& pos, Move m) { return pos.piece_on(m.to()) != NoPiece; }

Move first_quiet(const Position& pos, const std::vector<Move>& moves) {
  const auto it = std::find_if(moves.begin(), moves.end(), [&](Move m) { return !is_capture(pos, m); });
  REQUIRE(it != moves.end());
  return *it;
}

// Each move of `expected` exactly once, and nothing else.
void check_each_once(std::vector<Move> got, std::vector<Move> expected) {
  const auto raw = [](Move a, Move b) { return a.raw() < b.raw(); };
  std::sort(got.begin(), got.end(), raw);
  std::sort(expected.begin(), expected.end(), raw);
  CHECK(std::adjacent_find(got.begin(), got.end()) == got.end());
  CHECK(got == expected);
}

// Positions of every kind: the test suite's and those a few random moves from them, some in check.
std::vector<Position> sample_positions() {
  std::vector<Position> out;
  std::mt19937 rng(2025);
  for (const std::string& fen : suite_fens()) {
    Position pos = Position::from_fen(fen);
    out.push_back(pos);
    for (int ply = 0; ply < 24; ++ply) {
      MoveList legal;
      generate_legal(pos, legal);
      if (legal.empty()) break;
      pos.make_move(legal[int(rng() % unsigned(legal.size()))]);
      pos.in_check();
      out.push_back(pos);
    }
  }
  return out;
}

Move parse(const std::string& text) {
  const std::optional<Move> m = parse_move(text);
  REQUIRE(m.has_value());
  return *m;
}

}  // namespace

TEST_CASE("the main picker returns every pseudo-legal move exactly once", "[movepick]") {
  std::mt19937 rng(7);
  auto h = empty_histories();
  const std::vector<Position> positions = sample_positions();
  REQUIRE(positions.size() > 200);
  int in_check = 0;
  for (const Position& pos : positions) {
    randomise(*h, rng);
    const std::vector<Move> all = generated<GenType::All>(pos);
    if (all.empty()) continue;
    in_check += pos.in_check();
    const auto any = [&] { return all[rng() % all.size()]; };
    // A move of another position: usually not pseudo-legal here, and then never returned.
    const Move foreign(Square(rng() % kSquares), Square(rng() % kSquares));
    // The hash move, killers and counter move: real moves, repeats of each other, captures, foreign.
    const std::vector<std::array<Move, 4>> cases = {
        {Move::none(), Move::none(), Move::none(), Move::none()},
        {any(), any(), any(), any()},
        {foreign, foreign, any(), foreign},
        {any(), all[0], all[0], all[0]},
    };
    for (const auto& [hash, k1, k2, counter] : cases) {
      MovePicker picker(pos, *h, null_continuation(*h), hash, {k1, k2}, counter);
      std::vector<Move> got = drain(picker);
      check_each_once(got, all);
      if (hash && is_pseudo_legal(pos, hash)) CHECK(got.front() == hash);
    }
  }
  CHECK(in_check > 10);  // evasions were exercised too
}

TEST_CASE("the main picker's stages: hash, good captures, killers, counter, quiets by history, bad captures",
          "[movepick]") {
  std::mt19937 rng(11);
  auto h = empty_histories();
  int checked = 0, bad_seen = 0;
  for (const Position& pos : sample_positions()) {
    if (pos.in_check()) continue;
    std::vector<Move> quiets = generated<GenType::Quiets>(pos);
    const std::vector<Move> captures = generated<GenType::Captures>(pos);
    if (quiets.size() < 6 || captures.empty()) continue;
    // Distinct histories for the quiet moves (a fresh Stat updated once holds its bonus exactly).
    h->clear();
    std::shuffle(quiets.begin(), quiets.end(), rng);
    std::map<uint16_t, int> history;
    for (size_t i = 0; i < quiets.size(); ++i) {
      const int value = int(i) * 37 - 500;
      h->main[pos.side_to_move()][from_to(quiets[i])].update(value);
      history[quiets[i].raw()] = value;
    }
    const Move hash = quiets[0], killer1 = quiets[1], killer2 = quiets[2], counter = quiets[3];
    MovePicker picker(pos, *h, null_continuation(*h), hash, {killer1, killer2}, counter);
    const std::vector<Move> got = drain(picker);
    REQUIRE(got.size() == quiets.size() + captures.size());
    // The stage each move came from, which must never go back.
    enum Stage { Hash, GoodCapture, Killer1, Killer2, Counter, Quiet, BadCapture };
    std::vector<Stage> stages;
    for (size_t i = 0; i < got.size(); ++i) {
      const Move m = got[i];
      if (i == 0) {
        CHECK(m == hash);
        stages.push_back(Hash);
      } else if (m == killer1) {
        stages.push_back(Killer1);
      } else if (m == killer2) {
        stages.push_back(Killer2);
      } else if (m == counter) {
        stages.push_back(Counter);
      } else if (!is_capture(pos, m)) {
        stages.push_back(Quiet);
      } else {
        // A capture before the killers is a good one; after the quiet moves, a bad one.
        const bool before_killers = std::find(got.begin(), got.begin() + long(i), killer1) == got.begin() + long(i);
        stages.push_back(before_killers ? GoodCapture : BadCapture);
      }
    }
    CHECK(std::is_sorted(stages.begin(), stages.end()));
    Score last_victim = kInfinite;
    Stage last_stage = Hash;
    int last_history = INT32_MAX;
    for (size_t i = 0; i < got.size(); ++i) {
      const Move m = got[i];
      if (stages[i] == GoodCapture) {
        // Without capture history, good captures come by the victim's value.
        const Score victim = kSeeValue[type_of(pos.piece_on(m.to()))];
        CHECK(victim <= last_victim);
        last_victim = victim;
      }
      if (stages[i] == Quiet) {
        CHECK(history[m.raw()] <= last_history);
        last_history = history[m.raw()];
      }
      // A capture that wins or holds material by exchange is never deferred past the quiet moves; one
      // deferred loses material.
      if (is_capture(pos, m)) {
        if (see_ge(pos, m, 0)) CHECK(stages[i] == GoodCapture);
        if (stages[i] == BadCapture) CHECK_FALSE(see_ge(pos, m, 0));
        bad_seen += stages[i] == BadCapture;
      }
      last_stage = stages[i];
    }
    CHECK(last_stage >= Quiet);
    ++checked;
  }
  CHECK(checked > 100);
  CHECK(bad_seen > 10);  // the bad captures' stage was exercised
}

TEST_CASE("a killer or counter move that is a capture, illegal or repeated is returned once, in its own stage",
          "[movepick]") {
  // Red rook a0 can take the pawn on a6; the black pawn on e6 is defended by nothing.
  const Position pos = Position::from_fen("3k5/9/9/p3p4/9/9/9/9/9/R3K4 w - - 0 1");
  auto h = empty_histories();
  const Move capture = parse("a0a6"), quiet = parse("a0a1"), foreign = parse("b2e2");
  REQUIRE(is_capture(pos, capture));
  REQUIRE_FALSE(is_pseudo_legal(pos, foreign));
  MovePicker picker(pos, *h, null_continuation(*h), Move::none(), {capture, quiet}, quiet);
  const std::vector<Move> got = drain(picker);
  check_each_once(got, generated<GenType::All>(pos));
  CHECK(got[0] == capture);  // the only capture, as a good capture, not as a killer
  CHECK(got[1] == quiet);    // the second killer, before the other quiet moves
  MovePicker with_foreign(pos, *h, null_continuation(*h), foreign, {foreign, foreign}, foreign);
  check_each_once(drain(with_foreign), generated<GenType::All>(pos));
}

TEST_CASE("continuation history orders the quiet moves", "[movepick]") {
  const Position pos = Position::from_fen(std::string(kStartFen));
  auto h = empty_histories();
  const std::vector<Move> quiets = generated<GenType::Quiets>(pos);
  REQUIRE(quiets.size() > 3);
  // The last generated quiet move has a good reply history to the move before; it comes first.
  const Move favoured = quiets.back();
  PieceToHistory& previous = h->continuation[make_piece(Black, Horse)][40];
  previous[pos.piece_on(favoured.from())][favoured.to()].update(2000);
  const PieceToHistory* none = &h->continuation[NoPiece][0];
  MovePicker picker(pos, *h, {&previous, none, none}, Move::none(), {}, Move::none());
  CHECK(first_quiet(pos, drain(picker)) == favoured);
  MovePicker blind(pos, *h, {none, none, none}, Move::none(), {}, Move::none());
  CHECK(first_quiet(pos, drain(blind)) != favoured);
}

TEST_CASE("skipping quiet moves still returns the bad captures", "[movepick]") {
  std::mt19937 rng(3);
  auto h = empty_histories();
  for (const Position& pos : sample_positions()) {
    if (pos.in_check()) continue;
    const std::vector<Move> quiets = generated<GenType::Quiets>(pos);
    if (quiets.size() < 3) continue;
    // Killers and a counter move too: they are quiet moves, skipped like the others.
    MovePicker picker(pos, *h, null_continuation(*h), Move::none(), {quiets[0], quiets[1]}, quiets[2]);
    std::vector<Move> got;
    bool skipping = false;
    int returned = 0;
    while (const Move m = picker.next(skipping)) {
      got.push_back(m);
      if (skipping) CHECK(is_capture(pos, m));
      skipping = skipping || ++returned == 2 || rng() % 3 == 0;
    }
    // Every capture came out, whenever the quiet moves were given up.
    std::vector<Move> captures;
    for (Move m : got)
      if (is_capture(pos, m)) captures.push_back(m);
    check_each_once(captures, generated<GenType::Captures>(pos));
  }
}

TEST_CASE("in check the picker returns every move once, the hash move first, then captures, then quiet moves",
          "[movepick]") {
  std::mt19937 rng(5);
  auto h = empty_histories();
  int checked = 0;
  for (const Position& pos : sample_positions()) {
    if (!pos.in_check()) continue;
    randomise(*h, rng);
    const std::vector<Move> all = generated<GenType::All>(pos);
    if (all.empty()) continue;
    const Move hash = all[rng() % all.size()];
    MovePicker picker(pos, *h, null_continuation(*h), hash, {all.back(), Move::none()}, all.front());
    const std::vector<Move> got = drain(picker);
    check_each_once(got, all);
    REQUIRE(got.front() == hash);
    const auto first_quiet =
        std::find_if(got.begin() + 1, got.end(), [&](Move m) { return !is_capture(pos, m); });
    CHECK(std::none_of(first_quiet, got.end(), [&](Move m) { return is_capture(pos, m); }));
    // The quiescence search in check also gets every evasion.
    MovePicker quiescence(pos, *h, null_continuation(*h), hash);
    check_each_once(drain(quiescence), all);
    ++checked;
  }
  CHECK(checked > 10);
}

TEST_CASE("the quiescence picker returns the captures once, by victim, and never a quiet hash move", "[movepick]") {
  auto h = empty_histories();
  int checked = 0;
  for (const Position& pos : sample_positions()) {
    if (pos.in_check()) continue;
    const std::vector<Move> captures = generated<GenType::Captures>(pos);
    const std::vector<Move> quiets = generated<GenType::Quiets>(pos);
    if (quiets.empty()) continue;
    MovePicker with_quiet_hash(pos, *h, null_continuation(*h), quiets[0]);
    const std::vector<Move> got = drain(with_quiet_hash);
    check_each_once(got, captures);
    for (size_t i = 1; i < got.size(); ++i)
      CHECK(kSeeValue[type_of(pos.piece_on(got[i].to()))] <= kSeeValue[type_of(pos.piece_on(got[i - 1].to()))]);
    if (captures.empty()) continue;
    MovePicker with_capture_hash(pos, *h, null_continuation(*h), captures.back());
    const std::vector<Move> again = drain(with_capture_hash);
    check_each_once(again, captures);
    CHECK(again.front() == captures.back());
    ++checked;
  }
  CHECK(checked > 100);
}

namespace {

// Fills a batch with `size` distinct moves whose scores are drawn from `spread` values round zero, and
// returns them in the order pushed.
std::vector<MoveBatch::ScoredMove> fill_batch(MoveBatch& batch, int size, int spread, std::mt19937& rng) {
  batch.clear();
  std::vector<MoveBatch::ScoredMove> pushed;
  for (int i = 0; i < size; ++i) {
    const MoveBatch::ScoredMove m{Move(Square(i), Square(i + 1)), int(rng() % spread) - spread / 2};
    batch.push(m.move, m.score);
    pushed.push_back(m);
  }
  return pushed;
}

}  // namespace

TEST_CASE("a batch's moves in order are a stable sort's, through selection and the sort after it", "[movepick]") {
  // Scores from a few values, so that most moves tie with others: equal scores must come in the order
  // pushed, across the switch from selection to sorting.
  std::mt19937 rng(5);
  for (int size = 0; size <= 60; ++size)
    for (int spread : {1, 3, 1000}) {
      MoveBatch batch;
      std::vector<MoveBatch::ScoredMove> pushed = fill_batch(batch, size, spread, rng);
      std::stable_sort(pushed.begin(), pushed.end(), [](auto a, auto b) { return a.score > b.score; });
      for (const MoveBatch::ScoredMove& want : pushed) {
        const auto got = batch.pop_in_order();
        REQUIRE(got.has_value());
        CAPTURE(size, spread);
        CHECK(got->move == want.move);
        CHECK(got->score == want.score);
      }
      CHECK_FALSE(batch.pop_in_order().has_value());
    }
}

TEST_CASE("a batch's best move is the highest score, the first of equals as the picks so far left them", "[movepick]") {
  // The reference is the plain selection the picker used before its keys: scan for the first highest,
  // swap it to the front of what is left. Scores up to the evasions' bonus and below zero.
  std::mt19937 rng(7);
  for (int size = 0; size <= 60; ++size)
    for (int spread : {1, 3, 1 << 22}) {
      MoveBatch batch;
      std::vector<MoveBatch::ScoredMove> left = fill_batch(batch, size, spread, rng);
      for (size_t current = 0; current < left.size(); ++current) {
        size_t best = current;
        for (size_t i = current + 1; i < left.size(); ++i)
          if (left[i].score > left[best].score) best = i;
        std::swap(left[current], left[best]);
        const auto got = batch.pop_best();
        REQUIRE(got.has_value());
        CAPTURE(size, spread, current);
        CHECK(got->move == left[current].move);
        CHECK(got->score == left[current].score);
      }
      CHECK_FALSE(batch.pop_best().has_value());
    }
}
