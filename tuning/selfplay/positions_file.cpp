#include "tuning/selfplay/positions_file.h"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <istream>

#include "movegen/position.h"

namespace jiang {
namespace {

constexpr std::string_view kBlanks = " \t\r\n\f\v";

std::string_view trim(std::string_view s) {
  const size_t first = s.find_first_not_of(kBlanks);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(kBlanks) - first + 1);
}

// An optionally signed decimal integer (no more than nine digits), or nothing.
std::optional<int> parse_score(std::string_view token) {
  const size_t digits = token.size() - (!token.empty() && (token[0] == '-' || token[0] == '+'));
  if (digits == 0 || digits > 9) return std::nullopt;
  int value = 0;
  const char* first = token.data() + (token[0] == '+');
  const auto [end, ec] = std::from_chars(first, token.data() + token.size(), value);
  if (ec != std::errc() || end != token.data() + token.size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<double> parse_result(std::string_view token) {
  token = trim(token);
  // [1.0], "1-0", [1/2-1/2]; a trailing ';' as EPD writes it.
  if (!token.empty() && token.back() == ';') token = trim(token.substr(0, token.size() - 1));
  if (token.size() >= 2 && ((token.front() == '[' && token.back() == ']') || (token.front() == '"' && token.back() == '"')))
    token = trim(token.substr(1, token.size() - 2));
  if (token == "1-0") return 1.0;
  if (token == "0-1") return 0.0;
  if (token == "1/2-1/2" || token == "1/2") return 0.5;
  // A number needs its decimal point: a bare "1" or "0" is more likely a FEN's move counter with the
  // result missing than a result.
  if (token.empty() || token.find('.') == std::string_view::npos ||
      !(std::isdigit(static_cast<unsigned char>(token[0])) || token[0] == '.'))
    return std::nullopt;
  double value = 0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (ec != std::errc() || end != token.data() + token.size() || !std::isfinite(value) || value < 0 || value > 1)
    return std::nullopt;
  return value;
}

std::optional<LabelledPosition> parse_position_line(std::string_view line) {
  line = trim(line);
  if (line.empty() || line.front() == '#') return std::nullopt;
  size_t split = line.find_last_of(" \t");
  if (split == std::string_view::npos) throw std::invalid_argument("no result after the FEN");
  std::string_view token = line.substr(split + 1);
  LabelledPosition p;
  // An integer after a result is a score. A FEN ends with integers too (the move counters), so a line
  // whose token before the integer is no result is read as a result missing.
  if (const auto score = parse_score(token)) {
    const std::string_view before = trim(line.substr(0, split));
    const size_t result_split = before.find_last_of(" \t");
    if (result_split != std::string_view::npos && parse_result(before.substr(result_split + 1))) {
      if (std::abs(*score) > kMaxLabelScore)
        throw std::invalid_argument("score " + std::string(token) + " is beyond +/-" + std::to_string(kMaxLabelScore));
      p.score = *score;
      line = before;
      split = result_split;
      token = line.substr(split + 1);
    }
  }
  const std::optional<double> result = parse_result(token);
  if (!result)
    throw std::invalid_argument("result '" + std::string(token) +
                                "' is none of 1.0, 0.5, 0.0 (or a number from 0 to 1), 1-0, 0-1, 1/2-1/2");
  p.fen = std::string(trim(line.substr(0, split)));
  p.result = *result;
  try {
    Position::from_fen(p.fen);
  } catch (const FenError& e) {
    throw std::invalid_argument(std::string("invalid FEN: ") + e.what());
  }
  return p;
}

std::vector<LabelledPosition> read_positions(std::istream& in, const std::string& name, bool strict,
                                             std::vector<std::string>* warnings) {
  std::vector<LabelledPosition> positions;
  int line_number = 0;
  int malformed = 0;
  int game = 0;
  bool game_has_positions = false;
  bool any_marker = false;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (std::string_view(line).substr(0, kGameMarker.size()) == kGameMarker) {
      any_marker = true;
      if (game_has_positions) ++game;
      game_has_positions = false;
      continue;
    }
    try {
      if (auto p = parse_position_line(line)) {
        p->line = line_number;
        p->game = game;
        game_has_positions = true;
        positions.push_back(std::move(*p));
      }
    } catch (const std::invalid_argument& e) {
      const std::string message = name + ":" + std::to_string(line_number) + ": " + e.what();
      if (strict) throw PositionsFileError(message);
      ++malformed;
      if (warnings) warnings->push_back(message);
    }
  }
  if (in.bad()) throw PositionsFileError("error reading " + name);
  if (!any_marker)
    for (size_t i = 0; i < positions.size(); ++i) positions[i].game = int(i);
  if (positions.empty())
    throw PositionsFileError(name + " holds no positions" +
                             (malformed ? " (" + std::to_string(malformed) + " malformed lines)" : std::string()));
  return positions;
}

std::vector<LabelledPosition> read_positions(const std::filesystem::path& path, bool strict,
                                             std::vector<std::string>* warnings) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw PositionsFileError("cannot read " + path.string() + ": it is a directory");
  std::ifstream in(path);
  if (!in) throw PositionsFileError("cannot read " + path.string() + ": " + std::strerror(errno));
  return read_positions(in, path.string(), strict, warnings);
}

std::string format_position_line(std::string_view fen, double result, std::optional<int> score) {
  char buffer[16];
  if (result == 1.0 || result == 0.5 || result == 0.0)
    std::snprintf(buffer, sizeof buffer, "%.1f", result);
  else
    std::snprintf(buffer, sizeof buffer, "%.3f", result);
  std::string line = std::string(fen) + " " + buffer;
  if (score) line += " " + std::to_string(*score);
  return line;
}

}  // namespace jiang
