#include "games/score_comment.h"

#include <charconv>
#include <cmath>

namespace jiang::games {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A whole number at `at`, advancing past it.
std::optional<int> take_int(std::string_view text, size_t& at) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data() + at, text.data() + text.size(), value);
  if (ec != std::errc() || end == text.data() + at) return std::nullopt;
  at = size_t(end - text.data());
  return value;
}

}  // namespace

std::optional<CommentScore> parse_score_comment(std::string_view comment) {
  size_t at = comment.find_first_not_of(' ');
  if (at == std::string_view::npos) return std::nullopt;
  int sign = 1;
  if (comment[at] == '+' || comment[at] == '-') sign = comment[at++] == '-' ? -1 : 1;
  CommentScore score;
  if (at < comment.size() && (comment[at] == 'M' || comment[at] == '#')) {
    ++at;
    const std::optional<int> moves = take_int(comment, at);
    if (!moves) return std::nullopt;
    score.mate = true;
    score.value = sign * *moves;
  } else {
    // Pawns with an optional fraction: "0.35", "12", "3.5".
    const size_t start = at;
    while (at < comment.size() && (is_digit(comment[at]) || comment[at] == '.')) ++at;
    if (at == start || !is_digit(comment[start])) return std::nullopt;
    double value = 0;  // from_chars: a '.' whatever the locale
    const auto [end, ec] = std::from_chars(comment.data() + start, comment.data() + at, value);
    if (ec != std::errc() || end != comment.data() + at) return std::nullopt;  // "1.2.3"
    const double centipawns = std::round(value * 100);
    if (centipawns >= kCommentMateCentipawns) {
      score.mate = true;
      score.value = sign;  // how far the mate is, such a number does not say reliably
    } else {
      score.value = sign * int(centipawns);
    }
  }
  if (at >= comment.size() || comment[at] != '/') return std::nullopt;
  ++at;
  const std::optional<int> depth = take_int(comment, at);
  if (!depth || *depth < 0) return std::nullopt;
  score.depth = *depth;
  return score;
}

}  // namespace jiang::games
