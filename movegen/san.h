// XBoard's Xiangqi SAN, written and read. Files a-i and ranks 0-9 from Red's side (the ICCS squares),
// pieces K A E H R C (king, advisor, elephant, horse, rook, cannon), pawn moves as the pawn's file then
// the rank it reaches ("e4") or, sideways or capturing, "ed4" / "exe5". A piece is told apart from
// another of its kind by its file, else its rank, else both ("Raa3", "R0a3"), as in chess SAN.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "movegen/position.h"

namespace jiang {

// The move in SAN, check ('+') and mate ('#') marked. `m` must be legal in `pos`.
std::string san(const Position& pos, Move m);

// Why a SAN text names no move: malformed, no legal move fits, or more than one does.
struct SanError {
  std::string message;
};

// The legal move the text names in `pos`. Reads what san() writes and what other writers do: N and B
// for the horse and elephant, a P for pawns, check and mate marks and annotations ('!', '?') ignored, a
// pawn move without its file taken as a straight step (as chess SAN). A text that fits two moves is
// ambiguous, an error.
std::optional<Move> parse_san(const Position& pos, std::string_view text, SanError* error = nullptr);

}  // namespace jiang
