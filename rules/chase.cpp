#include "rules/chase.h"

#include "movegen/movegen.h"

namespace jiang {
namespace {

// Attacks that chase whether or not the victim is protected: the victim is worth more than its
// attacker, so even a protected one loses material when taken.
bool always_a_chase(PieceType attacker, PieceType victim) {
  if (attacker == Horse || attacker == Cannon) return victim == Rook;
  if (attacker == Advisor || attacker == Elephant) return victim == Rook || victim == Horse || victim == Cannon;
  return false;
}

// Whether the two generals stand on one file with nothing between them.
bool generals_face(const Position& pos) {
  const Square red = pos.king_square(Red), black = pos.king_square(Black);
  if (file_of(red) != file_of(black)) return false;
  const uint16_t between = uint16_t(((1u << rank_of(black)) - 1) & ~((2u << rank_of(red)) - 1));
  return (pos.file_occupancy(file_of(red)) & between) == 0;
}

// The pieces of ~c that attack c's general: the ones that could take it were ~c to move.
SquareSet checkers_of(Position& pos, Color c) {
  const Square general = pos.king_square(c);
  if (!pos.general_attacked(general, ~c)) return {};
  const bool pass = pos.side_to_move() == c;
  if (pass) pos.make_null();
  SquareSet found{};
  for (PieceType t : {Rook, Horse, Cannon, Pawn}) {
    const Piece p = make_piece(~c, t);
    for (int i = 0; i < pos.count(p); ++i)
      if (is_pseudo_legal(pos, Move(pos.squares(p)[i], general))) found |= SquareSet::of(pos.squares(p)[i]);
  }
  if (pass) pos.unmake_null();
  return found;
}

// Whether m, pseudo-legal for the side to move, would be legal were the checks given by the pieces on
// `answered` already answered: it leaves the general attacked by no other piece and not facing the
// other one. A threat is judged as if the side in check had first dealt with the check (as XBoard
// does, and Fairy-Stockfish by counting pseudo-legal protectors): an attack that the check alone keeps
// from being carried out still threatens, and a protector that the check alone keeps from taking back
// still protects.
bool legal_once_answered(Position& pos, Move m, SquareSet answered) {
  if (pos.leaves_general_safe(m)) return true;
  if (answered.empty()) return false;
  const Color us = pos.side_to_move();
  pos.make_move(m);
  const bool safe = !generals_face(pos) && (checkers_of(pos, us) & ~answered).empty();
  pos.unmake_move();
  return safe;
}

// Whether the side to move has a capture on s, legal once the checks of `answered` are answered.
bool can_capture_on(Position& pos, Square s, SquareSet answered) {
  MoveList captures;
  generate<GenType::Captures>(pos, captures);
  for (Move m : captures)
    if (m.to() == s && legal_once_answered(pos, m, answered)) return true;
  return false;
}

// Whether the victim of capture m has a real protector: one that may legally take back (a pinned
// piece, or a general that would step into attack or face the other general, is a fake root). A check
// the attacker's side gave before the capture does not count against the protector: the victim's side
// would have answered it first.
bool protected_against(Position& pos, Move m) {
  const SquareSet answered = checkers_of(pos, ~pos.side_to_move());
  pos.make_move(m);
  const bool recapture = can_capture_on(pos, m.to(), answered);
  pos.unmake_move();
  return recapture;
}

// Whether the victim of capture m could legally take its attacker first: between pieces of one type
// that is an offer of exchange, not a threat. pos has the attacker's side to move.
bool victim_can_take_first(Position& pos, Move m) {
  pos.make_null();
  const bool first = is_legal(pos, Move(m.to(), m.from()));
  pos.unmake_null();
  return first;
}

// answered: the pieces giving the attacker's side check (see legal_once_answered).
bool chases(Position& pos, SquareSet answered, Move m) {
  const PieceType attacker = type_of(pos.piece_on(m.from()));
  const Piece victim = pos.piece_on(m.to());
  // The general and the pawns may attack freely; the general cannot be chased, only checked, and a pawn
  // on its own half is not worth chasing.
  if (attacker == King || attacker == Pawn || type_of(victim) == King) return false;
  if (type_of(victim) == Pawn && on_own_half(color_of(victim), m.to())) return false;
  // A pinned piece chases only what it may legally take (AXF diagram 63: a rook confined to its file
  // by a cannon attacks nothing off that file), which includes the piece that pins it (the rule book's
  // appendix: a rook held by a horse on its leg chases that horse once it is left unprotected).
  if (!legal_once_answered(pos, m, answered)) return false;
  if (always_a_chase(attacker, type_of(victim))) return true;
  if (protected_against(pos, m)) return false;
  return attacker != type_of(victim) || !victim_can_take_first(pos, m);
}

// Whether the side to move, were it to move again, has a move that mates.
bool threatens_mate(Position& pos) {
  pos.make_null();
  MoveList moves;
  generate_legal(pos, moves);
  bool mate = false;
  for (Move m : moves) {
    pos.make_move(m);
    mate = !has_legal_move(pos);
    pos.unmake_move();
    if (mate) break;
  }
  pos.unmake_null();
  return mate;
}

}  // namespace

bool held_by_horse(const Position& pos, Square s) {
  const Piece piece = pos.piece_on(s);
  if (piece == NoPiece || type_of(piece) == King) return false;
  const Color owner = color_of(piece);
  const Square general = pos.king_square(owner);
  const Piece horse = make_piece(~owner, Horse);
  // A horse reaches the general two steps along one line and one across; its leg is the square one
  // step from the horse along the long side.
  static constexpr int kLongSteps[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
  for (const auto& step : kLongSteps)
    for (int side : {-1, 1}) {
      const int across_file = step[1] != 0 ? side : 0, across_rank = step[0] != 0 ? side : 0;
      const int horse_file = file_of(general) - 2 * step[0] - across_file;
      const int horse_rank = rank_of(general) - 2 * step[1] - across_rank;
      if (horse_file < 0 || horse_file >= kFiles || horse_rank < 0 || horse_rank >= kRanks) continue;
      const Square from = make_square(horse_file, horse_rank);
      if (pos.piece_on(from) == horse && make_square(horse_file + step[0], horse_rank + step[1]) == s) return true;
    }
  return false;
}

SquareSet chased_pieces(Position& pos, Color x) {
  // A side in check still threatens what only the check keeps it from taking: its move out of check
  // is not a new attack on every piece it already attacked.
  const SquareSet answered = checkers_of(pos, x);
  const bool passed = pos.side_to_move() != x;
  if (passed) pos.make_null();
  MoveList captures;
  generate<GenType::Captures>(pos, captures);
  SquareSet chased{};
  for (Move m : captures)
    if (!chased.contains(m.to()) && chases(pos, answered, m)) chased |= SquareSet::of(m.to());
  if (passed) pos.unmake_null();
  return chased;
}

namespace {

// Follows pieces by identity through a cycle: the identity of a piece is the square it stood on when
// the cycle began. No piece is captured inside a cycle, so identities stay distinct.
class Identities {
 public:
  Identities() {
    for (int s = 0; s < kSquares; ++s) origin_[s] = Square(s);
  }
  void moved(Move m) { origin_[m.to()] = origin_[m.from()]; }
  SquareSet of(SquareSet squares) const {
    SquareSet ids{};
    while (!squares.empty()) ids |= SquareSet::of(origin_[squares.pop_first()]);
    return ids;
  }
  // The squares in pos of the pieces of colour c whose identities are in ids.
  SquareSet squares(const Position& pos, SquareSet ids, Color c) const {
    SquareSet found{};
    for (int s = 0; s < kSquares; ++s) {
      const Piece p = pos.piece_on(Square(s));
      if (p != NoPiece && color_of(p) == c && ids.contains(origin_[s])) found |= SquareSet::of(Square(s));
    }
    return found;
  }

 private:
  std::array<Square, kSquares> origin_;
};

}  // namespace

std::array<CycleConduct, kColors> review_cycle(const Position& pos, int plies, bool mate_threats) {
  Position walk = pos;
  for (int k = 0; k < plies; ++k) walk.unmake_move();
  Identities identities;
  std::array<SquareSet, kColors> chased_before = {chased_pieces(walk, Red), chased_pieces(walk, Black)};
  std::array<CycleConduct, kColors> conduct;
  std::array<bool, kColors> has_moved{};
  for (int k = plies; k >= 1; --k) {
    const Move m = pos.undo_at(k).move;
    const Color mover = walk.side_to_move();
    walk.make_move(m);
    identities.moved(m);
    const std::array<SquareSet, kColors> chased_after = {chased_pieces(walk, Red), chased_pieces(walk, Black)};
    // The victims did not move with this move, so the squares before and after name the same pieces.
    const SquareSet fresh = identities.of(chased_after[mover] & ~chased_before[mover]);
    const bool check = walk.in_check();
    CycleConduct& c = conduct[mover];
    c.chased_throughout = has_moved[mover] ? c.chased_throughout & fresh : fresh;
    has_moved[mover] = true;
    c.always_checked &= check;
    c.each_move_checked_or_chased &= check || !fresh.empty();
    c.some_move_checked |= check;
    c.some_move_chased |= !fresh.empty();
    if (mate_threats && !check) c.always_threatened_mate &= threatens_mate(walk);
    chased_before = chased_after;
  }
  for (Color c : {Red, Black}) {
    SquareSet victims = conduct[c].chased_throughout = identities.squares(pos, conduct[c].chased_throughout, ~c);
    while (!victims.empty()) {
      const Square v = victims.pop_first();
      if (type_of(pos.piece_on(v)) == Rook && held_by_horse(pos, v)) conduct[c].held_rook_chased = v;
    }
  }
  return conduct;
}

}  // namespace jiang
