// The transposition table: what is stored is read back, replacement keeps what is worth more, mate
// scores are relative to the node, a child's key is known before its move is made, and after a search
// every stored static evaluation is the position's raw evaluation (the correction history is applied on
// reading, once, never stored); its memory, and a thread's history tables, lie on 2 MiB pages.
#include <catch2/catch.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/score.h"
#include "engine/search.h"
#include "engine/system_memory.h"
#include "engine/thread_memory.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "support/fen_transforms.h"
#include "support/sample_positions.h"
#include "support/suite.h"

using namespace jiang;

namespace {

constexpr uint64_t kKey = 0x123456789abcdef1ull;

// The key of a different position in the same bucket: the bucket index is the key's low bits.
uint64_t same_bucket(uint64_t key, int n) { return key ^ (uint64_t(n) << 60); }

Move first_legal_move() {
  const Position pos = Position::from_fen(std::string(kStartFen));
  MoveList moves;
  generate_legal(pos, moves);
  return moves[0];
}

}  // namespace

TEST_CASE("the table returns what was stored", "[tt]") {
  TranspositionTable tt(1);
  const Move m = first_legal_move();
  CHECK_FALSE(tt.probe(kKey));
  tt.store(kKey, m, -123, 45, 7, Bound::Lower, true);
  const auto e = tt.probe(kKey);
  REQUIRE(e);
  CHECK(e->move == m);
  CHECK(e->score == -123);
  CHECK(e->eval == 45);
  CHECK(e->depth == 7);
  CHECK(e->bound() == Bound::Lower);
  CHECK(e->pv);
  CHECK_FALSE(tt.probe(kKey ^ 1));
  tt.store(kKey, Move::none(), 10, TranspositionTable::kNoEval, 8, Bound::Exact, false);
  const auto again = tt.probe(kKey);
  REQUIRE(again);
  CHECK(again->move == m);  // a result without a move keeps the known one
  CHECK(again->eval == TranspositionTable::kNoEval);
  tt.clear();
  CHECK_FALSE(tt.probe(kKey));
}

TEST_CASE("a shallow bound does not overwrite a deep result of the same search", "[tt]") {
  TranspositionTable tt(1);
  tt.store(kKey, Move::none(), 50, 0, 12, Bound::Lower, false);
  tt.store(kKey, Move::none(), 10, 0, 0, Bound::Upper, false);
  CHECK(tt.probe(kKey)->depth == 12);
  tt.store(kKey, Move::none(), 10, 0, 0, Bound::Exact, false);  // an exact score does
  CHECK(tt.probe(kKey)->depth == 0);
  tt.store(kKey, Move::none(), 50, 0, 12, Bound::Lower, false);
  tt.new_search();  // from an older search, a deep entry gives way
  tt.store(kKey, Move::none(), 10, 0, 0, Bound::Upper, false);
  CHECK(tt.probe(kKey)->depth == 0);
}

TEST_CASE("a full bucket gives up its least valuable slot, counting age as depth", "[tt]") {
  TranspositionTable tt(1);
  for (int n = 0; n < 4; ++n) tt.store(same_bucket(kKey, n), Move::none(), 0, 0, 10 + n, Bound::Exact, false);
  tt.store(same_bucket(kKey, 4), Move::none(), 0, 0, 1, Bound::Exact, false);
  CHECK_FALSE(tt.probe(same_bucket(kKey, 0)));  // the shallowest went
  for (int n = 1; n < 5; ++n) CHECK(tt.probe(same_bucket(kKey, n)));
  // One search later, the deepest of the old entries is worth less than a fresh shallow one.
  tt.new_search();
  tt.store(same_bucket(kKey, 5), Move::none(), 0, 0, 9, Bound::Exact, false);
  tt.store(same_bucket(kKey, 6), Move::none(), 0, 0, 9, Bound::Exact, false);
  CHECK(tt.probe(same_bucket(kKey, 5)));
  CHECK(tt.probe(same_bucket(kKey, 6)));
  CHECK_FALSE(tt.probe(same_bucket(kKey, 4)));  // depth 1, one search old
}

TEST_CASE("mate scores go into the table relative to the node and come out relative to the root", "[tt]") {
  const Score mate_in_5_from_root = mate_in(5);
  // Stored at ply 2: the mate is 3 plies from the node; read at ply 4 it is 7 plies from that root.
  const Score stored = to_tt(mate_in_5_from_root, 2);
  CHECK(from_tt(stored, 2) == mate_in_5_from_root);
  CHECK(from_tt(stored, 4) == mate_in(7));
  CHECK(from_tt(to_tt(mated_in(6), 3), 1) == mated_in(4));
  CHECK(to_tt(123, 9) == 123);  // ordinary scores are not moved
  CHECK(from_tt(-123, 9) == -123);
}

// The search fetches a child's entry before making its move: the key it computes must be the one the
// child probes, on either side of the count of quiet plies from which the count is in the key.
TEST_CASE("a child's table key is known before its move is made", "[tt]") {
  int checked = 0;
  for (const std::string& sample : sample_positions(44, 2, 40))
    for (int quiet : {-1, kQuietPliesInKey - 1, kQuietPliesInKey, kMaxQuietPlies}) {
      std::string fen = sample;
      if (quiet >= 0) {  // the halfmove clock is the FEN's fifth field
        std::vector<std::string> fields = fen_transforms::split(sample, ' ');
        REQUIRE(fields.size() == 6);
        fields[4] = std::to_string(quiet);
        fen = fen_transforms::join(fields, ' ');
      }
      Position pos = Position::from_fen(fen);
      MoveList moves;
      generate<GenType::All>(pos, moves);  // pseudo-legal: the search prefetches before its legality test
      for (Move m : moves) {
        const uint64_t before = table_key_after(pos, m);
        pos.make_move(m);
        CHECK(before == table_key(pos));
        pos.unmake_move();
        ++checked;
      }
    }
  CHECK(checked > 10000);
}

TEST_CASE("after a search every stored evaluation is the position's raw evaluation", "[tt][search]") {
  // Several searches in one table and one memory, so that the correction history has learnt and
  // nodes are visited again: a corrected eval written back would drift from the raw one.
  const Evaluator eval;
  TranspositionTable tt(16);
  ThreadMemory memory;
  SearchControl control;
  SearchLimits limits;
  limits.depth = 9;
  int checked = 0, corrected = 0;
  for (const std::string& fen : bench_fens()) {
    const Position root = Position::from_fen(fen);
    tt.new_search();
    Searcher(root, eval, tt, memory, limits, control).run(nullptr);
    // Every entry within three plies of the root.
    std::function<void(Position&, int)> visit = [&](Position& pos, int plies) {
      if (const auto e = tt.probe(table_key(pos)); e && e->eval != TranspositionTable::kNoEval) {
        CHECK(e->eval == eval.evaluate(pos));
        ++checked;
      }
      if (plies == 0) return;
      MoveList moves;
      generate_legal(pos, moves);
      for (Move m : moves) {
        pos.make_move(m);
        visit(pos, plies - 1);
        pos.unmake_move();
      }
    };
    Position pos = root;
    visit(pos, 3);
    for (const auto& side : memory.histories.correction)
      for (const Correction& c : side) corrected += c.value() != 0;
  }
  CHECK(checked > 1000);
  CHECK(corrected > 0);  // the correction history did learn, so a corrected eval would differ
}

TEST_CASE("large tables lie on 2 MiB boundaries and keep what is written to them", "[tt]") {
  for (const size_t bytes :
       {size_t(1), size_t(64), kLargePageBytes - 1, kLargePageBytes + 1, 5 * kLargePageBytes / 2}) {
    auto* memory = static_cast<unsigned char*>(allocate_large_pages(bytes));
    REQUIRE(memory != nullptr);
    CHECK(reinterpret_cast<uintptr_t>(memory) % kLargePageBytes == 0);
    memory[bytes - 1] = 2;
    memory[0] = 1;
    CHECK(int(memory[0]) == 1);
    CHECK(int(memory[bytes - 1]) == (bytes == 1 ? 1 : 2));
    free_large_pages(memory);
  }
  // A table resized onto such memory starts empty and keeps what is stored in it.
  TranspositionTable tt(1);
  tt.store(kKey, first_legal_move(), 42, 7, 5, Bound::Exact, false);
  REQUIRE(tt.probe(kKey));
  tt.resize(3);
  CHECK(tt.megabytes() == 3);
  CHECK_FALSE(tt.probe(kKey));
  tt.store(kKey, first_legal_move(), 42, 7, 5, Bound::Exact, false);
  CHECK(tt.probe(kKey)->score == 42);
}

TEST_CASE("a thread's history tables are allocated on large pages and start empty", "[tt][history]") {
  const auto memory = std::make_unique<ThreadMemory>();  // megabytes: never on the stack
  CHECK(reinterpret_cast<uintptr_t>(memory.get()) % kLargePageBytes == 0);
  CHECK(int(memory->histories.main[Red][0]) == 0);
  CHECK(int(memory->histories.continuation[kPieceCodes - 1][kSquares - 1][kPieceCodes - 1][kSquares - 1]) == 0);
}
