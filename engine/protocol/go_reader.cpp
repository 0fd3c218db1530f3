#include "engine/protocol/go_reader.h"

#include <algorithm>

#include "engine/protocol/protocol.h"

namespace jiang::protocol {

void GoReader::read_all() {
  for (keyword_ = index_ = 0; index_ < args_.size(); keyword_ = ++index_) {
    const std::string& word = args_[index_];
    const auto it =
        std::find_if(keywords_.begin(), keywords_.end(), [&](const GoKeyword& k) { return k.word == word; });
    if (it == keywords_.end()) {
      std::string list;
      for (const GoKeyword& k : keywords_) list += (list.empty() ? "" : ", ") + std::string(k.word);
      throw CommandError("unknown keyword '" + word + "' (expected " + list + ")");
    }
    it->read(*this);
  }
}

const std::string& GoReader::value() {
  if (index_ + 1 >= args_.size()) throw CommandError("missing value after '" + keyword() + "'");
  return args_[++index_];
}

int64_t GoReader::count(int64_t min, int64_t max) {
  const std::string& text = value();
  const std::optional<int64_t> n = parse_int(text, min, INT64_MAX);
  if (!n) throw CommandError("'" + keyword() + "' expects a whole number >= " + std::to_string(min) + ", got '" + text + "'");
  return std::min(*n, max);
}

bool GoReader::take_if(std::string_view word) {
  if (index_ + 1 >= args_.size() || args_[index_ + 1] != word) return false;
  ++index_;
  return true;
}

std::vector<std::string> GoReader::values_until_keyword() {
  std::vector<std::string> values;
  while (index_ + 1 < args_.size() && !is_keyword(args_[index_ + 1])) values.push_back(args_[++index_]);
  return values;
}

bool GoReader::is_keyword(std::string_view word) const {
  return std::any_of(keywords_.begin(), keywords_.end(), [&](const GoKeyword& k) { return k.word == word; });
}

}  // namespace jiang::protocol
