// A planted include against the layer order: match/ may not use tuning/.
#include "match/game.h"
#include "tuning/tuner/games.h"
