// What the fuzz targets use to state their invariants: a broken one is reported and aborts, which
// libFuzzer records as a crash with the input that caused it.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace jiang::fuzz {

inline void require(bool ok, std::string_view invariant, std::string_view detail = {}) {
  if (ok) return;
  std::fprintf(stderr, "invariant broken: %.*s\n%.*s\n", int(invariant.size()), invariant.data(), int(detail.size()),
               detail.data());
  std::abort();
}

}  // namespace jiang::fuzz
