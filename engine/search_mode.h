// Which search design answers `go`: the modern alpha-beta (the default) or one of the classic designs
// of docs/seed-searches.md, kept as modes so that they can be measured against it on the same board,
// evaluation and rules. A mode is a search, nothing else.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace jiang {

enum class SearchMode { AlphaBeta, TwoStage, BestFirst };
// How the alpha-beta searches order quiet moves: by what history statistics learnt, or by Kaissa's
// fixed list of move kinds.
enum class MoveOrder { History, Priority };

struct SearchDesign {
  SearchMode mode = SearchMode::AlphaBeta;
  MoveOrder order = MoveOrder::History;
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
