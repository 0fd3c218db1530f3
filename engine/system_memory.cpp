#include "engine/system_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
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

void* allocate_large_pages(size_t bytes) {
  // std::aligned_alloc wants a size that is a multiple of the alignment.
  const size_t rounded = (std::max<size_t>(bytes, 1) + kLargePageBytes - 1) / kLargePageBytes * kLargePageBytes;
  void* memory = std::aligned_alloc(kLargePageBytes, rounded);
#ifdef MADV_HUGEPAGE
  // Only advice: where the kernel has no huge pages to give, the table works on small ones.
  if (memory) madvise(memory, rounded, MADV_HUGEPAGE);
#endif
  return memory;
}

void free_large_pages(void* memory) { std::free(memory); }

}  // namespace jiang
