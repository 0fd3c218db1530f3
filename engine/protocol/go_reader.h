// The arguments of `go`, read word by word by a dialect's table of keywords (UCCI's in ucci.cpp, UCI's in
// uci.cpp): each keyword reads its own value, if it has one, and the words that are no keyword are errors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/score.h"

namespace jiang::protocol {

// The largest `go depth` taken literally; larger values mean "as good as unlimited".
inline constexpr int64_t kMaxGoDepth = 1000;
// Mates longer than the deepest line cannot be found; larger values mean "any mate".
inline constexpr int64_t kMaxGoMate = kMaxPly / 2;

class GoReader;

struct GoKeyword {
  std::string_view word;
  std::function<void(GoReader&)> read;  // reads the keyword's values from the reader and applies them
};

class GoReader {
 public:
  GoReader(const std::vector<std::string>& args, std::span<const GoKeyword> keywords)
      : args_(args), keywords_(keywords) {}

  // Reads every word; throws CommandError for a word that is no keyword ("unknown keyword 'X'
  // (expected ...)", the keywords in the table's order) or for a value a keyword rejects.
  void read_all();

  // For the keyword being read: its next word; a CommandError if there is none.
  const std::string& value();
  // A whole number >= min as the value, values above max taken as max; a CommandError otherwise.
  int64_t count(int64_t min, int64_t max);
  // Whether the next word is `word`; if so it is taken.
  bool take_if(std::string_view word);
  // The words up to the next keyword.
  std::vector<std::string> values_until_keyword();
  const std::string& keyword() const { return args_[keyword_]; }

 private:
  bool is_keyword(std::string_view word) const;
  const std::vector<std::string>& args_;
  std::span<const GoKeyword> keywords_;
  size_t keyword_ = 0;  // the keyword being read
  size_t index_ = 0;    // the last word taken
};

}  // namespace jiang::protocol
