// How much memory the machine can still give, so that a `Hash` request larger than that is refused with a
// message instead of being granted by the kernel's overcommit and then killed when the table is cleared.
#pragma once

#include <cstdint>
#include <optional>

namespace jiang {

// Megabytes the machine can allocate without swapping (Linux: MemAvailable); nullopt where unknown.
std::optional<int64_t> available_memory_mb();

}  // namespace jiang
