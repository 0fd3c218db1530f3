// The labelled-positions file (tuning/selfplay/positions_file.cpp), read leniently and strictly: either
// PositionsFileError or positions whose FEN is valid and whose result is in [0, 1], each of which
// survives the line self-play would write for it. A file read strictly reads the same leniently.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/check.h"
#include "movegen/position.h"
#include "tuning/selfplay/positions_file.h"

namespace {

using namespace jiang;

// format_position_line writes results with three decimals: half a unit of the third, plus the
// rounding of the subtraction that measures it (0.1235 reads back as 0.123, 0.0005000000000000004 away).
constexpr double kWrittenResultPrecision = 0.0005 + 1e-12;

std::optional<std::vector<LabelledPosition>> read(const std::string& text, bool strict, size_t* warnings) {
  std::istringstream in(text);
  std::vector<std::string> messages;
  try {
    auto positions = read_positions(in, "input", strict, &messages);
    *warnings = messages.size();
    return positions;
  } catch (const PositionsFileError&) {
    return std::nullopt;
  }
}

void check_position(const LabelledPosition& p) {
  fuzz::require(p.result >= 0 && p.result <= 1, "a result is in [0, 1]", p.fen);
  fuzz::require(p.line >= 1 && p.game >= 0, "a position has its line and game");
  try {
    (void)Position::from_fen(p.fen);
  } catch (const FenError& e) {
    fuzz::require(false, "a position read has a valid FEN", p.fen + ": " + e.what());
  }
  fuzz::require(!p.score || std::abs(*p.score) <= kMaxLabelScore, "a score is within the bound", p.fen);
  const std::string line = format_position_line(p.fen, p.result, p.score);
  std::optional<LabelledPosition> again;
  try {
    again = parse_position_line(line);
  } catch (const std::invalid_argument& e) {
    fuzz::require(false, "the line written for a position reads back", line + ": " + e.what());
  }
  fuzz::require(again && again->fen == p.fen && std::abs(again->result - p.result) <= kWrittenResultPrecision &&
                    again->score == p.score,
                "the line written for a position reads back as that position", line);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  size_t lenient_warnings = 0, strict_warnings = 0;
  const auto lenient = read(text, false, &lenient_warnings);
  const auto strict = read(text, true, &strict_warnings);
  if (lenient)
    for (const LabelledPosition& p : *lenient) check_position(p);
  if (strict) {
    fuzz::require(strict_warnings == 0, "a strict read warns of nothing");
    fuzz::require(lenient && lenient->size() == strict->size() && lenient_warnings == 0,
                  "a file read strictly reads the same leniently");
  }
  return 0;
}
