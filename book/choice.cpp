#include "book/choice.h"

#include <cctype>
#include <string>

#include "movegen/movegen.h"

namespace jiang::book {

std::string_view variety_name(Variety variety) { return variety == Variety::Best ? "best" : "weighted"; }

std::optional<Variety> parse_variety(std::string_view name) {
  std::string lower(name);
  for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "best") return Variety::Best;
  if (lower == "weighted") return Variety::Weighted;
  return std::nullopt;
}

std::vector<BookEntry> legal_book_moves(const Book& book, const Position& pos) {
  std::vector<BookEntry> moves;
  for (const BookEntry& e : book.moves(pos.key()))
    if (is_legal(pos, e.move)) moves.push_back(e);
  return moves;
}

uint32_t weight(const MoveStats& stats) { return 2 * stats.wins + stats.draws; }

double score(const MoveStats& stats) {
  return stats.games() == 0 ? 0.5 : (stats.wins + 0.5 * stats.draws) / stats.games();
}

std::optional<size_t> pick(std::span<const BookEntry> moves, Variety variety, std::mt19937_64& random) {
  uint64_t total = 0;
  std::optional<size_t> best;
  for (size_t i = 0; i < moves.size(); ++i) {
    const MoveStats& s = moves[i].stats;
    total += weight(s);
    if (weight(s) == 0) continue;
    if (!best || weight(s) > weight(moves[*best].stats) ||
        (weight(s) == weight(moves[*best].stats) && s.losses < moves[*best].stats.losses))
      best = i;
  }
  if (!best || variety == Variety::Best) return best;
  uint64_t ticket = std::uniform_int_distribution<uint64_t>(0, total - 1)(random);
  for (size_t i = 0; i < moves.size(); ++i) {
    if (ticket < weight(moves[i].stats)) return i;
    ticket -= weight(moves[i].stats);
  }
  return best;  // not reached: the tickets add up to the total
}

}  // namespace jiang::book
