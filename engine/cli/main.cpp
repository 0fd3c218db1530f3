#include "engine/cli/cli.h"

int main(int argc, char** argv) { return jiang::run_cli(argc, argv); }
