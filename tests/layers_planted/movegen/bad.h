// A planted include against the layer order: movegen may not use the engine.
#pragma once

#include "engine/engine.h"
#include "movegen/types.h"
