// FEN rewrites for symmetry tests: the colours swapped (the board turned upside down) and the files
// mirrored. They work on the text, not through the engine's board code, so that a mistake in the engine's
// square arithmetic cannot hide itself.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

namespace fen_transforms {

inline std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, sep)) parts.push_back(part);
  return parts;
}

inline std::string join(const std::vector<std::string>& parts, char sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out += sep;
    out += parts[i];
  }
  return out;
}

// "2bak4" -> "..bak....": one character per file.
inline std::string expand_rank(const std::string& rank) {
  std::string out;
  for (char c : rank) {
    if (std::isdigit(static_cast<unsigned char>(c))) out.append(size_t(c - '0'), '.');
    else out.push_back(c);
  }
  return out;
}

inline std::string compress_rank(const std::string& rank) {
  std::string out;
  int empty = 0;
  for (char c : rank) {
    if (c == '.') {
      ++empty;
      continue;
    }
    if (empty) out += char('0' + empty);
    empty = 0;
    out.push_back(c);
  }
  if (empty) out += char('0' + empty);
  return out;
}

// Red becomes Black and Black Red: the board is turned upside down (rank r -> 9 - r), the case of every
// letter is swapped and the other side is to move. Files stay as they are. Counters are kept.
inline std::string swap_colours(const std::string& fen) {
  std::vector<std::string> fields = split(fen, ' ');
  REQUIRE(fields.size() >= 2);
  std::vector<std::string> ranks = split(fields[0], '/');
  REQUIRE(ranks.size() == 10);
  std::reverse(ranks.begin(), ranks.end());
  std::string board;
  for (size_t i = 0; i < ranks.size(); ++i) {
    if (i) board += '/';
    for (char c : ranks[i])
      board += std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : char(std::toupper(c));
  }
  fields[0] = board;
  fields[1].assign(1, fields[1] == "w" ? 'b' : 'w');
  return join(fields, ' ');
}

// Files a..i become i..a; nothing else changes.
inline std::string mirror_files(const std::string& fen) {
  std::vector<std::string> fields = split(fen, ' ');
  std::vector<std::string> ranks = split(fields[0], '/');
  std::string board;
  for (size_t i = 0; i < ranks.size(); ++i) {
    std::string r = expand_rank(ranks[i]);
    REQUIRE(r.size() == 9);
    std::reverse(r.begin(), r.end());
    if (i) board += '/';
    board += compress_rank(r);
  }
  fields[0] = board;
  return join(fields, ' ');
}

}  // namespace fen_transforms
