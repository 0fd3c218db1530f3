// `--engines FILE.json`: the engines of a tournament in a file, as cutechess's engines.json keeps them:
// an array of objects, one an engine, with the keys of an --engine spec ("name", "cmd", "args", "dir",
// "proto", "timeunit", "ponder", "tc", "nodes", "depth", "option.NAME"), values strings or numbers;
// an "options" object {"NAME": VALUE, ...} may stand for the option.NAME keys.
#pragma once

#include <filesystem>
#include <vector>

#include "match/engine_spec.h"

namespace jiang::match {

// Throws SpecError naming the file (and the engine) for a file that cannot be read, is not such an
// array, or holds a bad spec.
std::vector<EngineSpec> read_engines_file(const std::filesystem::path& path);

}  // namespace jiang::match
