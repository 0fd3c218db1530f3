#include "match/engine_info.h"

#include <algorithm>
#include <array>

#include "match/words.h"

namespace jiang::match {
namespace {

// A mate score as centipawns for adjudication: beyond any evaluation, nearer mates larger.
constexpr int kMateCentipawns = 100000;
// Larger than any depth, score or hash figure an engine reports: a guard against garbage.
constexpr int64_t kSmallLimit = 10'000'000;
// Node counts and times of long analyses.
constexpr int64_t kLargeLimit = int64_t(1) << 62;

// The words that begin a field: a principal variation ends at the next of them.
constexpr std::array<const char*, 17> kKeywords = {"depth",    "seldepth",   "multipv",  "score",    "nodes",  "nps",
                                                   "time",     "hashfull",   "wdl",      "pv",       "currmove",
                                                   "currmovenumber", "tbhits", "sbhits", "cpuload", "refutation",
                                                   "currline"};

bool is_keyword(const std::string& word) {
  return std::find(kKeywords.begin(), kKeywords.end(), word) != kKeywords.end();
}

// Reads the field at w[i] into `info`, advancing i past its values; false if a value is malformed.
bool read_field(const std::vector<std::string>& w, size_t& i, EngineInfo& info) {
  const auto number = [&](int64_t limit) -> std::optional<int64_t> {
    return i + 1 < w.size() ? parse_whole(w[++i], limit) : std::nullopt;
  };
  const std::string& key = w[i];
  if (key == "depth" || key == "seldepth" || key == "multipv" || key == "hashfull") {
    const auto v = number(kSmallLimit);
    if (!v || *v < 0) return false;
    if (key == "hashfull") info.hashfull = int(*v);
    else *(key == "depth" ? &info.depth : key == "seldepth" ? &info.seldepth : &info.multipv) = int(*v);
  } else if (key == "nodes" || key == "nps" || key == "time") {
    const auto v = number(kLargeLimit);
    if (!v || *v < 0) return false;
    if (key == "time") info.time_ms = *v;
    else (key == "nodes" ? info.nodes : info.nps) = uint64_t(*v);
  } else if (key == "score") {
    const bool keyword = i + 1 < w.size() && (w[i + 1] == "cp" || w[i + 1] == "mate");
    const bool mate = keyword && w[i + 1] == "mate";
    if (keyword) ++i;
    const auto v = number(kSmallLimit);
    if (!v) return false;
    info.score = EngineScore{mate, int(*v)};
    if (i + 1 < w.size() && (w[i + 1] == "lowerbound" || w[i + 1] == "upperbound"))
      info.bound = w[++i] == "lowerbound" ? EngineInfo::Bound::Lower : EngineInfo::Bound::Upper;
  } else if (key == "wdl") {
    WinDrawLoss wdl;
    for (int* part : {&wdl.win, &wdl.draw, &wdl.loss}) {
      const auto v = number(kSmallLimit);
      if (!v || *v < 0) return false;
      *part = int(*v);
    }
    info.wdl = wdl;
  } else if (key == "pv") {
    while (i + 1 < w.size() && !is_keyword(w[i + 1])) info.pv.push_back(w[++i]);
  }
  return true;
}

}  // namespace

int EngineScore::centipawns() const {
  if (!mate) return value;
  return value > 0 ? kMateCentipawns - value : -kMateCentipawns - value;
}

std::optional<EngineInfo> parse_info(const std::string& line) {
  const std::vector<std::string> w = words_of(line);
  if (w.size() < 2 || w[0] != "info" || w[1] == "string") return std::nullopt;
  EngineInfo info;
  for (size_t i = 1; i < w.size(); ++i)
    if (!read_field(w, i, info)) return std::nullopt;
  return info;
}

}  // namespace jiang::match
