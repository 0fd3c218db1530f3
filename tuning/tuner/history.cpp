#include "tuning/tuner/history.h"

#include "tuning/tuner/report_text.h"
#include "tuning/tuner/tune_config.h"
#include "util/atomic_file.h"

namespace jiang::tuner {

namespace {

// The rows of the file at `path` up to iteration `last`; a line that is not a row of ours is dropped.
std::string rows_up_to(const std::filesystem::path& path, int64_t last) {
  std::string kept;
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) return kept;
  while (std::getline(in, line)) {
    const size_t comma = line.find(',');
    try {
      if (comma != std::string::npos && std::stoll(line.substr(0, comma)) <= last) kept += line + "\n";
    } catch (const std::exception&) {
    }
  }
  return kept;
}

}  // namespace

std::filesystem::path csv_path(const std::filesystem::path& out) {
  std::filesystem::path p = out;
  return p.replace_extension(".csv");
}

History::History(const std::filesystem::path& path, const std::string& progress_name,
                 std::optional<int64_t> resume_at) {
  std::string text =
      "iteration,elapsed_s,evaluations,current_loss,best_loss,validation_loss," + progress_name + ",l2_penalty\n";
  if (resume_at) text += rows_up_to(path, *resume_at);
  try {
    write_file_atomically(path, text);
  } catch (const FileWriteError& e) {
    throw TuneError(e.what());
  }
  out_.open(path, std::ios::app);
  if (!out_) throw TuneError("cannot write '" + path.string() + "'");
}

void History::row(int64_t iteration, double elapsed, uint64_t evaluations, const std::optional<double>& current,
                  const std::optional<double>& best, const std::optional<double>& validation, double progress,
                  double l2_penalty) {
  const auto cell = [](const std::optional<double>& x) { return x ? number(*x) : std::string(); };
  out_ << iteration << ',' << number(elapsed) << ',' << evaluations << ',' << cell(current) << ',' << cell(best)
       << ',' << cell(validation) << ',' << number(progress) << ',' << number(l2_penalty) << '\n';
  out_.flush();
}

}  // namespace jiang::tuner
