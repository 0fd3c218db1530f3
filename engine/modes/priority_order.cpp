#include "engine/modes/priority_order.h"

#include <algorithm>

#include "engine/see.h"

namespace jiang {
namespace {

// The room each kind has for ordering within it: more than the widest exchange score (+-10000).
constexpr int kKindSpan = 1 << 16;
constexpr int kWithinOffset = kKindSpan / 2;

bool is_capture(const Position& pos, Move m) { return pos.piece_on(m.to()) != NoPiece; }

// The opponent's last move, or none (the root of the record, or a null move).
Move last_move(const Position& pos) { return pos.plies_played() >= 1 ? pos.undo_at(1).move : Move::none(); }

// Whether our own move before the opponent's captured something: "after material has been won".
bool just_won_material(const Position& pos) { return pos.plies_played() >= 2 && pos.undo_at(2).captured != NoPiece; }

int remembered_rank(const RememberedMoves& remembered, Move m) {
  const auto it = std::find(remembered.begin(), remembered.end(), m);
  return it == remembered.end() ? -1 : int(it - remembered.begin());
}

MoveKind capture_kind(const Position& pos, Move m, Score exchange) {
  const Move last = last_move(pos);
  if (exchange > 0 || (last && m.to() == last.to())) return MoveKind::GoodCapture;
  return exchange == 0 ? MoveKind::EvenCapture : MoveKind::LosingCapture;
}

// A quiet move's kind from what the board says after it: check, and whether its square is attacked.
MoveKind quiet_kind(Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const bool from_attacked = pos.attacked(m.from(), ~us);
  pos.make_move(m);
  const bool check = pos.in_check();
  const bool to_attacked = pos.attacked(m.to(), ~us);
  pos.unmake_move();
  if (from_attacked && !to_attacked && last_move(pos))
    return just_won_material(pos) ? MoveKind::SavingRetreat : MoveKind::Retreat;
  if (check) return to_attacked ? MoveKind::UnsafeCheck : MoveKind::SafeCheck;
  return to_attacked ? MoveKind::UnsafeMove : MoveKind::SafeMove;
}

MoveKind kind_and_exchange(Position& pos, Move m, const RememberedMoves& remembered, Score& exchange) {
  MoveKind kind;
  if (is_capture(pos, m)) {
    exchange = see(pos, m);
    kind = capture_kind(pos, m, exchange);
  } else {
    exchange = 0;
    kind = quiet_kind(pos, m);
  }
  // A remembered move is tried with the refutations, unless its own kind comes earlier.
  if (remembered_rank(remembered, m) >= 0) kind = std::min(kind, MoveKind::Remembered);
  return kind;
}

}  // namespace

MoveKind move_kind(Position& pos, Move m, const RememberedMoves& remembered) {
  Score exchange;
  return kind_and_exchange(pos, m, remembered, exchange);
}

int priority_score(Position& pos, Move m, const RememberedMoves& remembered) {
  Score exchange;
  const MoveKind kind = kind_and_exchange(pos, m, remembered, exchange);
  int within = 0;
  switch (kind) {
    case MoveKind::GoodCapture:
    case MoveKind::EvenCapture:
    case MoveKind::LosingCapture:
      within = exchange;
      break;
    case MoveKind::Remembered:
      within = -remembered_rank(remembered, m);
      break;
    case MoveKind::SavingRetreat:
    case MoveKind::Retreat:
      within = kSeeValue[type_of(pos.piece_on(m.from()))];  // the most valuable piece is saved first
      break;
    default:
      break;
  }
  return (int(MoveKind::kCount) - int(kind)) * kKindSpan + std::clamp(within + kWithinOffset, 0, kKindSpan - 1);
}

}  // namespace jiang
