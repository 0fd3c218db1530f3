// `--mode NAME` and `--order NAME` for the commands that search (bench, selfplay): the search design
// of engine/search_mode.h, by the names the protocols' options use, and two-stage's parameters (the
// protocols' TwoStage options). A library of its own (jiang_design_flags), above the engine and below
// the commands of engine/cli and tuning/selfplay that share it.
#pragma once

#include "engine/search_mode.h"

namespace CLI {
class App;
}  // namespace CLI

namespace jiang {

// Adds the options to `cmd`; they write into `design`, which must outlive the parse.
void add_design_flags(CLI::App* cmd, SearchDesign& design);

}  // namespace jiang
