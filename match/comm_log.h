// `--log FILE`: every line between the runner and the engines, with the time and the engine, for finding
// out afterwards why a game ended as it did. Written from all game threads.
#pragma once

#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>

namespace jiang::match {

class CommLog {
 public:
  // Appends to `path`. Throws std::runtime_error if it cannot be opened.
  explicit CommLog(const std::string& path);
  ~CommLog();
  CommLog(const CommLog&) = delete;
  CommLog& operator=(const CommLog&) = delete;

  // "12.345 name[pid] > line" (to the engine) or "<" (from it).
  void line(std::string_view engine, bool to_engine, std::string_view text);
  // The file's descriptor, for engines' stderr.
  int fd() const;

 private:
  std::FILE* file_;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace jiang::match
