// The Catch2 runner for every test file in this directory.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
