// The engines a page may choose: jiang in-process, always first, and those named on the command line
// with --engine (the match runner's spec). The page names an engine; it can never give a command.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "gui/engine_backend.h"
#include "match/engine_spec.h"

namespace jiang::gui {

inline constexpr const char* kBuiltinEngine = "jiang";

class EngineCatalog {
 public:
  // Throws match::SpecError for an engine whose program cannot be found or a name given twice.
  EngineCatalog(std::vector<match::EngineSpec> specs, int hash_mb);

  std::vector<std::string> names() const;
  bool has(const std::string& name) const;
  // A new engine of that name (an external one is started and set up: that takes a moment). Throws
  // std::runtime_error if it cannot be started.
  std::unique_ptr<EngineBackend> make(const std::string& name) const;

 private:
  struct External {
    match::EngineSpec spec;
    std::string program;
  };
  std::vector<External> externals_;
  int hash_mb_;
};

}  // namespace jiang::gui
