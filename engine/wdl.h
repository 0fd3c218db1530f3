// What a score means in games: the chances of a win, a draw and a loss for the side it belongs to, as
// GUIs show them (UCI_ShowWDL). A logistic model fitted to jiang's own games (README, "Playing"): the
// win chance rises with the score around kWdlCenter, the loss chance falls around -kWdlCenter, and
// what is left between them is the draw.
#pragma once

#include "engine/score.h"

namespace jiang {

struct Wdl {
  int win = 0, draw = 0, loss = 0;  // per mille, summing to 1000
};

Wdl wdl_from_score(Score score);

}  // namespace jiang
