#include "engine/search_params.h"

#include <cmath>
#include <string>

namespace jiang {
namespace {

// Lists every parameter once: its name, the field it fills, its default, bounds and step (SPSA's
// perturbation at the end of a run: a change that plays measurably differently), and why it exists. The
// registry, the defaults and the compiled margins all come from this one list.
template <typename Visit>
void visit_params(SearchMargins& m, Visit&& visit) {
  // Aspiration: from this depth the previous score is trusted enough to search a narrow window around it;
  // the window starts this wide (a fifth of a pawn) and grows by half on each failure.
  visit("aspiration_min_depth", m.aspiration_min_depth, 4, 1, 12, 1);
  visit("aspiration_window", m.aspiration_window, 20, 5, 100, 4);
  // Reverse futility: near the leaves, a static score this far above beta per ply of depth left (less
  // when the evaluation is improving) is not expected to fall below beta.
  visit("reverse_futility_max_depth", m.reverse_futility_max_depth, 8, 0, 16, 1);
  visit("reverse_futility_margin", m.reverse_futility_margin, 75, 10, 300, 8);
  // Null move: skipped below this depth (too little to save); the reduction grows with depth (a ply per
  // divisor) and with how far the static score is above beta (a ply per eval divisor, up to a maximum).
  visit("null_min_depth", m.null_min_depth, 3, 1, 8, 1);
  visit("null_base_reduction", m.null_base_reduction, 3, 1, 8, 1);
  visit("null_depth_divisor", m.null_depth_divisor, 3, 1, 10, 1);
  visit("null_eval_divisor", m.null_eval_divisor, 150, 20, 600, 15);
  visit("null_max_eval_reduction", m.null_max_eval_reduction, 3, 0, 8, 1);
  // From this depth a null-move cutoff is verified by a reduced search without null moves, so that deep
  // zugzwang errors cannot prune a whole subtree.
  visit("null_verify_depth", m.null_verify_depth, 12, 4, 40, 2);
  // Internal iterative reduction: a node this deep without a hash move is searched one ply shallower;
  // ordering there is poor, and the next visit will have the move.
  visit("iir_min_depth", m.iir_min_depth, 4, 2, 12, 1);
  // Singular extension: from this depth, a hash move (stored this deep at least, less the slack) that is
  // better than every other move by depth * margin_per_ply is extended.
  visit("singular_min_depth", m.singular_min_depth, 6, 3, 14, 1);
  visit("singular_table_depth_slack", m.singular_table_depth_slack, 3, 0, 8, 1);
  visit("singular_margin_per_ply", m.singular_margin_per_ply, 1, 0, 8, 1);
  // Double extension: a hash move whose singular search fails this far below its bound has no rival at
  // all and is extended two plies (away from the PV), at most this many times a line, since each one
  // deepens a whole subtree.
  visit("double_extension_margin", m.double_extension_margin, 20, 0, 200, 5);
  visit("double_extension_max", m.double_extension_max, 6, 0, 16, 1);
  // Late move reductions: from this depth, late moves are searched shallower first, and again at full
  // depth only if they beat alpha; reduction = base + ln(depth) * ln(moves) / divisor (both in hundredths).
  visit("lmr_min_depth", m.lmr_min_depth, 2, 1, 6, 1);
  visit("lmr_base", m.lmr_base, 75, 0, 200, 10);
  visit("lmr_divisor", m.lmr_divisor, 225, 100, 500, 15);
  // A move's history score shifts its reduction by a ply per this much.
  visit("lmr_history_divisor", m.lmr_history_divisor, 10000, 2000, 40000, 1000);
  // The history a quiet move starts from in the reduction formula: an unknown move is slightly suspect.
  visit("stat_score_offset", m.stat_score_offset, 4000, 0, 16000, 500);
  // Late move pruning: after base + depth^2 moves (halved when not improving), the remaining quiet moves
  // are not searched.
  visit("lmp_base", m.lmp_base, 3, 0, 12, 1);
  // Futility pruning of quiet moves: at reduced depth lmr_depth below the maximum, a quiet move is not
  // searched when the static score plus base + per_ply * lmr_depth is still below alpha.
  visit("futility_max_depth", m.futility_max_depth, 8, 0, 16, 1);
  visit("futility_base", m.futility_base, 80, 0, 400, 10);
  visit("futility_per_ply", m.futility_per_ply, 70, 0, 300, 8);
  // Quiet moves with a continuation history this bad per ply of depth are not searched near the leaves.
  visit("history_prune_max_depth", m.history_prune_max_depth, 4, 0, 10, 1);
  visit("history_prune_per_ply", m.history_prune_per_ply, 3000, 0, 12000, 300);
  // Static exchange pruning: a quiet move that loses this much times lmr_depth^2 is not searched near
  // the leaves.
  visit("see_quiet_per_ply2", m.see_quiet_per_ply2, 15, 0, 100, 3);
  // Futility for captures: the victim's value and base + per_ply * lmr_depth cannot lift the score to alpha.
  visit("capture_futility_max_depth", m.capture_futility_max_depth, 6, 0, 12, 1);
  visit("capture_futility_base", m.capture_futility_base, 100, 0, 500, 12);
  visit("capture_futility_per_ply", m.capture_futility_per_ply, 120, 0, 500, 12);
  // History updates: the bonus for a cutoff grows with depth (per_ply * depth - offset), capped so that
  // one deep search does not erase everything else learnt.
  visit("history_bonus_per_ply", m.history_bonus_per_ply, 300, 50, 1000, 30);
  visit("history_bonus_offset", m.history_bonus_offset, 250, 0, 1000, 30);
  visit("history_bonus_max", m.history_bonus_max, 1500, 200, 6000, 150);
  // Quiescence: a capture that cannot lift the score to alpha even with this much positional gain on top
  // of the victim's value is not searched.
  visit("delta_margin", m.delta_margin, 150, 0, 600, 15);
}

// The time manager's, in the same shape (engine/timeman.cpp). Their defaults are the constants it was
// written with; the bounds keep every budget inside the clock (the hard limit is capped by what is left
// whatever these say), so a tuner or a user cannot make jiang flag through them.
template <typename Visit>
void visit_time_params(SearchMargins& m, Visit&& visit) {
  // Without movestogo, plan as if this many moves remained: a game rarely lasts more than ~70 more
  // moves, and time left for later is safer than a flag.
  visit("moves_to_go", m.time.moves_to_go, 30, 10, 80, 4);
  // The share of the increment planned on spending now, percent.
  visit("increment_percent", m.time.increment_percent, 80, 0, 100, 10);
  // The hard limit is this many times the optimum: room for an unstable search to settle.
  visit("hard_over_optimum", m.time.hard_over_optimum, 5, 1, 10, 1);
  // Each change of the best move (decayed over the iterations) lengthens the budget by this much, percent.
  visit("instability_percent", m.time.instability_percent, 90, 0, 300, 15);
  // After this many iterations with one best move the search counts as settled and stops at
  // stable_percent of the optimum.
  visit("stable_iterations", m.time.stable_iterations, 6, 2, 16, 1);
  visit("stable_percent", m.time.stable_percent, 60, 20, 100, 8);
  // Each centipawn the score fell since the last iterations lengthens the budget by this much, permille
  // (negative drops, a rising score, shorten it), within [drop_min_percent, drop_max_percent].
  visit("score_drop_permille", m.time.score_drop_permille, 10, 0, 40, 2);
  visit("drop_min_percent", m.time.drop_min_percent, 80, 40, 100, 5);
  visit("drop_max_percent", m.time.drop_max_percent, 160, 100, 300, 10);
  // When the best move took at least node_share_percent of the root's nodes (its rivals refuted at
  // once), the budget shrinks to node_share_scale_percent: more time would hardly change the choice.
  visit("node_share_percent", m.time.node_share_percent, 92, 50, 100, 2);
  visit("node_share_scale_percent", m.time.node_share_scale_percent, 75, 30, 100, 5);
}

std::vector<ParamInfo> build_registry() {
  std::vector<ParamInfo> infos;
  SearchMargins scratch{};
  const auto add = [&](const char* group) {
    return [&infos, group](const char* name, int&, int def, int lo, int hi, int step) {
      infos.push_back({std::string(group) + "." + name, group, def, lo, hi, step});
    };
  };
  visit_params(scratch, add("search"));
  visit_time_params(scratch, add("time"));
  return infos;
}

}  // namespace

const ParamRegistry& SearchParams::table() {
  static const ParamRegistry registry(build_registry(), "search parameters");
  return registry;
}

void SearchParams::compile(const std::vector<int>& values, SearchMargins& m) {
  size_t i = 0;
  const auto fill = [&](const char*, int& field, int, int, int, int) { field = values[i++]; };
  visit_params(m, fill);
  visit_time_params(m, fill);
  // In hundredths: 75 / 100.0 is 0.75 exactly, so the defaults give the table the search always had.
  const double base = m.lmr_base / 100.0, divisor = m.lmr_divisor / 100.0;
  for (int d = 0; d < kLmrTableSize; ++d)
    for (int n = 0; n < kLmrTableSize; ++n)
      m.lmr_table[d][n] = d == 0 || n == 0 ? 0 : uint8_t(base + std::log(d) * std::log(n) / divisor);
}

}  // namespace jiang
