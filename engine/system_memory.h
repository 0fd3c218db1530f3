// What the engine asks of the machine's memory: how much it can still give, so that a `Hash` request larger
// than that is refused with a message instead of being granted by the kernel's overcommit and then killed
// when the table is cleared; and large tables on 2 MiB pages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace jiang {

// Megabytes the machine can allocate without swapping (Linux: MemAvailable); nullopt where unknown.
std::optional<int64_t> available_memory_mb();

// The size and alignment of a large page.
inline constexpr size_t kLargePageBytes = size_t(2) << 20;

// Memory for a large table, aligned to kLargePageBytes and, on Linux, advised onto transparent huge
// pages: a probe of a table of many megabytes otherwise misses the TLB as well as the cache (a kernel
// whose transparent huge pages are set to `madvise` gives them only where asked). Returns nullptr when
// the memory cannot be had; release it with free_large_pages.
void* allocate_large_pages(size_t bytes);
void free_large_pages(void* memory);

}  // namespace jiang
