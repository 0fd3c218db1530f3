# Writes the bytes of the file INPUT into the header OUTPUT as `inline constexpr uint8_t kBuiltinBookBytes[]`.
file(READ ${INPUT} hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE ${OUTPUT} "// Generated from ${INPUT}; edit that file instead.\n#pragma once\n\n#include <cstdint>\n\n"
     "namespace jiang::book {\ninline constexpr uint8_t kBuiltinBookBytes[] = {${bytes}};\n}\n")
