// The self-play output file (the format is described in selfplay.h): its header, and resuming it after
// an interruption. Games are appended with write_all, each block of complete games in one write.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "eval/params.h"
#include "tuning/selfplay/selfplay.h"

namespace jiang {

// The state of an existing output file: how many games it holds, and where the last complete one ends.
struct Recovered {
  bool fresh = true;     // no usable header: start the file anew
  uint64_t games = 0;
  uint64_t positions = 0;
  uint64_t keep_bytes = 0;
  uint64_t torn_bytes = 0;  // what follows the last complete game (an interrupted write)
};

// Everything that decides the file's contents, except the number of games (a run may be extended).
std::string settings_line(const SelfplayOptions& o, const std::vector<std::string>& openings, const Params& params);

// Opens the output for appending: a new file with its header, or an existing one truncated after its
// last complete game. Throws SelfplayError.
int open_output(const SelfplayOptions& o, const std::string& settings, Recovered& recovered);

// Writes all of `data` to `fd`, through interrupted calls; throws SelfplayError naming `name`.
void write_all(int fd, std::string_view data, const std::string& name);

}  // namespace jiang
