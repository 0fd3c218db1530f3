// How many threads a command uses when not told.
#pragma once

#include <algorithm>
#include <thread>

namespace jiang {

// Every core of the machine (1 if it cannot tell).
inline int default_threads() { return int(std::max(1u, std::thread::hardware_concurrency())); }

}  // namespace jiang
