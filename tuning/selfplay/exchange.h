// Rank 0's side of a self-play run over several ranks (selfplay.cpp): each rank's report of its finished
// games, and the writer that appends them to the file in index order, whatever order they come in.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <utility>
#include <string>
#include <vector>

#include "tuning/selfplay/game.h"

namespace spdlog {
class logger;
}  // namespace spdlog

namespace jiang::selfplay {

// A finished game: its block of the file (positions and marker line).
struct Finished {
  std::string block;
  int positions = 0;
  GameResult result = GameResult::Draw;
};


// A rank's report to rank 0 at each exchange.
struct Report {
  bool done = false;     // no thread left playing, and every finished game in `games`
  int signal = 0;        // SIGINT or SIGTERM received
  std::string failure;
  std::map<uint64_t, Finished> games;
};

std::string to_text(const Report& r);
Report report_from_text(const std::string& text);

// On rank 0: appends the games in index order as they arrive, each run of consecutive games with one write.
class Writer {
 public:
  Writer(int fd, std::string name, uint64_t first, uint64_t positions)
      : fd_(fd), name_(std::move(name)), first_(first), written_(first), positions_(positions) {}

  void add(std::map<uint64_t, Finished>&& games) { pending_.merge(games); }
  // Writes the games that follow the file's last; false (and `error` set) if the write failed.
  bool write(std::string& error);
  bool next_is_pending() const { return pending_.count(written_) > 0; }
  uint64_t first() const { return first_; }
  uint64_t written() const { return written_; }
  uint64_t positions() const { return positions_; }
  const std::array<uint64_t, 3>& results() const { return results_; }  // this run's: Red wins, draws, Black wins

 private:
  int fd_;
  std::string name_;
  uint64_t first_, written_, positions_;
  std::array<uint64_t, 3> results_{};
  std::map<uint64_t, Finished> pending_;  // by game index, until the file reaches it
};

// Rank 0's decision after an exchange, sent to every rank.
struct Decision {
  bool stop = false;    // a signal or an error: drop the games in flight
  bool finish = false;  // every rank is done and every game that can be written is
};

// Rank 0's side of an exchange: takes every rank's report, writes what it can, decides.
class Coordinator {
 public:
  Coordinator(Writer& writer, int ranks, spdlog::logger& log)
      : writer_(writer), done_(size_t(ranks), false), log_(log) {}

  Decision receive(const std::vector<std::string>& reports);
  const std::string& failure() const { return failure_; }
  const std::string& write_error() const { return write_error_; }
  int signal() const { return signal_; }

 private:
  Writer& writer_;
  std::vector<bool> done_;
  spdlog::logger& log_;
  std::string failure_, write_error_;
  int signal_ = 0;
};

}  // namespace jiang::selfplay
