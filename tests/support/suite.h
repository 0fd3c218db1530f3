// The FENs of data/perft.epd, for tests that want varied, published positions to start from.
#pragma once

#include <catch2/catch.hpp>
#include <fstream>
#include <string>
#include <vector>

inline std::vector<std::string> suite_fens() {
  std::ifstream in(std::string(JIANG_DATA_DIR) + "/perft.epd");
  REQUIRE(in.good());
  std::vector<std::string> fens;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') {
      std::string fen = line.substr(0, line.find(';'));
      while (!fen.empty() && fen.back() == ' ') fen.pop_back();
      fens.push_back(fen);
    }
  REQUIRE(fens.size() >= 10);
  return fens;
}
