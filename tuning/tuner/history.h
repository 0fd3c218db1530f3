// The loss history: a CSV of one row per iteration beside the tuned weights (TUNED.csv).
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

namespace jiang::tuner {

// The file name derived from OUT: TUNED.json -> TUNED.csv.
std::filesystem::path csv_path(const std::filesystem::path& out);

// One row per iteration. A resumed run first drops the rows written after its checkpoint (the
// iterations it is about to redo), so no iteration appears twice.
class History {
 public:
  // `progress_name` heads the algorithm's own column; `resume_at`: the checkpoint's iteration. Throws
  // TuneError.
  History(const std::filesystem::path& path, const std::string& progress_name, std::optional<int64_t> resume_at);

  // Losses the algorithm does not measure (SPSA's) stay empty.
  void row(int64_t iteration, double elapsed, uint64_t evaluations, const std::optional<double>& current,
           const std::optional<double>& best, const std::optional<double>& validation, double progress,
           double l2_penalty);

 private:
  std::ofstream out_;
};

}  // namespace jiang::tuner
