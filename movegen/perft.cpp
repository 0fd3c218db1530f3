#include "movegen/perft.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "movegen/movegen.h"
#include "movegen/notation.h"

namespace jiang {

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return uint64_t(count_legal(pos));  // bulk counting: no need to play the last ply
  MoveList moves;
  generate_legal(pos, moves);
  uint64_t nodes = 0;
  for (Move m : moves) {
    pos.make_move(m);
    nodes += perft(pos, depth - 1);
    pos.unmake_move();
  }
  return nodes;
}

std::vector<DivideEntry> divide(Position& pos, int depth) {
  MoveList moves;
  generate_legal(pos, moves);
  std::vector<DivideEntry> entries;
  for (Move m : moves) {
    pos.make_move(m);
    entries.push_back({to_string(m), perft(pos, depth - 1)});
    pos.unmake_move();
  }
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.move < b.move; });
  return entries;
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

template <typename T>
T parse_number(std::string_view text, std::string_view what) {
  T value{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw std::invalid_argument(std::string(what) + " '" + std::string(text) + "' is not a number");
  return value;
}

}  // namespace

PerftCase parse_perft_case(std::string_view line) {
  PerftCase result;
  size_t semicolon = line.find(';');
  result.fen = std::string(trim(line.substr(0, semicolon)));
  if (result.fen.empty()) throw std::invalid_argument("no FEN before the first ';'");
  while (semicolon != std::string_view::npos) {
    const size_t next = line.find(';', semicolon + 1);
    const std::string_view field = trim(line.substr(semicolon + 1, next - semicolon - 1));
    semicolon = next;
    if (field.empty()) continue;
    const size_t space = field.find_first_of(" \t");
    if (field[0] != 'D' || space == std::string_view::npos)
      throw std::invalid_argument("field '" + std::string(field) + "' is not of the form 'D<depth> <count>'");
    const int depth = parse_number<int>(field.substr(1, space - 1), "depth");
    if (depth < 1 || depth > 20) throw std::invalid_argument("depth " + std::to_string(depth) + " out of range 1-20");
    result.expected.emplace_back(depth, parse_number<uint64_t>(trim(field.substr(space)), "count"));
  }
  return result;
}

}  // namespace jiang
