#include "match/engine_spec.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <set>

namespace jiang::match {

std::vector<std::string> split_words_quoted(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote == '\'') {
      if (c == '\'') quote = 0;
      else word += c;
    } else if (c == '\\' && i + 1 < text.size() && (quote == 0 || text[i + 1] == '"' || text[i + 1] == '\\')) {
      word += text[++i];
      in_word = true;
    } else if (quote == '"') {
      if (c == '"') quote = 0;
      else word += c;
    } else if (c == '"' || c == '\'') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quote) throw SpecError(std::string("unterminated ") + quote + " quote in '" + text + "'");
  if (in_word) words.push_back(word);
  return words;
}

namespace {

Dialect parse_dialect(const std::string& value) {
  if (value == "ucci") return Dialect::Ucci;
  if (value == "uci") return Dialect::Uci;
  if (value == "xboard") return Dialect::Xboard;
  throw SpecError("proto must be ucci, uci or xboard, got '" + value + "'");
}

TimeUnit parse_time_unit(const std::string& value) {
  if (value == "auto") return TimeUnit::Auto;
  if (value == "ms") return TimeUnit::Milliseconds;
  if (value == "s") return TimeUnit::Seconds;
  throw SpecError("timeunit must be auto, ms or s, got '" + value + "'");
}

bool parse_on_off(const std::string& key, const std::string& value) {
  if (value == "on") return true;
  if (value == "off") return false;
  throw SpecError(key + " must be on or off, got '" + value + "'");
}

// A whole number from 1 to `max` for the key, or SpecError.
int64_t positive(const std::string& key, const std::string& value, int64_t max) {
  const bool digits = !value.empty() && value.size() <= 18 && value.find_first_not_of("0123456789") == std::string::npos;
  const int64_t n = digits ? std::stoll(value) : 0;
  if (n < 1 || n > max) throw SpecError(key + " must be a whole number from 1 to " + std::to_string(max) + ", got '" + value + "'");
  return n;
}

// tc=, nodes= or depth=: the engine's own limit.
MoveBudget parse_budget(const std::string& key, const std::string& value) {
  MoveBudget b;
  if (key == "nodes") b.nodes = uint64_t(positive(key, value, int64_t(1) << 50));
  else if (key == "depth") b.depth = int(positive(key, value, 1000));
  else {
    try {
      b.tc = parse_time_control(value);
    } catch (const TimeControlError& e) {
      throw SpecError(std::string("tc=: ") + e.what());
    }
    b.clock = true;
  }
  return b;
}

// Applies one key=value word to the spec.
void apply(EngineSpec& spec, const std::string& key, const std::string& value) {
  static const std::string kOptionPrefix = "option.";
  if (key.rfind(kOptionPrefix, 0) == 0) {
    const std::string option = key.substr(kOptionPrefix.size());
    if (option.empty()) throw SpecError("'" + key + "=" + value + "': the option has no name");
    spec.options.emplace_back(option, value);
  } else if (key == "name") {
    if (value.empty()) throw SpecError("name= must not be empty");
    spec.name = value;
  } else if (key == "cmd") {
    if (value.empty()) throw SpecError("cmd= must not be empty");
    spec.program = value;
  } else if (key == "args") {
    spec.args = split_words_quoted(value);
  } else if (key == "dir") {
    spec.dir = value;
  } else if (key == "proto") {
    spec.dialect = parse_dialect(value);
  } else if (key == "timeunit") {
    spec.time_unit = parse_time_unit(value);
  } else if (key == "ponder") {
    spec.ponder = parse_on_off(key, value);
  } else if (key == "tc" || key == "nodes" || key == "depth") {
    if (spec.budget) throw SpecError("give one of tc=, nodes= and depth=, not two");
    spec.budget = parse_budget(key, value);
  } else {
    throw SpecError("unknown key '" + key +
                    "' (expected name, cmd, args, dir, proto, timeunit, ponder, tc, nodes, depth or option.NAME)");
  }
}

}  // namespace

EngineSpec parse_engine_spec(const std::string& text) {
  EngineSpec spec;
  std::set<std::string> seen;
  for (const std::string& word : split_words_quoted(text)) {
    const size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0) throw SpecError("'" + word + "' is not KEY=VALUE");
    const std::string key = word.substr(0, eq);
    if (!seen.insert(key).second) throw SpecError("'" + key + "' is given twice");
    apply(spec, key, word.substr(eq + 1));
  }
  if (spec.program.empty()) throw SpecError("no cmd= in '" + text + "'");
  if (spec.name.empty()) spec.name = std::filesystem::path(spec.program).filename().string();
  if (spec.dialect != Dialect::Ucci && spec.time_unit != TimeUnit::Auto)
    throw SpecError("timeunit= is for UCCI engines (UCI times are milliseconds, XBoard's centiseconds)");
  return spec;
}

std::string resolve_program(const std::string& program) {
  namespace fs = std::filesystem;
  const auto executable = [](const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
  };
  if (program.find('/') != std::string::npos) {
    std::error_code ec;
    if (!fs::exists(program, ec)) throw SpecError("engine program '" + program + "' does not exist");
    if (!executable(program)) throw SpecError("engine program '" + program + "' is not an executable file");
    return fs::absolute(program).string();
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  for (size_t start = 0; start <= dirs.size();) {
    const size_t end = std::min(dirs.find(':', start), dirs.size());
    const fs::path candidate = fs::path(end > start ? dirs.substr(start, end - start) : ".") / program;
    if (executable(candidate)) return fs::absolute(candidate).string();
    start = end + 1;
  }
  throw SpecError("engine program '" + program + "' is not in PATH");
}

}  // namespace jiang::match
