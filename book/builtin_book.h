// The book compiled into jiang (data/book.bin, built from jiang's own games: docs/book.md), so
// that the engine's own book works from any directory.
#pragma once

#include "book/book.h"

namespace jiang::book {

// Throws BookError only if the build embedded a broken file.
Book builtin_book();

}  // namespace jiang::book
