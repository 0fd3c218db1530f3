#include "engine/system_memory.h"

#include <unistd.h>

#include <fstream>
#include <string>

namespace jiang {

std::optional<int64_t> available_memory_mb() {
  // MemAvailable counts the page cache the kernel would give back; free memory alone would refuse
  // tables that fit.
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  int64_t kilobytes = 0;
  std::string unit;
  while (meminfo >> key >> kilobytes >> unit)
    if (key == "MemAvailable:") return kilobytes / 1024;
  const long pages = sysconf(_SC_AVPHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  if (pages > 0 && page_size > 0) return int64_t(pages) * page_size / (1024 * 1024);
  return std::nullopt;
}

}  // namespace jiang
