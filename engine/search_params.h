// The search's margins, depths and divisors as a registry of named parameters (group "search", and the
// time manager's in group "time"), as the evaluation's weights are (eval/params.h): each with a default,
// the bounds a tuner may move it within and a step, readable from a JSON file
// (`{"search.futility_base": 90}`) and settable as engine options.
// The search reads them from its limits (SearchLimits::search_params), never from globals; the defaults
// are the margins the search was written with.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "util/param_registry.h"

namespace jiang {

// The LMR table covers depths and move counts below this; beyond, the last row and column.
inline constexpr int kLmrTableSize = 64;

// The time manager's (group "time", names time.*; search_params.cpp gives each its reason): they act
// only when the search has a clock, so fixed-node games can neither measure nor tune them.
struct TimeMargins {
  int moves_to_go;
  int increment_percent;
  int hard_over_optimum;
  int instability_percent;
  int stable_iterations;
  int stable_percent;
  int score_drop_permille;
  int drop_min_percent;
  int drop_max_percent;
  int node_share_percent;
  int node_share_scale_percent;
};

// The values the search reads, in the shape it reads them. Every field is a parameter of the registry
// (search_params.cpp gives each its reason); nothing here is set anywhere else.
struct SearchMargins {
  int aspiration_min_depth;
  int aspiration_window;
  int reverse_futility_max_depth;
  int reverse_futility_margin;
  int null_min_depth;
  int null_base_reduction;
  int null_depth_divisor;
  int null_eval_divisor;
  int null_max_eval_reduction;
  int null_verify_depth;
  int iir_min_depth;
  int singular_min_depth;
  int singular_table_depth_slack;
  int singular_margin_per_ply;
  int double_extension_margin;
  int double_extension_max;
  int lmr_min_depth;
  int lmr_base;     // hundredths of a ply
  int lmr_divisor;  // hundredths
  int lmr_history_divisor;
  int stat_score_offset;
  int lmp_base;
  int futility_max_depth;
  int futility_base;
  int futility_per_ply;
  int history_prune_max_depth;
  int history_prune_per_ply;
  int see_quiet_per_ply2;
  int capture_futility_max_depth;
  int capture_futility_base;
  int capture_futility_per_ply;
  int history_bonus_per_ply;
  int history_bonus_offset;
  int history_bonus_max;
  int delta_margin;
  TimeMargins time;
  // Late move reductions by depth and move count: lmr_base + ln(depth) * ln(moves) / lmr_divisor plies.
  std::array<std::array<uint8_t, kLmrTableSize>, kLmrTableSize> lmr_table;
};

class SearchParams : public ParamSet<SearchParams, SearchMargins> {
 public:
  static const ParamRegistry& table();
  static void compile(const std::vector<int>& values, SearchMargins& margins);

  const SearchMargins& margins() const { return compiled(); }
};

}  // namespace jiang
