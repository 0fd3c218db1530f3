// The options that choose the search design (issue 12): `Search Mode` / `searchmode` and `Move Order` /
// `moveorder`, stored in the session and given to every search as SearchLimits::design.
#include "engine/protocol/protocol.h"

namespace jiang::protocol {

void Session::add_design_options() {
  using Type = OptionSpec::Type;
  std::vector<std::string> modes, orders;
  for (SearchMode m : kSearchModes) modes.emplace_back(to_string(m));
  for (MoveOrder o : kMoveOrders) orders.emplace_back(to_string(o));
  add_option({"Search Mode", "searchmode", Type::Combo, std::string(to_string(SearchDesign{}.mode)), 0, 0, modes,
              [this](std::string_view v, std::string_view name) { set_search_mode(v, name); }});
  add_option({"Move Order", "moveorder", Type::Combo, std::string(to_string(SearchDesign{}.order)), 0, 0, orders,
              [this](std::string_view v, std::string_view name) { set_move_order(v, name); }});
}

void Session::set_search_mode(std::string_view value, std::string_view option) {
  const std::optional<SearchMode> mode = parse_search_mode(value);
  if (!mode)
    throw CommandError(std::string(option) + " expects one of " + kSearchModeNames + ", got '" + std::string(value) +
                       "'; search mode unchanged");
  design_.mode = *mode;
}

void Session::set_move_order(std::string_view value, std::string_view option) {
  const std::optional<MoveOrder> order = parse_move_order(value);
  if (!order)
    throw CommandError(std::string(option) + " expects one of " + kMoveOrderNames + ", got '" + std::string(value) +
                       "'; move order unchanged");
  design_.order = *order;
}

}  // namespace jiang::protocol
