// `jiang match --weights A.json [--baseline B.json]`, or with the search's parameters (--search-params S.json
// [--baseline-search-params T.json]), or both: two players play each other in-process (the games
// objective's games), and the score is reported with its error margin in Elo.
#pragma once

#include <cstdint>
#include <string>

namespace jiang {

struct WeightsMatchOptions {
  std::string weights;    // empty: the compiled-in defaults (all four files)
  std::string baseline;
  int games = 200;        // even: pairs with colours swapped
  int depth = 0;          // per move; with nodes 0 as well, 2000 nodes
  uint64_t nodes = 0;
  std::string openings;   // empty: a built-in list
  int threads = 1;
  std::string search_params;
  std::string baseline_search_params;
};

// Plays the match and prints the result line; returns the exit code (2 for a bad file).
int run_weights_match(const WeightsMatchOptions& o);

}  // namespace jiang
