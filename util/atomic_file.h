// Files that are replaced whole: weights, checkpoints, books. A reader (or a run resumed after a crash)
// sees the old content or the new one, never a part.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string_view>

namespace jiang {

class FileWriteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writes `text` to `path` + ".tmp" and renames it over `path`. The temporary's name is fixed, not made
// unique, so that one left by a process killed mid-write is replaced by the next write rather than left
// behind for good. Throws FileWriteError naming the file; on failure `path` is unchanged and the
// temporary removed.
void write_file_atomically(const std::filesystem::path& path, std::string_view text);

}  // namespace jiang
