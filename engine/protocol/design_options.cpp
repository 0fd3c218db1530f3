// The options that choose the search design (issue 12): `Search Mode` / `searchmode`, `Move Order` /
// `moveorder`, two-stage search's parameters (engine/modes/two_stage.h) and `Disable Steps` /
// `disablesteps` (engine/search_steps.h), stored in the session and given to every search as
// SearchLimits::design.
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
  add_option({"Disable Steps", "disablesteps", Type::String, "<empty>", 0, 0, {},
              [this](std::string_view v, std::string_view name) { set_disabled_steps(v, name); }});
  TwoStageParams& two_stage = design_.two_stage;
  const auto spin = [](int value) { return std::to_string(value); };
  add_option({"TwoStage Margin", "twostagemargin", Type::Spin, spin(two_stage.margin_cp), 0,
              TwoStageParams::kMaxMarginCp, {}, [&two_stage](std::string_view v, std::string_view name) {
                two_stage.margin_cp = int(option_int(v, 0, TwoStageParams::kMaxMarginCp, name, " (centipawns)"));
              }});
  add_option({"TwoStage Stage1 Share", "twostageshare", Type::Spin, spin(two_stage.stage1_percent), 0,
              TwoStageParams::kMaxStage1Percent, {}, [&two_stage](std::string_view v, std::string_view name) {
                two_stage.stage1_percent = int(option_int(v, 0, TwoStageParams::kMaxStage1Percent, name, " (percent)"));
              }});
  add_option({"TwoStage Positional Ply", "twostageply", Type::Spin, spin(two_stage.positional_ply), 0,
              TwoStageParams::kMaxPositionalPly, {}, [&two_stage](std::string_view v, std::string_view name) {
                two_stage.positional_ply = int(option_int(v, 0, TwoStageParams::kMaxPositionalPly, name, " (plies)"));
              }});
}

namespace {

// The choice `parse` reads in `value`; CommandError naming the option, its choices and what stays as it
// was otherwise.
template <typename Parse>
auto choice(Parse parse, std::string_view value, std::string_view option, std::string_view choices,
            std::string_view unchanged) {
  const auto parsed = parse(value);
  if (!parsed)
    throw CommandError(std::string(option) + " expects one of " + std::string(choices) + ", got '" + std::string(value) +
                       "'; " + std::string(unchanged) + " unchanged");
  return *parsed;
}

}  // namespace

void Session::set_search_mode(std::string_view value, std::string_view option) {
  design_.mode = choice(parse_search_mode, value, option, kSearchModeNames, "search mode");
}

void Session::set_move_order(std::string_view value, std::string_view option) {
  design_.order = choice(parse_move_order, value, option, kMoveOrderNames, "move order");
}

void Session::set_disabled_steps(std::string_view value, std::string_view option) {
  std::string error;
  const std::optional<StepSet> steps = parse_steps(value, error);
  if (!steps) throw CommandError(std::string(option) + ": " + error + "; the steps turned off are unchanged");
  design_.disabled = *steps;
}

}  // namespace jiang::protocol
