#include "tuning/selfplay/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "tuning/selfplay/positions_file.h"
#include "util/fingerprint.h"

namespace jiang {
namespace {

// The output file's format version, part of the settings line: a file written by an incompatible
// version is not resumed. Version 2 added the search score to each line.
constexpr int kFormatVersion = 2;
constexpr std::string_view kHeaderStart = "# jiang selfplay";
constexpr std::string_view kSettingsStart = "# settings: ";


std::string errno_text() { return std::strerror(errno); }


// " --mode M --order O" (and two-stage's parameters) for a design other than the default, else nothing:
// files written before the modes existed keep their settings line, and so can be continued.
std::string design_words(const SearchDesign& design) {
  const SearchDesign defaults;
  std::string words;
  if (design.mode != defaults.mode) words += " --mode " + std::string(to_string(design.mode));
  if (design.order != defaults.order) words += " --order " + std::string(to_string(design.order));
  const TwoStageParams &ts = design.two_stage, &ts0 = defaults.two_stage;
  if (ts.margin_cp != ts0.margin_cp) words += " --two-stage-margin " + std::to_string(ts.margin_cp);
  if (ts.stage1_percent != ts0.stage1_percent) words += " --two-stage-share " + std::to_string(ts.stage1_percent);
  if (ts.positional_ply != ts0.positional_ply) words += " --two-stage-ply " + std::to_string(ts.positional_ply);
  return words;
}

std::string command_line(const SelfplayOptions& o) {
  std::ostringstream s;
  s << "jiang selfplay --games " << o.games;
  if (o.limits.depth) s << " --depth " << o.limits.depth;
  if (o.limits.nodes) s << " --nodes " << o.limits.nodes;
  s << design_words(o.design);
  if (!o.openings.empty()) s << " --openings " << o.openings.string();
  if (o.random_plies) s << " --random-plies " << o.random_plies;
  s << " --seed " << o.seed;
  if (!o.weights.empty()) s << " --weights " << o.weights.string();
  s << " --out " << o.out.string();
  return s.str();
}


std::string header(const SelfplayOptions& o, const std::string& settings) {
  return "# " + command_line(o) + "\n" + settings + "\n" +
         "# FEN result score (result 1.0 Red won, 0.5 draw, 0.0 Black won; score the search's, for Red); "
         "'# game N ...' ends the positions of game N\n";
}


Recovered recover(const std::filesystem::path& path, const std::string& settings) {
  Recovered r;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SelfplayError("cannot read " + path.string() + " to resume it: " + errno_text());
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.empty()) return r;
  // A header cut short by an interruption right after the file was made: start again.
  const size_t first_end = text.find('\n');
  const std::string_view first = std::string_view(text).substr(0, first_end);
  if (first.substr(0, std::min(first.size(), kHeaderStart.size())) != kHeaderStart.substr(0, std::min(first.size(), kHeaderStart.size())))
    throw SelfplayError(path.string() + " exists and was not written by jiang selfplay; choose another --out");
  const size_t second_end = first_end == std::string::npos ? std::string::npos : text.find('\n', first_end + 1);
  if (second_end == std::string::npos) return r;
  const std::string_view second = std::string_view(text).substr(first_end + 1, second_end - first_end - 1);
  if (second != settings)
    throw SelfplayError(path.string() + " was written with other settings; to continue it, repeat its command (" +
                        std::string(first.substr(2)) + "), or choose another --out.\n  file:    " +
                        std::string(second) + "\n  now:     " + settings);
  r.fresh = false;
  r.keep_bytes = second_end + 1;
  // Past the header: complete lines only; each game marker must carry the next index.
  uint64_t positions_in_block = 0;
  for (size_t pos = second_end + 1; pos < text.size();) {
    const size_t end = text.find('\n', pos);
    if (end == std::string::npos) break;  // a torn last line
    const std::string_view line = std::string_view(text).substr(pos, end - pos);
    if (line.substr(0, kGameMarker.size()) == kGameMarker) {
      const std::string_view rest = line.substr(kGameMarker.size());
      uint64_t index = 0;
      const auto [p, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), index);
      if (ec != std::errc() || index != r.games)
        throw SelfplayError(path.string() + ": game marker '" + std::string(line) + "' where game " +
                            std::to_string(r.games) + " was expected; the file is damaged");
      ++r.games;
      r.positions += positions_in_block;
      positions_in_block = 0;
      r.keep_bytes = end + 1;
    } else if (!line.empty() && line.front() != '#') {
      ++positions_in_block;
    }
    pos = end + 1;
  }
  r.torn_bytes = text.size() - r.keep_bytes;
  return r;
}


}  // namespace

void write_all(int fd, std::string_view data, const std::string& name) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw SelfplayError("cannot write " + name + ": " + errno_text());
    data.remove_prefix(size_t(n));
  }
}

std::string settings_line(const SelfplayOptions& o, const std::vector<std::string>& openings, const Params& params) {
  std::string fens;
  for (const std::string& f : openings) fens += f + '\n';
  std::string values;
  for (int v : params.values()) values += std::to_string(v) + ',';
  // The adjudication in the words of its first format (win score and plies, draw score, plies and
  // first ply), so that files written before the shared adjudicator still resume.
  const AdjudicationRules& a = o.adjudication.scores;
  const ResignRule win = a.resign.value_or(ResignRule{});
  const DrawRule draw = a.draw.value_or(DrawRule{});
  std::ostringstream s;
  s << kSettingsStart << "format " << kFormatVersion << " depth " << o.limits.depth << " nodes " << o.limits.nodes
    << " openings " << openings.size() << ":" << hex64(fnv1a(fens)) << " random-plies " << o.random_plies << " seed "
    << o.seed << " weights " << hex64(fnv1a(values)) << " skip-plies " << o.selection.skip_plies << " adjudication "
    << a.max_plies << "," << win.score << "," << 2 * win.movecount << "," << draw.score << "," << 2 * draw.movecount
    << "," << 2 * draw.movenumber << "," << o.adjudication.repetitions << design_words(o.design);
  return s.str();
}

int open_output(const SelfplayOptions& o, const std::string& settings, Recovered& recovered) {
  const std::string name = o.out.string();
  std::error_code ec;
  if (std::filesystem::is_directory(o.out, ec)) throw SelfplayError("--out " + name + " is a directory");
  if (std::filesystem::exists(o.out, ec)) recovered = recover(o.out, settings);
  const int fd = ::open(o.out.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) throw SelfplayError("cannot write " + name + ": " + errno_text());
  if (::ftruncate(fd, off_t(recovered.fresh ? 0 : recovered.keep_bytes)) != 0) {
    const std::string why = errno_text();
    ::close(fd);
    throw SelfplayError("cannot truncate " + name + ": " + why);
  }
  if (recovered.fresh) {
    try {
      write_all(fd, header(o, settings), name);
    } catch (...) {
      ::close(fd);
      throw;
    }
  }
  return fd;
}

}  // namespace jiang
