// Self-play: many games of the engine against itself, in parallel, written as labelled positions for the
// tuner, resumable after any interruption.
//
// The output file (see positions_file.h for the position lines) begins with three comment lines: the
// command, the settings that decide its contents, and a legend. Each game's kept positions follow as
// one block closed by a marker line "# game N <result> <reason> plies P kept K". Games are appended in
// index order, each block with a single write, so the file is always a run of complete games plus at
// most one torn block at the end. A re-run with the same settings truncates that torn block (a game cut
// off by kill -9), checks that the settings line matches, and goes on with the next game. Game i is
// decided by (seed, i) alone, so a resumed file equals an uninterrupted one byte for byte.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "eval/params.h"
#include "tuning/selfplay/game.h"
#include "tuning/selfplay/openings.h"
#include "util/cluster.h"

namespace jiang {

// A bad openings file, an output file that cannot be written or resumed: the message says which and why.
class SelfplayError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Which positions of a game are worth learning from (documented in `jiang selfplay --help`).
struct Selection {
  int skip_plies = 8;  // the first plies of each game (after the opening and random plies) are not kept
  // Whether the position before the move at `ply` is kept: past the first plies, the mover not in check,
  // the move not a capture, the mover's score not a mate.
  bool keeps(int ply, bool in_check, bool capture, bool mate_score) const {
    return ply >= skip_plies && !in_check && !capture && !mate_score;
  }
};

struct SelfplayOptions {
  int games = 0;
  MoveLimits limits;
  SearchDesign design;             // the search both sides play with
  std::filesystem::path openings;  // a FEN list; empty: the start position
  int random_plies = 0;            // random legal plies after the opening
  int threads = 2;
  uint64_t seed = 1;
  std::filesystem::path weights;   // empty: the compiled-in defaults
  std::filesystem::path out;
  Adjudication adjudication;
  Selection selection;
  double progress_seconds = 5;     // how often progress is logged
  int hash_mb = GamePlayer::kDefaultHashMb;
};

// The kept positions of one game as lines "FEN result" (each with a newline), by `selection`: not in
// check, past the first skip_plies plies, the move played not a capture, the score not a mate score.
std::string kept_positions(const GameRecord& game, const Selection& selection, int* count = nullptr);

// Plays the games and writes (or continues) the output file. Logs progress to stderr. Returns the exit
// code: 0 when all games are in the file, 2 for a usage or file error (message on stderr), 128 + signal
// when SIGINT or SIGTERM interrupted the run (the games finished so far are kept; the same command
// continues).
// In a run of several ranks (`mpirun -np N`, util/cluster.h) the games are divided among the ranks and rank 0
// writes the file: the same file as one process writes. Every rank returns the same code.
int run_selfplay(const SelfplayOptions& options, Cluster& cluster = single_process());

}  // namespace jiang
