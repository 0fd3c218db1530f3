// JSON numbers to C++ integers, range-checked before the conversion. nlohmann's get<int>() converts a
// float such as 1e300 with a plain cast (undefined behaviour) and reads an unsigned 2^64-1 into a signed
// type as -1; readers of outside JSON use this instead and report a failure with their own error.
#pragma once

#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

#include <nlohmann/json.hpp>

namespace jiang {

// The whole number `value` holds if Int can hold it: an integer in range, or a float without a
// fraction in range (a hand-edited "20.0"). Nothing for anything else.
template <std::integral Int>
std::optional<Int> json_integer(const nlohmann::json& value) {
  if (value.is_number_unsigned()) {
    const auto u = value.get<std::uint64_t>();
    return std::in_range<Int>(u) ? std::optional<Int>(Int(u)) : std::nullopt;
  }
  if (value.is_number_integer()) {
    const auto i = value.get<std::int64_t>();
    return std::in_range<Int>(i) ? std::optional<Int>(Int(i)) : std::nullopt;
  }
  if (!value.is_number_float()) return std::nullopt;
  const double d = value.get<double>();
  // Int's bounds as doubles, both exact: its minimum and one past its maximum are powers of two.
  const double lowest = double(std::numeric_limits<Int>::min());
  const double past_max = 2.0 * double(std::numeric_limits<Int>::max() / 2 + 1);
  if (!std::isfinite(d) || d != std::trunc(d) || d < lowest || d >= past_max) return std::nullopt;
  return Int(d);
}

}  // namespace jiang
