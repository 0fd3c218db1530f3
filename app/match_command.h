// `jiang match`, two modes in one command:
//   jiang match --engine SPEC --engine SPEC (--tc B+I | --nodes N | --depth D) ...   programs as subprocesses
//   jiang match --weights A.json [--baseline B.json] ...                              weight sets in-process
// It joins the match runner (match/) and the tuner's weight-set match (tuning/), so it is the composition
// root's.
#pragma once

namespace CLI {
class App;
}  // namespace CLI

namespace jiang {

void add_match_command(CLI::App& app, int& exit_code);

}  // namespace jiang
