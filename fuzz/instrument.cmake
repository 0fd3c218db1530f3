# Included by the top-level CMakeLists.txt when JIANG_FUZZ is on, before any library is defined: every
# library is compiled with libFuzzer's coverage instrumentation and with AddressSanitizer and
# UndefinedBehaviorSanitizer, so that the targets in fuzz/ see (and stop on) whatever they reach.
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "JIANG_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++")
endif()
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
add_link_options(-fsanitize=address,undefined)
