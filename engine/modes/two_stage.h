// Two-stage search (SmarThink; docs seed-searches.md §1): tactics first, then judgement.
//
// Variant 1 (stage1_percent > 0): stage 1 searches every root move with material alone (mates and
// positions without a move are found as always) and keeps the moves whose score comes within the
// margin of the best, each decided by a null-window search; stage 2 searches only those with the full
// evaluation and plays the best. Variant 2 (positional_ply k > 0): stage 2's evaluation computes the
// positional part only down to ply k (EvalScheme). Both variants can be combined.
//
// Budget: stage 1 (its search and its selection) gets stage1_percent of the move's planned time (from
// the clock or movetime) or of `go nodes`; stage 2 gets the rest, on the same clock. `go depth D`: both
// stages search to depth D (stage 1 is the cheaper per node). Pondering or `go infinite` (no clock to
// share): stage 1 searches to depth 10, or D if given, and stage 2 until stopped.
//
// MultiPV, `go mate` and a skill level apply to stage 2, among the kept moves; stage 1 searches one line
// at full strength.
//
// Reports: `info string two-stage: ...` notes say which stage runs and which root moves stage 1 kept
// (ICCS); stage 2's iterations are reported as usual. Stage 1's material-only lines are not (their
// scores would read as the position's).
#pragma once

#include <functional>

#include "engine/limits.h"
#include "engine/thread_memory.h"
#include "engine/tt.h"
#include "engine/search_types.h"
#include "eval/evaluate.h"
#include "movegen/position.h"

namespace jiang {

SearchResult two_stage_search(const Position& pos, const Evaluator& eval, TranspositionTable& tt, ThreadMemory& memory,
                              const SearchLimits& limits, SearchControl& control,
                              const std::function<void(const SearchInfo&)>& on_info);

}  // namespace jiang
