#include "match/adjudication.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <stdexcept>

namespace jiang::match {
namespace {

// KEY=VALUE words to a map of whole numbers, each key one of `keys` and all of them present.
std::map<std::string, int> parse_rule(const std::vector<std::string>& words, const std::vector<std::string>& keys) {
  std::map<std::string, int> values;
  for (const std::string& word : words) {
    const size_t eq = word.find('=');
    const std::string key = word.substr(0, eq);
    if (eq == std::string::npos || std::find(keys.begin(), keys.end(), key) == keys.end())
      throw std::invalid_argument("'" + word + "' is not one of " + [&] {
        std::string list;
        for (const std::string& k : keys) list += (list.empty() ? "" : ", ") + k + "=N";
        return list;
      }());
    const std::string text = word.substr(eq + 1);
    char* end = nullptr;
    const long value = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || value < 0 || value > 1'000'000)
      throw std::invalid_argument("'" + word + "': expected a whole number from 0 to 1000000");
    if (!values.emplace(key, int(value)).second) throw std::invalid_argument("'" + key + "' is given twice");
  }
  for (const std::string& k : keys)
    if (!values.count(k)) throw std::invalid_argument("missing " + k + "=N");
  return values;
}

}  // namespace

ResignRule parse_resign_rule(const std::vector<std::string>& words) {
  const auto v = parse_rule(words, {"movecount", "score"});
  if (v.at("movecount") < 1) throw std::invalid_argument("movecount must be at least 1");
  return {v.at("movecount"), v.at("score")};
}

DrawRule parse_draw_rule(const std::vector<std::string>& words) {
  const auto v = parse_rule(words, {"movenumber", "movecount", "score"});
  if (v.at("movecount") < 1) throw std::invalid_argument("movecount must be at least 1");
  return {v.at("movenumber"), v.at("movecount"), v.at("score")};
}

}  // namespace jiang::match
