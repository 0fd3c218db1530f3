// One UCCI or UCI session driven in-process, line by line, as `jiang` would read it from a GUI, with
// the protocol's promises checked as it goes: `isready` is answered with `readyok` at once, and every
// `go` that is accepted (answered with no error) gets exactly one `bestmove` or `nobestmove` from its
// search. Searches run on the engine's own thread, so `go`, `stop` and `ponderhit` interleave with the
// search as they do in play.
#pragma once

#include <string_view>

namespace jiang::fuzz {

enum class Dialect { Ucci, Uci };

// Runs the session the script's lines make (after the dialect's greeting) and aborts on a broken promise.
void run_session(Dialect dialect, std::string_view script);

}  // namespace jiang::fuzz
