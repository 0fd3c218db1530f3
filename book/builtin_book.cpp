#include "book/builtin_book.h"

#include "book/book_file.h"
#include "generated/builtin_book_data.h"

namespace jiang::book {

Book builtin_book() { return decode(kBuiltinBookBytes, "the built-in book"); }

}  // namespace jiang::book
