// The weights JSON (eval/params.cpp): any text is either rejected with ParamError or gives weights that,
// written as save() writes them and read again, are the same values with nothing left to the defaults.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "eval/params.h"
#include "fuzz/check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace jiang;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  Params params;
  int defaulted = -1;
  try {
    params = Params::read(in, "input", &defaulted);
  } catch (const ParamError&) {
    return 0;
  }
  fuzz::require(defaulted >= 0 && defaulted <= Params::size(), "the defaulted count is a count of parameters");
  const std::string saved = params.to_text();
  std::istringstream again_in(saved);
  Params again;
  int again_defaulted = -1;
  try {
    again = Params::read(again_in, "saved", &again_defaulted);
  } catch (const ParamError& e) {
    fuzz::require(false, "saved weights read back", e.what());
  }
  fuzz::require(again == params, "saved weights read back as the same values", saved);
  fuzz::require(again_defaulted == 0, "saved weights name every parameter");
  return 0;
}
