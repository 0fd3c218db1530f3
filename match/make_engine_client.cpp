// The one place that knows every protocol's client.
#include "match/engine_client.h"
#include "match/xboard_client.h"

namespace jiang::match {

std::unique_ptr<EngineClientBase> make_engine_client(EngineSpec spec, std::string program, CommLog* log) {
  if (spec.dialect == Dialect::Xboard) return std::make_unique<XboardClient>(std::move(spec), std::move(program), log);
  return std::make_unique<EngineClient>(std::move(spec), std::move(program), log);
}

}  // namespace jiang::match
