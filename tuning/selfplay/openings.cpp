#include "tuning/selfplay/openings.h"

#include <cstdint>
#include <cstdlib>

#include "engine/score.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "rules/referee.h"

namespace jiang {
namespace {

// A random line is searched this far to see whether it threw the game away ...
constexpr uint64_t kVetNodes = 4000;
// ... which it did if either side is more than this ahead (a pawn and a half).
constexpr int kMaxOpeningScore = 150;
// Random lines drawn before giving up and starting from the opening itself.
constexpr int kMaxOpeningAttempts = 100;

// splitmix64: turns (seed, game) into well-mixed, independent generator seeds.
uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// A uniform index below n that does not depend on the standard library's distributions (whose
// algorithms differ between implementations): the same seed gives the same games everywhere.
int random_below(std::mt19937_64& rng, int n) {
  const uint64_t limit = UINT64_MAX - UINT64_MAX % uint64_t(n);
  uint64_t x;
  do x = rng();
  while (x >= limit);
  return int(x % uint64_t(n));
}

}  // namespace

std::mt19937_64 game_rng(uint64_t seed, uint64_t game) {
  return std::mt19937_64(splitmix64(splitmix64(seed) ^ splitmix64(game + 0x632be59bd9b4e019ULL)));
}

std::string random_opening(const std::string& fen, int plies, std::mt19937_64& rng, Engine& engine) {
  if (plies <= 0) return fen;
  SearchLimits vet;
  vet.nodes = kVetNodes;
  for (int attempt = 0; attempt < kMaxOpeningAttempts; ++attempt) {
    Position pos = Position::from_fen(fen);
    std::vector<std::string> moves;
    bool ended = false;
    for (int ply = 0; ply < plies && !ended; ++ply) {
      MoveList legal;
      generate_legal(pos, legal);
      if (legal.empty()) {
        ended = true;
        break;
      }
      const Move m = legal[random_below(rng, legal.size())];
      pos.make_move(m);
      pos.in_check();
      moves.push_back(to_string(m));
    }
    if (ended || referee(pos, 3)) continue;
    // The line must not have thrown the game away: a short search sees it roughly level.
    const std::string reached = pos.fen();
    engine.new_game();
    engine.set_position(reached, {});
    const SearchResult r = engine.search(vet);
    if (!is_mate_score(r.score) && std::abs(r.score) <= kMaxOpeningScore) return reached;
  }
  return fen;
}

std::string game_start(const std::vector<std::string>& openings, int random_plies, uint64_t seed, uint64_t index,
                       Engine& engine) {
  const std::string base = openings.empty() ? std::string(kStartFen) : openings[index % openings.size()];
  std::mt19937_64 rng = game_rng(seed, index);
  return random_opening(base, random_plies, rng, engine);
}

}  // namespace jiang
