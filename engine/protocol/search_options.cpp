// The search's parameters as options (engine/search_params.h): one spin a parameter, named as in the
// registry (`setoption name search.futility_base value 90`, the same name in UCCI; the time manager's
// as time.*), with the registry's bounds, and `SearchParamsFile` / `searchparamsfile`, a JSON file of
// them (as `jiang tune --group search` writes). Stored in the session and given to every search as
// SearchLimits::search_params. Declared last: a GUI lists them after the options a player sets.
#include "engine/protocol/protocol.h"

namespace jiang::protocol {

void Session::add_search_options() {
  using Type = OptionSpec::Type;
  add_option({"SearchParamsFile", "searchparamsfile", Type::String, "<empty>", 0, 0, {},
              [this](std::string_view v, std::string_view) { load_search_params(std::string(v)); }});
  for (int i = 0; i < SearchParams::size(); ++i) {
    const ParamInfo& info = SearchParams::registry()[i];
    add_option({info.name, info.name, Type::Spin, std::to_string(info.default_value), info.min, info.max, {},
                [this, i, info](std::string_view v, std::string_view name) {
                  search_params_.set(i, int(option_int(v, info.min, info.max, name)));
                }});
  }
}

void Session::load_search_params(std::string path) {
  if (path == "<empty>") path.clear();
  int defaulted = 0;
  try {
    search_params_ = path.empty() ? SearchParams() : SearchParams::load(path, &defaulted);
  } catch (const std::exception& e) {  // ParamError, or a filesystem error from the path itself
    throw CommandError(std::string(e.what()) + "; search parameters unchanged");
  }
  if (path.empty())
    report("search parameters: the compiled-in defaults");
  else
    report("search parameters loaded from " + path +
           (defaulted > 0 ? "; " + std::to_string(defaulted) + " not in the file keep their compiled-in values" : ""));
}

}  // namespace jiang::protocol
