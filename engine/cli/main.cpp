// The composition root: the engine's commands, and those of the layers built on the engine.
#include "engine/cli/cli.h"

int main(int argc, char** argv) {
  return jiang::run_cli(argc, argv, [](CLI::App& app, int& exit_code) {
    (void)app;
    (void)exit_code;
  });
}
