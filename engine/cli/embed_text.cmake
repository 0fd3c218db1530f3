# Writes the text file INPUT into the header OUTPUT as `inline constexpr const char* kBenchPositions`.
file(READ ${INPUT} text)
file(WRITE ${OUTPUT} "// Generated from ${INPUT}; edit that file instead.\n#pragma once\n\nnamespace jiang {\ninline constexpr const char* kBenchPositions = R\"jiang(${text})jiang\";\n}\n")
