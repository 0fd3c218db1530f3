// The small text helpers of reading engine output: words at blanks, lower case, whole numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace jiang::match {

// The words of a line, split at any run of blanks.
std::vector<std::string> words_of(const std::string& line);
std::string lower(std::string text);
// A whole (optionally signed) decimal number within +/- `limit`, or nothing.
std::optional<int64_t> parse_whole(const std::string& text, int64_t limit);

}  // namespace jiang::match
