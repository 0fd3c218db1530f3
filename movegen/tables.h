// Precomputed move knowledge: templates for the short-range pieces and pre-set tables for the line pieces.
//
// A template lists, for a piece on a square, each target square with the square that must be empty for
// the move to be possible (the horse's leg, the elephant's eye). Palace, half-board and river limits are
// baked in, so a generator only walks a list.
//
// The line tables are indexed by a piece's position in its rank or file and by that line's occupancy bit
// vector; each entry holds, as bit sets over the same line, the empty squares a rook or cannon may move
// to, the first piece met in each direction (rook captures, and the pieces that see this square along
// the line), and the second piece met in each direction (cannon captures over exactly one screen).
// Evaluation also reads the squares a cannon controls past its screen.
#pragma once

#include <array>
#include <cstdint>

#include "movegen/types.h"

namespace jiang {

struct Step {
  Square to;
  Square block;  // must be empty for the step to be possible; NoSquare when nothing can block
};

struct Template {
  uint8_t count = 0;
  std::array<Step, 8> steps{};

  constexpr const Step* begin() const { return steps.data(); }
  constexpr const Step* end() const { return steps.data() + count; }
};

using SquareTemplates = std::array<Template, kSquares>;

struct Templates {
  SquareTemplates king;      // one orthogonal step inside the palace the square is in
  SquareTemplates advisor;   // one diagonal step inside the palace
  SquareTemplates elephant;  // two diagonal steps on the same side of the river, blocked by the eye
  SquareTemplates horse;     // one orthogonal then one diagonal step, blocked by the leg
  std::array<SquareTemplates, kColors> pawn;  // forward, and sideways once across the river
  // Reverse templates: where an attacker must stand (and what must be empty) to reach a square.
  SquareTemplates horse_attackers;  // .to is the horse's square, .block its leg
  std::array<SquareTemplates, kColors> pawn_attackers;  // indexed by the pawn's colour
  // [from][to]: the leg a horse on `from` needs empty to reach `to`, NoSquare where no horse step joins
  // them. Whether a side's horses attack a square is then one look-up per horse (two at most) instead
  // of a walk over the eight squares a horse could attack it from.
  std::array<std::array<Square, kSquares>, kSquares> horse_leg;
};

extern const Templates kTemplates;

struct LineMoves {
  uint16_t quiet;            // empty squares reachable before the first piece
  uint16_t first_blockers;   // the first piece in each direction: rook captures
  uint16_t second_blockers;  // the second piece in each direction: cannon captures
  uint16_t beyond_screen;    // squares past the first piece up to and including the second: what a
                             // cannon controls
};

inline constexpr int kRankOccupancies = 1 << kFiles;
inline constexpr int kFileOccupancies = 1 << kRanks;

// kRankMoves[file][occupancy of the rank]: bits are files. kFileMoves[rank][occupancy of the file]: bits
// are ranks.
extern const std::array<std::array<LineMoves, kRankOccupancies>, kFiles> kRankMoves;
extern const std::array<std::array<LineMoves, kFileOccupancies>, kRanks> kFileMoves;

}  // namespace jiang
