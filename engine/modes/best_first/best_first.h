// The best-first search with five estimates and voting (Centaur; ../shared/docs/seed-searches.md §2),
// selected by `Search Mode` = best-first.
//
// The loop: pick the root move with the highest optimistic estimate, descend by the replies with the
// highest optimistic estimate to a position not yet expanded, expand it (all its legal moves with their
// first estimates, first_estimate.h, each resolved by a quiescence search; or, when the same position
// was expanded on another line, its replies as they stand there), back the forks up to the root
// (fork.h). Every
// Settings::vote_interval-th expansion instead starts from the root move with the highest realistic
// estimate, which receives a vote. The estimates used are S1/S-1 until the most realistic root move's
// fork is narrower than kNarrowFork, then S2/S-2.
//
// It stops when one root move's pessimistic estimate exceeds every other's optimistic one (root.h; not
// while pondering or in `go infinite`), when every root move is solved, on `stop`, at the clock's
// optimum time (longer when the votes and the realistic estimates disagree, up to the hard limit), at
// `go nodes` N nodes generated (the replies estimated, each with a static evaluation and threat
// analysis, and the positions their quiescence searches visited: as the alpha-beta search counts its
// quiescence nodes), at `go depth` D's node equivalent (nodes_for_depth), or when the tree's node budget
// is full: then it plays with the tree it has.
//
// The tree outlives the search (kept_tree.h): the next search on the same thread starts from its
// subtree at the new root when the game went on along moves it holds. The quiescence searches share the
// engine's transposition table, histories and evaluation cache with the alpha-beta search.
//
// It searches on one thread and answers one line: MultiPV, the skill levels and `go mate` belong to the
// alpha-beta search and are not read here; banned and searchmoves root moves, the repetition rule set
// and the move overhead are.
#pragma once

#include <cstdint>
#include <functional>

#include "engine/limits.h"
#include "engine/search_types.h"
#include "engine/thread_memory.h"
#include "engine/tt.h"
#include "eval/evaluate.h"
#include "movegen/position.h"

namespace jiang {

SearchResult best_first_search(const Position& root, const Evaluator& eval, TranspositionTable& tt,
                               ThreadMemory& memory, const SearchLimits& limits, SearchControl& control,
                               const std::function<void(const SearchInfo&)>& on_info);

namespace best_first {

// The root fork under which the likely estimates are settled and the unlikely ones take over: a fifth
// of a pawn, within the noise of the static evaluation.
inline constexpr Score kNarrowFork = 20;

// `go depth d` as nodes generated: about what the alpha-beta search visits to depth d from the opening
// position, 1000 * 1.5^d (it grows by ~1.5 a ply there: 15059 nodes at depth 8, 27491 at depth 10).
uint64_t nodes_for_depth(int depth);

}  // namespace best_first
}  // namespace jiang
