// Positions for tests that want many varied ones: random legal games from the published positions.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "movegen/movegen.h"
#include "movegen/position.h"
#include "suite.h"

// Positions along random legal games from the start position and from every bench position. Captures
// are preferred half the time, so the walks also reach thin endgames where the draw rules apply.
inline std::vector<std::string> sample_positions(uint64_t seed, int walks_per_start, int max_plies) {
  std::mt19937_64 rng(seed);
  std::vector<std::string> starts = bench_fens();
  starts.insert(starts.begin(), std::string(jiang::kStartFen));
  std::vector<std::string> fens;
  for (const std::string& start : starts)
    for (int w = 0; w < walks_per_start; ++w) {
      jiang::Position pos = jiang::Position::from_fen(start);
      fens.push_back(pos.fen());
      for (int ply = 0; ply < max_plies; ++ply) {
        jiang::MoveList moves;
        jiang::generate_legal(pos, moves);
        if (moves.empty()) break;
        jiang::Move m = moves[int(rng() % moves.size())];
        if (rng() % 2) {
          jiang::MoveList captures;
          for (jiang::Move c : moves)
            if (pos.piece_on(c.to())) captures.push(c);
          if (!captures.empty()) m = captures[int(rng() % captures.size())];
        }
        pos.make_move(m);
        fens.push_back(pos.fen());
      }
    }
  return fens;
}
