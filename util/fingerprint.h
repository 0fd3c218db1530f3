// Fingerprints of files and settings: 64-bit FNV-1a, and its hexadecimal form as the files write it.
// Not for security: only to tell one content from another (a book's checksum, self-play's settings line,
// the data a tuner checkpoint was made with).
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

namespace jiang {

inline constexpr uint64_t kFnv1aBasis = 0xcbf29ce484222325ULL;

// `hash` continues an earlier one, so that several pieces hash as one.
inline uint64_t fnv1a(std::span<const uint8_t> bytes, uint64_t hash = kFnv1aBasis) {
  for (uint8_t b : bytes) hash = (hash ^ b) * 0x100000001b3ULL;
  return hash;
}

inline uint64_t fnv1a(std::string_view text, uint64_t hash = kFnv1aBasis) {
  return fnv1a(std::span(reinterpret_cast<const uint8_t*>(text.data()), text.size()), hash);
}

// Sixteen lowercase hexadecimal digits.
inline std::string hex64(uint64_t x) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(x));
  return buffer;
}

}  // namespace jiang
