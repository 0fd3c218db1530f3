#include "engine/protocol/options.h"

#include "engine/protocol/protocol.h"

#include <utility>

namespace jiang::protocol {
namespace {

std::string_view type_word(OptionSpec::Type type) {
  switch (type) {
    case OptionSpec::Type::Check: return "check";
    case OptionSpec::Type::Spin: return "spin";
    case OptionSpec::Type::Combo: return "combo";
    case OptionSpec::Type::String: return "string";
    case OptionSpec::Type::Button: return "button";
  }
  return "";
}

std::string vars_words(const OptionSpec& option) {
  std::string text;
  for (const std::string& var : option.vars) text += " var " + var;
  return text;
}

}  // namespace

std::string uci_declaration(const OptionSpec& o) {
  std::string text = "option name " + o.uci_name + " type " + std::string(type_word(o.type));
  if (o.type == OptionSpec::Type::Button) return text;
  text += " default " + o.default_value;
  if (o.type == OptionSpec::Type::Spin) text += " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
  return text + vars_words(o);
}

std::string ucci_declaration(const OptionSpec& o) {
  std::string text = "option " + o.ucci_name + " type " + std::string(type_word(o.type));
  if (o.type == OptionSpec::Type::Button) return text;
  if (o.type == OptionSpec::Type::Spin) text += " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
  return text + vars_words(o) + " default " + o.default_value;
}

const OptionSpec* find_option(const std::vector<OptionSpec>& options, std::string_view name, bool uci) {
  for (const OptionSpec& o : options) {
    const std::string& own = uci ? o.uci_name : o.ucci_name;
    if (!own.empty() && iequals(own, name)) return &o;
  }
  return nullptr;
}

OptionSpec* find_option(std::vector<OptionSpec>& options, std::string_view name, bool uci) {
  return const_cast<OptionSpec*>(find_option(std::as_const(options), name, uci));
}

std::string declared_value(const OptionSpec& option, std::string_view value) {
  switch (option.type) {
    case OptionSpec::Type::Check: return parse_bool(value).value_or(false) ? "true" : "false";
    case OptionSpec::Type::Spin: {
      const std::optional<int64_t> n = parse_int(value, option.min, option.max);
      return n ? std::to_string(*n) : std::string(value);
    }
    case OptionSpec::Type::Combo:
      for (const std::string& var : option.vars)
        if (iequals(var, value)) return var;
      return std::string(value);
    case OptionSpec::Type::String: return value.empty() ? "<empty>" : std::string(value);
    case OptionSpec::Type::Button: return "";
  }
  return std::string(value);
}

}  // namespace jiang::protocol
