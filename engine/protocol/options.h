// The engine's options, listed once for both protocols: each with its UCI name and its UCCI name, its
// type, default and range as the protocols declare them at the handshake, and what setting it does.
// Adding an option is one entry here, not four edits (two declarations, two setoption chains).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace jiang::protocol {

struct OptionSpec {
  enum class Type { Check, Spin, Combo, String, Button };
  std::string uci_name;   // empty: an option of UCCI only
  std::string ucci_name;  // empty: an option of UCI only
  Type type = Type::Check;
  std::string default_value;     // as declared ("false", "64", "axf", "<empty>"); nothing for a button
  int64_t min = 0, max = 0;      // a spin's range
  std::vector<std::string> vars; // a combo's choices
  // Sets the option from the GUI's value text; `name` is the option's name in the GUI's protocol, for
  // messages. Throws CommandError for a bad value, changing nothing.
  std::function<void(std::string_view value, std::string_view name)> set;
};

// The handshake lines: "option name Hash type spin default 64 min 1 max 65536" (UCI) and
// "option hashsize type spin min 1 max 65536 default 64" (UCCI).
std::string uci_declaration(const OptionSpec& option);
std::string ucci_declaration(const OptionSpec& option);

// The option a protocol calls `name` (any case), or nullptr.
const OptionSpec* find_option(const std::vector<OptionSpec>& options, std::string_view name, bool uci);
OptionSpec* find_option(std::vector<OptionSpec>& options, std::string_view name, bool uci);

// How `value`, once accepted for `option`, is declared as its default: a combo's choice and a check's
// true or false as the handshake spells them, a spin's number, a string as given ("<empty>" for none).
std::string declared_value(const OptionSpec& option, std::string_view value);

}  // namespace jiang::protocol
