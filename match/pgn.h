// Games as PGN that XBoard loads (`xboard -variant xiangqi -lgf FILE`): its Xiangqi tags and notation.
// XBoard writes Xiangqi moves in SAN (movegen/san.h) and FENs with H and E for the horse and elephant.
// Each move carries XBoard's comment "{+0.35/8 1.2}" (score in pawns for the mover, depth, seconds) so
// that XBoard can show the engines' opinions.
#pragma once

#include <cstdio>
#include <mutex>
#include <string>

#include "match/game.h"
#include "match/xboard_protocol.h"  // xboard_fen
#include "movegen/position.h"
#include "movegen/san.h"  // the moves' notation

namespace jiang::match {

struct PgnTags {
  std::string event = "jiang match";
  std::string site;
  std::string date;           // YYYY.MM.DD
  int round = 1;
  std::string red, black;     // engine names
  // Each side's "10+0.1", or "-" for node and depth limits: one TimeControl tag when they are the same,
  // else WhiteTimeControl and BlackTimeControl (as cutechess writes time odds).
  std::string time_control[kColors];
};

// One game, tags and move text, ending with a blank line.
std::string format_pgn(const PgnTags& tags, const GameOutcome& game);

// The PGN file of a match: games appended whole, each flushed, so that the file holds every finished
// game whenever the match stops.
class PgnFile {
 public:
  // Opens `path` for appending. Throws std::runtime_error if it cannot.
  explicit PgnFile(const std::string& path);
  ~PgnFile();
  PgnFile(const PgnFile&) = delete;
  PgnFile& operator=(const PgnFile&) = delete;
  // False if the write failed (a full disk): the match goes on, and says so.
  bool append(const std::string& text);

 private:
  std::FILE* file_;
  std::mutex mutex_;
};

}  // namespace jiang::match
