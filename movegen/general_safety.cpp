#include "movegen/general_safety.h"

namespace jiang {
namespace {

constexpr uint16_t bit(int i) { return uint16_t(1u << i); }

// The indices strictly between a and b on a line.
constexpr uint16_t between(int a, int b) {
  const int lo = a < b ? a : b, hi = a < b ? b : a;
  return uint16_t(((1u << hi) - 1) & ~((2u << lo) - 1));
}

// The occupied indices of a line on one side of index g, popped nearest first.
class RayWalk {
 public:
  RayWalk(uint16_t occupancy, int g, bool upwards)
      : ahead_(upwards ? occupancy & ~((2u << g) - 1) : occupancy & ((1u << g) - 1)), upwards_(upwards) {}
  int next() {  // -1 when no piece is left
    if (!ahead_) return -1;
    const int i = upwards_ ? __builtin_ctz(ahead_) : 31 - __builtin_clz(ahead_);
    ahead_ &= ~(1u << i);
    return i;
  }

 private:
  unsigned ahead_;
  bool upwards_;
};

}  // namespace

GeneralSafety::GeneralSafety(const Position& pos)
    : general_(pos.king_square(pos.side_to_move())), general_file_(file_of(general_)),
      general_rank_(rank_of(general_)), us_(pos.side_to_move()) {
  const uint16_t rank_occ = pos.rank_occupancy(general_rank_), file_occ = pos.file_occupancy(general_file_);
  for (bool upwards : {false, true}) {
    scan_ray(pos, kAlongRank, rank_occ, general_file_, upwards);
    scan_ray(pos, kAlongFile, file_occ, general_rank_, upwards);
  }
  scan_horses_and_pawns(pos);
}

void GeneralSafety::scan_ray(const Position& pos, Line line, uint16_t occupancy, int g, bool upwards) {
  RayWalk walk(occupancy, g, upwards);
  const int i1 = walk.next();
  if (i1 < 0) return;
  const Color them = ~us_;
  const Piece cannon = make_piece(them, Cannon);
  // Along the file the enemy general attacks like a rook: the flying-general rule.
  const auto rook_like = [&](Piece p) {
    return p == make_piece(them, Rook) || (line == kAlongFile && p == make_piece(them, King));
  };
  const Square s1 = on_line(line, i1);
  const Piece p1 = pos.piece_on(s1);
  const bool mine1 = color_of(p1) == us_;
  if (rook_like(p1)) add_check(line, between(g, i1) | bit(i1), NoSquare);
  if (p1 == cannon) gaps_[line] |= between(g, i1);
  const int i2 = walk.next();
  if (i2 < 0) return;
  const Square s2 = on_line(line, i2);
  const Piece p2 = pos.piece_on(s2);
  if (p2 == cannon) {
    // Our screen may answer the check by leaving the line.
    add_check(line, between(g, i2) | bit(i2), mine1 ? s1 : NoSquare);
    return;
  }
  const bool mine2 = color_of(p2) == us_;
  if (!mine1 && !mine2) return;  // nothing of ours to pin
  const int i3 = walk.next();
  const bool cannon_third = i3 >= 0 && pos.piece_on(on_line(line, i3)) == cannon;
  if (mine1 && rook_like(p2)) {
    // Our piece may slide towards the rook, and take it unless a cannon stands behind: the taker would
    // become its screen.
    const uint16_t targets = between(g, i2) | (cannon_third ? 0 : bit(i2));
    add_line_pin(line, s1, targets);
    return;
  }
  if (!cannon_third) return;
  // Two screens: either may slide between the general and the cannon or take it, but neither may take
  // the other (one screen would be left).
  const uint16_t targets = (between(g, i3) & ~bit(i1) & ~bit(i2)) | bit(i3);
  if (mine1) add_line_pin(line, s1, targets);
  if (mine2) add_line_pin(line, s2, targets);
}

void GeneralSafety::scan_horses_and_pawns(const Position& pos) {
  const Color them = ~us_;
  const Piece horse = make_piece(them, Horse), pawn = make_piece(them, Pawn);
  for (int i = 0; i < pos.count(horse); ++i) {
    const Square from = pos.squares(horse)[i], leg = kTemplates.horse_leg[from][general_];
    if (leg == NoSquare) continue;
    const Piece on_leg = pos.piece_on(leg);
    if (on_leg == NoPiece) {
      ++checks_;
      evasion_squares_ = {from, leg};
    } else if (color_of(on_leg) == us_) {
      // Our piece on the leg may only take the horse: the leg is a diagonal neighbour of the general
      // and the horse an orthogonal neighbour of the leg, so on the leg's rank or file.
      const bool same_rank = rank_of(from) == rank_of(leg);
      add_pin(leg, same_rank ? bit(file_of(from)) : 0, same_rank ? 0 : bit(rank_of(from)));
    }
  }
  for (const Step& st : kTemplates.pawn_attackers[them][general_]) {
    if (pos.piece_on(st.to) != pawn) continue;
    ++checks_;
    evasion_squares_ = {st.to, NoSquare};
  }
}

void GeneralSafety::add_pin(Square s, uint16_t rank_targets, uint16_t file_targets) {
  for (int i = 0; i < pin_count_; ++i) {
    if (pins_[i].square != s) continue;
    // Pinned twice (a leg shared by two enemy horses): taking one horse leaves the other.
    pins_[i].rank_targets &= rank_targets;
    pins_[i].file_targets &= file_targets;
    return;
  }
  pins_[pin_count_++] = Pin{s, rank_targets, file_targets};
}

void GeneralSafety::add_check(Line line, uint16_t targets, Square screen) {
  ++checks_;
  evasion_lines_[line] = targets;
  evading_screen_ = screen;
}

bool GeneralSafety::Pin::allows(Square to) const {
  if (rank_of(to) == rank_of(square)) return rank_targets & bit(file_of(to));
  if (file_of(to) == file_of(square)) return file_targets & bit(rank_of(to));
  return false;
}

uint16_t GeneralSafety::rank_gaps(int rank) const {
  const uint16_t on_general_rank = rank == general_rank_ ? gaps_[kAlongRank] : 0;
  return on_general_rank | uint16_t(((gaps_[kAlongFile] >> rank) & 1u) << general_file_);
}

uint16_t GeneralSafety::file_gaps(int file) const {
  const uint16_t on_general_file = file == general_file_ ? gaps_[kAlongFile] : 0;
  return on_general_file | uint16_t(((gaps_[kAlongRank] >> file) & 1u) << general_rank_);
}

bool GeneralSafety::gap(Square to) const { return rank_gaps(rank_of(to)) & bit(file_of(to)); }

bool GeneralSafety::may_evade(Move m) const {
  if (checks_ > 1 || m.from() == general_) return true;
  const Square to = m.to();
  if (to == evasion_squares_[0] || to == evasion_squares_[1] || m.from() == evading_screen_) return true;
  return (rank_of(to) == general_rank_ && (evasion_lines_[kAlongRank] & bit(file_of(to)))) ||
         (file_of(to) == general_file_ && (evasion_lines_[kAlongFile] & bit(rank_of(to))));
}

bool GeneralSafety::legal(const Position& pos, Move m) const {
  if (m.from() == general_) return pos.general_step_safe(m);
  if (checks_) return may_evade(m) && pos.leaves_general_safe(m);
  if (const Pin* p = pin(m.from())) return p->allows(m.to());
  return !gap(m.to());
}

}  // namespace jiang
