#include "match/comm_log.h"

#include <fcntl.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace jiang::match {

CommLog::CommLog(const std::string& path) : file_(std::fopen(path.c_str(), "ae")) {
  if (!file_) throw std::runtime_error("cannot write log " + path + ": " + std::strerror(errno));
}

CommLog::~CommLog() { std::fclose(file_); }

void CommLog::line(std::string_view engine, bool to_engine, std::string_view text) {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const std::lock_guard lock(mutex_);
  std::fprintf(file_, "%.3f %.*s %c %.*s\n", seconds, int(engine.size()), engine.data(), to_engine ? '>' : '<',
               int(text.size()), text.data());
  std::fflush(file_);  // engines write their stderr to the same file, and a crash must not lose lines
}

int CommLog::fd() const { return fileno(file_); }

}  // namespace jiang::match
