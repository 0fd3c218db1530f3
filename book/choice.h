// How a move is chosen among a position's book moves: the weight of each, and the two ways to pick.
#pragma once

#include <optional>
#include <random>
#include <span>
#include <string_view>
#include <vector>

#include "book/book.h"
#include "movegen/position.h"

namespace jiang::book {

enum class Variety {
  Best,      // always the move of the greatest weight (the same game every time)
  Weighted,  // at random, in proportion to the weights (more varied games)
};
inline constexpr const char* kVarietyNames = "best, weighted";
std::string_view variety_name(Variety variety);
std::optional<Variety> parse_variety(std::string_view name);  // any case

// Half points won with the move, doubled to stay whole: 2 a win, 1 a draw. A move that only lost weighs
// nothing and is never played; one often played with good results weighs most.
uint32_t weight(const MoveStats& stats);
// The mover's score with the move, 0..1 (0.5 for no games).
double score(const MoveStats& stats);

// The book's moves for `pos` that are legal there (another position may share its key).
std::vector<BookEntry> legal_book_moves(const Book& book, const Position& pos);

// The index of the chosen move, or nothing if every weight is zero. Best breaks ties by fewer losses,
// then by the move's order in the book, so that it is deterministic.
std::optional<size_t> pick(std::span<const BookEntry> moves, Variety variety, std::mt19937_64& random);

}  // namespace jiang::book
