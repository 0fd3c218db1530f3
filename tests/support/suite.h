// The FENs of the EPD files in data/ (perft.epd, bench.epd), for tests that want varied, published
// positions to start from.
#pragma once

#include <catch2/catch.hpp>
#include <cctype>
#include <fstream>
#include <string>
#include <vector>

// The FEN of each line of data/`name` (the text before the first ';'), comments and blank lines skipped.
inline std::vector<std::string> epd_fens(const std::string& name) {
  std::ifstream in(std::string(JIANG_DATA_DIR) + "/" + name);
  REQUIRE(in.good());
  std::vector<std::string> fens;
  for (std::string line; std::getline(in, line);) {
    std::string fen = line.substr(0, line.find(';'));
    while (!fen.empty() && std::isspace(static_cast<unsigned char>(fen.back()))) fen.pop_back();
    if (!fen.empty() && fen[0] != '#') fens.push_back(fen);
  }
  REQUIRE(fens.size() >= 10);
  return fens;
}

inline std::vector<std::string> suite_fens() { return epd_fens("perft.epd"); }
inline std::vector<std::string> bench_fens() { return epd_fens("bench.epd"); }
