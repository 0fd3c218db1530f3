// The registry of evaluation parameters: every weight has a name, a group, a compiled-in default and the
// bounds a tuner may move it within (util/param_registry.h). The registry reads and writes them as JSON.
#pragma once

#include <vector>

#include "eval/weights.h"
#include "util/param_registry.h"

namespace jiang {

class Params : public ParamSet<Params, Weights> {
 public:
  static const ParamRegistry& table();
  static void compile(const std::vector<int>& values, Weights& weights);

  const Weights& weights() const { return compiled(); }
};

}  // namespace jiang
