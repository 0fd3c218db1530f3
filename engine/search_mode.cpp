#include "engine/search_mode.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace jiang {

namespace {

constexpr std::array<std::pair<SearchMode, std::string_view>, 3> kModeNames{{
    {SearchMode::AlphaBeta, "alphabeta"}, {SearchMode::TwoStage, "two-stage"}, {SearchMode::BestFirst, "best-first"}}};
constexpr std::array<std::pair<MoveOrder, std::string_view>, 2> kOrderNames{{
    {MoveOrder::History, "history"}, {MoveOrder::Priority, "priority"}}};

bool same_name(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](char x, char y) { return std::tolower((unsigned char)x) == std::tolower((unsigned char)y); });
}

template <typename Names>
auto name_of(const Names& names, decltype(names[0].first) value) {
  for (const auto& [v, name] : names)
    if (v == value) return name;
  return std::string_view{};
}

template <typename Names>
auto value_of(const Names& names, std::string_view text) -> std::optional<decltype(names[0].first)> {
  for (const auto& [v, name] : names)
    if (same_name(name, text)) return v;
  return std::nullopt;
}

}  // namespace

std::string_view to_string(SearchMode mode) { return name_of(kModeNames, mode); }
std::string_view to_string(MoveOrder order) { return name_of(kOrderNames, order); }
std::optional<SearchMode> parse_search_mode(std::string_view text) { return value_of(kModeNames, text); }
std::optional<MoveOrder> parse_move_order(std::string_view text) { return value_of(kOrderNames, text); }

}  // namespace jiang
