// A score in centipawns: what the evaluation returns and the search adds its mate scores to
// (engine/score.h). A header of its own, so that what needs the number needs no evaluator.
#pragma once

namespace jiang {

using Score = int;  // pawn = 100

}  // namespace jiang
