// UCI in the dialect of Pikafish: `setoption name X value Y`, times in milliseconds, Red is "w", moves
// and FEN as in UCCI (files a..i, ranks 0..9). Also the "Cyclone" dialect XBoard's uci2wb -c speaks for
// Xiangqi: `fen <FEN> [moves ...]` without the word "position", and "r" for Red in the FEN.
#pragma once

#include <string>

#include "engine/protocol/protocol.h"

namespace jiang::protocol {

class UciSession final : public Session {
 public:
  UciSession(Engine& engine, Output& out);  // adds UCI's commands
  ~UciSession() override { finish(); }

  void greet() override;

 private:
  std::string info_line(const SearchInfo& info) const override;
  std::string bestmove_line(const SearchResult& result, const Position& root, bool draw_offered) const override;

  void setoption(const std::vector<std::string>& words, std::string_view line);
  void go(const std::vector<std::string>& args);
};

}  // namespace jiang::protocol
