#include "engine/search_steps.h"

#include <algorithm>
#include <cctype>

namespace jiang {
namespace {

// The table lists the steps in the enum's order, so that a step's name is kStepNames[step].
constexpr bool in_enum_order() {
  for (size_t i = 0; i < kStepNames.size(); ++i)
    if (size_t(kStepNames[i].step) != i) return false;
  return true;
}
static_assert(in_enum_order());

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool iequal(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  });
}

}  // namespace

std::optional<StepSet> parse_steps(std::string_view text, std::string& error) {
  StepSet steps;
  text = trim(text);
  if (text.empty() || iequal(text, "none") || text == "<empty>") return steps;
  while (true) {
    const size_t comma = text.find(',');
    const std::string_view word = trim(text.substr(0, comma));
    const auto known = std::find_if(kStepNames.begin(), kStepNames.end(),
                                    [&](const StepName& s) { return iequal(s.name, word); });
    if (known == kStepNames.end()) {
      error = "unknown search step '" + std::string(word) + "'; the steps are: " + step_names();
      return std::nullopt;
    }
    steps.add(known->step);
    if (comma == std::string_view::npos) return steps;
    text.remove_prefix(comma + 1);
  }
}

std::string to_string(const StepSet& steps) {
  std::string text;
  for (const StepName& s : kStepNames)
    if (steps.has(s.step)) text += (text.empty() ? "" : ",") + std::string(s.name);
  return text.empty() ? "none" : text;
}

std::string step_names() {
  std::string text;
  for (const StepName& s : kStepNames) text += (text.empty() ? "" : ", ") + std::string(s.name);
  return text;
}

}  // namespace jiang
