#include "engine/modes/two_stage.h"

#include <algorithm>
#include <string>

#include "engine/search.h"
#include "engine/timeman.h"
#include "movegen/notation.h"

namespace jiang {
namespace {

// Stage 1's budget goes two thirds to its search and the rest to the root selection after it.
constexpr int64_t kSelectionParts = 3;
// With no clock to share (pondering, go infinite), stage 1 searches this deep: material alone makes a
// narrow, fast tree.
constexpr int kStage1DepthWithoutClock = 10;

struct Stage1Limits {
  SearchLimits search;
  SearchLimits selection;
};

// Stage 1's search and selection: the moves and rules of `limits`, one line, full strength, and their
// share of its nodes or time.
Stage1Limits stage1_limits(const SearchLimits& limits, const SearchControl& control, Color us) {
  SearchLimits base = limits;
  base.multipv = 1;
  base.mate = 0;
  base.skill = Skill{};
  const int64_t percent = limits.design.two_stage.stage1_percent;
  Stage1Limits s{base, base};
  if (limits.nodes) {
    const uint64_t share = std::max<uint64_t>(2, limits.nodes * uint64_t(percent) / 100);
    s.search.nodes = share - share / kSelectionParts;
    s.selection.nodes = std::max<uint64_t>(1, share / kSelectionParts);
  }
  const TimeManager clock(limits, us);
  if (control.pondering.load()) {
    for (SearchLimits* l : {&s.search, &s.selection}) l->depth = limits.depth ? limits.depth : kStage1DepthWithoutClock;
  } else if (clock.has_clock()) {
    // Both limits count from the start of the move: the selection ends at the end of stage 1's share.
    const int64_t share_ms = std::max<int64_t>(1, clock.optimum_ms() * percent / 100);
    s.search.movetime_ms = limits.move_overhead_ms + share_ms - share_ms / kSelectionParts;
    s.selection.movetime_ms = limits.move_overhead_ms + share_ms;
  }
  for (SearchLimits* l : {&s.search, &s.selection}) {
    l->time_ms = {-1, -1};
    l->increment_ms = {0, 0};
    l->movestogo = 0;
  }
  return s;
}

void note(const std::function<void(const SearchInfo&)>& on_info, std::string text) {
  if (!on_info) return;
  SearchInfo info;
  info.note = std::move(text);
  on_info(info);
}

std::string move_words(const std::vector<Move>& moves) {
  std::string text;
  for (Move m : moves) {
    text += ' ';  // in two steps: GCC 12 warns (-Wrestrict, falsely) about " " + string
    text += to_string(m);
  }
  return text;
}

struct Selection {
  std::vector<Move> kept;  // empty: stage 1 learnt nothing, every move stays
  uint64_t nodes = 0;
};

// Stage 1: the material-only search, then the root moves within the margin of its best.
Selection stage_one(const Position& pos, const Evaluator& eval, TranspositionTable& tt, ThreadMemory& memory,
                    const SearchLimits& limits, SearchControl& control,
                    const std::function<void(const SearchInfo&)>& on_info) {
  const TwoStageParams& params = limits.design.two_stage;
  const EvalScheme material{true, 0};
  const Stage1Limits stage1 = stage1_limits(limits, control, pos.side_to_move());
  note(on_info, "two-stage: stage 1, material only, keeps moves within " + std::to_string(params.margin_cp) +
                    " cp of the best");
  const SearchResult first = Searcher(pos, eval, tt, memory, stage1.search, control, material).run({});
  if (!first.best || first.depth == 0) return {{}, first.nodes};
  Searcher selector(pos, eval, tt, memory, stage1.selection, control, material);
  const Score threshold = std::max(first.score - params.margin_cp, -kInfinite + 1);
  std::vector<Move> kept = selector.root_moves_reaching(threshold, first.depth);
  if (std::find(kept.begin(), kept.end(), first.best) == kept.end()) kept.insert(kept.begin(), first.best);
  note(on_info, "two-stage: stage 1 depth " + std::to_string(first.depth) + " score cp " +
                    std::to_string(first.score) + " kept " + std::to_string(kept.size()) + ":" + move_words(kept));
  return {kept, first.nodes + selector.nodes()};
}

}  // namespace

SearchResult two_stage_search(const Position& pos, const Evaluator& eval, TranspositionTable& tt, ThreadMemory& memory,
                              const SearchLimits& limits, SearchControl& control,
                              const std::function<void(const SearchInfo&)>& on_info) {
  const TwoStageParams& params = limits.design.two_stage;
  SearchLimits stage2 = limits;
  Selection selection;
  if (params.stage1_percent > 0) {
    selection = stage_one(pos, eval, tt, memory, limits, control, on_info);
    if (!selection.kept.empty()) stage2.only = selection.kept;
    if (limits.nodes) stage2.nodes = std::max<uint64_t>(1, limits.nodes - std::min(limits.nodes - 1, selection.nodes));
  }
  const std::string frozen =
      params.positional_ply > 0 ? ", positional part below ply " + std::to_string(params.positional_ply) + " inherited" : "";
  note(on_info, "two-stage: stage 2, full evaluation" + frozen);
  SearchResult result = Searcher(pos, eval, tt, memory, stage2, control, EvalScheme{false, params.positional_ply}).run(on_info);
  result.nodes += selection.nodes;
  return result;
}

}  // namespace jiang
