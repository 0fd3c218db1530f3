// Which search design answers `go`: the modern alpha-beta (the default) or one of the classic designs
// of docs/seed-searches.md, kept as modes so that they can be measured against it on the same board,
// evaluation and rules. A mode is a search, nothing else.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "engine/modes/best_first/settings.h"

namespace jiang {

enum class SearchMode { AlphaBeta, TwoStage, BestFirst };
// How the alpha-beta searches order quiet moves: by what history statistics learnt, or by Kaissa's
// fixed list of move kinds.
enum class MoveOrder { History, Priority };

// Two-stage search's parameters (docs seed-searches.md §1; the protocols' TwoStage options).
struct TwoStageParams {
  static constexpr int kMaxMarginCp = 2000;
  static constexpr int kMaxStage1Percent = 90;  // stage 2 always has some of the budget
  static constexpr int kMaxPositionalPly = 64;
  // Variant 1: stage 1's material-only search keeps the root moves within this many centipawns of its
  // best; half a pawn: a move that loses a pawn is dropped, positional differences are stage 2's.
  int margin_cp = 50;
  // Stage 1's share of the time or nodes (percent); 0 turns variant 1 off (no root selection).
  int stage1_percent = 30;
  // Variant 2: the positional part of the evaluation is computed down to this ply and inherited below
  // it; 0 turns variant 2 off.
  int positional_ply = 0;
};

struct SearchDesign {
  SearchMode mode = SearchMode::AlphaBeta;
  MoveOrder order = MoveOrder::History;
  TwoStageParams two_stage;
  // The best-first mode's voting and tree size (the protocols' BestFirst options).
  best_first::Settings best_first;
};

// Every value, in the order the protocols list them (the default first).
inline constexpr std::array<SearchMode, 3> kSearchModes = {SearchMode::AlphaBeta, SearchMode::TwoStage,
                                                           SearchMode::BestFirst};
inline constexpr std::array<MoveOrder, 2> kMoveOrders = {MoveOrder::History, MoveOrder::Priority};
// For messages: "alphabeta, two-stage, best-first" and "history, priority".
inline constexpr const char* kSearchModeNames = "alphabeta, two-stage, best-first";
inline constexpr const char* kMoveOrderNames = "history, priority";

// The names the protocols, bench, self-play and the match runner use: "alphabeta", "two-stage",
// "best-first"; "history", "priority".
std::string_view to_string(SearchMode mode);
std::string_view to_string(MoveOrder order);
std::optional<SearchMode> parse_search_mode(std::string_view text);
std::optional<MoveOrder> parse_move_order(std::string_view text);

}  // namespace jiang
