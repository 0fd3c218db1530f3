// The engine's score in a PGN move comment, as `jiang match` and XBoard write it: "{+0.35/18 2.1}" is
// the mover's score in pawns, the depth and the seconds; "{+M5/18 0.4}" (or "#5") a mate in 5 moves.
// Comments of other kinds ("book", "Black wins by mate") hold no score.
#pragma once

#include <optional>
#include <string_view>

namespace jiang::games {

// Scores this large in centipawns (300 pawns) are mates written as numbers: GUIs and adapters that do
// not know a mate notation add it to a large base (XBoard's 100000 + N).
inline constexpr int kCommentMateCentipawns = 30000;

struct CommentScore {
  int value = 0;      // centipawns, the mover's point of view; for a mate, moves to mate (negative: mated)
  bool mate = false;
  int depth = 0;
};

// The score at the start of `comment` (the text inside the braces, blanks allowed around it), or
// nothing when it does not start with one. A score needs its depth: "+0.35" alone is not read.
std::optional<CommentScore> parse_score_comment(std::string_view comment);

}  // namespace jiang::games
