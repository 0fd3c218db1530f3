#include "engine/protocol/own_book.h"

#include <algorithm>
#include <vector>

#include "book/book_file.h"
#include "book/builtin_book.h"
#include "rules/rules.h"

namespace jiang::protocol {
namespace {

bool contains(const std::vector<Move>& moves, Move m) { return std::find(moves.begin(), moves.end(), m) != moves.end(); }

// Whether playing `m` leads to a repeated position: the search would judge it by the rules (a draw or
// a loss), and a book has nothing to say about it.
bool repeats(const Position& pos, Move m, RuleSet rules) {
  Position next = pos;
  next.make_move(m);
  next.in_check();  // the record's check flag, which the repetition rules read
  constexpr int kFirstRecurrence = 2;
  return judge_position(next, kFirstRecurrence, rules).end != GameEnd::None;
}

}  // namespace

OwnBook::OwnBook() : random_(std::random_device{}()) {
  try {
    book_ = std::make_shared<const book::Book>(book::builtin_book());
  } catch (const book::BookError&) {
    // A broken build's book: the engine plays without one (OwnBook finds no move).
  }
}

void OwnBook::load(const std::string& path) {
  book_ = std::make_shared<const book::Book>(path.empty() ? book::builtin_book() : book::load_book(path));
}

std::optional<book::BookEntry> OwnBook::choose(const Position& pos, const SearchLimits& limits) {
  if (!enabled_ || !book_ || pos.game_ply() >= depth_) return std::nullopt;
  std::vector<book::BookEntry> moves = book::legal_book_moves(*book_, pos);
  std::erase_if(moves, [&](const book::BookEntry& e) {
    return contains(limits.banned, e.move) || (!limits.only.empty() && !contains(limits.only, e.move)) ||
           repeats(pos, e.move, limits.rules);
  });
  const std::optional<size_t> chosen = book::pick(moves, variety_, random_);
  if (!chosen) return std::nullopt;
  return moves[*chosen];
}

}  // namespace jiang::protocol
