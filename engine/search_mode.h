// Which search design answers `go`: the modern alpha-beta (the default) or one of the classic designs
// of docs/seed-searches.md, kept as modes so that they can be measured against it on the same board,
// evaluation and rules. A mode is a search, nothing else.
#pragma once

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

// The names the protocols, bench, self-play and the match runner use: "alphabeta", "two-stage",
// "best-first"; "history", "priority".
std::string_view to_string(SearchMode mode);
std::string_view to_string(MoveOrder order);
std::optional<SearchMode> parse_search_mode(std::string_view text);
std::optional<MoveOrder> parse_move_order(std::string_view text);

}  // namespace jiang
