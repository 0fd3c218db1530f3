#include "engine/flags/design_flags.h"

#include <string>

#include <CLI/CLI.hpp>

namespace jiang {

void add_design_flags(CLI::App* cmd, SearchDesign& design) {
  const CLI::Validator mode_name(
      [](std::string& text) {
        return parse_search_mode(text) ? std::string() : "expected one of " + std::string(kSearchModeNames);
      },
      "MODE");
  const CLI::Validator order_name(
      [](std::string& text) {
        return parse_move_order(text) ? std::string() : "expected one of " + std::string(kMoveOrderNames);
      },
      "ORDER");
  cmd->add_option_function<std::string>(
         "--mode", [&design](const std::string& text) { design.mode = *parse_search_mode(text); },
         "search design: " + std::string(kSearchModeNames) + " (default alphabeta)")
      ->check(mode_name);
  cmd->add_option_function<std::string>(
         "--order", [&design](const std::string& text) { design.order = *parse_move_order(text); },
         "move order of the alpha-beta searches: " + std::string(kMoveOrderNames) + " (default history)")
      ->check(order_name);
  TwoStageParams& two_stage = design.two_stage;
  cmd->add_option("--two-stage-margin", two_stage.margin_cp,
                  "two-stage: stage 1 keeps the root moves within this many centipawns of its best (variant 1)")
      ->check(CLI::Range(0, TwoStageParams::kMaxMarginCp))
      ->capture_default_str();
  cmd->add_option("--two-stage-share", two_stage.stage1_percent,
                  "two-stage: stage 1's share of the nodes or time, percent (0: no root selection)")
      ->check(CLI::Range(0, TwoStageParams::kMaxStage1Percent))
      ->capture_default_str();
  cmd->add_option("--two-stage-ply", two_stage.positional_ply,
                  "two-stage: the positional evaluation is computed down to this ply and inherited below (variant "
                  "2; 0: off)")
      ->check(CLI::Range(0, TwoStageParams::kMaxPositionalPly))
      ->capture_default_str();
}

}  // namespace jiang
