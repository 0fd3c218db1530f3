// Labelled positions: the text format self-play writes and the tuner reads.
//
// One position a line: a FEN, whitespace, the game's result from Red's point of view and, optionally,
// the search score of the position from Red's point of view, a whole number of evaluation units (what
// `jiang tune --lambda` blends into the label). Results are written `1.0`, `0.5` or `0.0`; the reader
// also takes any number from 0 to 1, `1-0`, `0-1`, `1/2-1/2` (or `1/2`), each optionally in brackets
// (`[1.0]`, `[0-1]`) or double quotes. A score is an integer token after the result. Blank lines and
// lines whose first non-blank character is `#` are comments. Trailing carriage returns are ignored.
// Self-play closes each game's positions with a `# game N ...` comment; the reader numbers the games
// so that the tuner can hold out whole games (positions of one game share their label and most of
// their features, so a split by position would let the validation set see its own games).
#pragma once

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace jiang {

struct LabelledPosition {
  std::string fen;
  double result = 0.5;  // 1 Red won, 0.5 draw, 0 Black won
  int line = 0;         // where it was read, for messages
  int game = 0;         // positions of one game share this; in a file without game markers, each its own
  std::optional<int> score;  // the search score, Red's point of view, when the line gives one
};

// The largest search score a line may give: beyond it the score is a mate score, which self-play does
// not keep.
inline constexpr int kMaxLabelScore = 30000;

// The comment that ends the positions of a self-played game.
inline constexpr std::string_view kGameMarker = "# game ";

// An unreadable or empty file, or (strict) a malformed line. The message names the file and line.
class PositionsFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The result a token spells, or nothing.
std::optional<double> parse_result(std::string_view token);
// Splits one line into a position; nothing for a comment or blank line. Throws std::invalid_argument
// saying what is wrong with a malformed line (no result, an unknown result, an invalid FEN).
std::optional<LabelledPosition> parse_position_line(std::string_view line);

// Reads every position of a file. A malformed line is skipped with a warning "FILE:LINE: reason" added
// to `warnings` (if given), or with `strict` throws PositionsFileError with that text. A file that
// cannot be read, or that holds no valid position, throws PositionsFileError.
std::vector<LabelledPosition> read_positions(const std::filesystem::path& path, bool strict = false,
                                             std::vector<std::string>* warnings = nullptr);
// The same from a stream; `name` stands for the file in messages.
std::vector<LabelledPosition> read_positions(std::istream& in, const std::string& name, bool strict = false,
                                             std::vector<std::string>* warnings = nullptr);

// The line self-play writes: "FEN 1.0", "FEN 0.5" or "FEN 0.0" (other values with up to 3 decimals),
// then " SCORE" when a score is given.
std::string format_position_line(std::string_view fen, double result, std::optional<int> score = std::nullopt);

}  // namespace jiang
