#include "gui/engine_catalog.h"

#include "gui/external_backend.h"
#include "gui/in_process_backend.h"

namespace jiang::gui {

EngineCatalog::EngineCatalog(std::vector<match::EngineSpec> specs, int hash_mb) : hash_mb_(hash_mb) {
  for (match::EngineSpec& spec : specs) {
    if (has(spec.name)) throw match::SpecError("two engines are named '" + spec.name + "'");
    std::string program = match::resolve_program(spec.program);
    externals_.push_back({std::move(spec), std::move(program)});
  }
}

std::vector<std::string> EngineCatalog::names() const {
  std::vector<std::string> names{kBuiltinEngine};
  for (const External& e : externals_) names.push_back(e.spec.name);
  return names;
}

bool EngineCatalog::has(const std::string& name) const {
  if (name == kBuiltinEngine) return true;
  for (const External& e : externals_)
    if (e.spec.name == name) return true;
  return false;
}

std::unique_ptr<EngineBackend> EngineCatalog::make(const std::string& name) const {
  if (name == kBuiltinEngine) return std::make_unique<InProcessBackend>(hash_mb_);
  for (const External& e : externals_)
    if (e.spec.name == name) return std::make_unique<ExternalBackend>(e.spec, e.program);
  throw std::runtime_error("there is no engine named '" + name + "'");
}

}  // namespace jiang::gui
