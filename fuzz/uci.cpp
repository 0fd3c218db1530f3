// A whole UCI session in-process: see protocol_session.h.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/protocol_session.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  jiang::fuzz::run_session(jiang::fuzz::Dialect::Uci, std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
