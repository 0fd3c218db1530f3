#include "engine/see.h"

#include <algorithm>
#include <array>

namespace jiang {
namespace {

// The board's occupancy as the exchange empties it: a square leaves when its piece captures on the target.
class Occupancy {
 public:
  explicit Occupancy(const Position& pos) {
    for (int r = 0; r < kRanks; ++r) rank_[r] = pos.rank_occupancy(r);
    for (int f = 0; f < kFiles; ++f) file_[f] = pos.file_occupancy(f);
  }
  bool has(Square s) const { return rank_[rank_of(s)] >> file_of(s) & 1; }
  void remove(Square s) {
    rank_[rank_of(s)] &= uint16_t(~(1u << file_of(s)));
    file_[file_of(s)] &= uint16_t(~(1u << rank_of(s)));
  }
  const LineMoves& along_rank(Square s) const { return kRankMoves[file_of(s)][rank_[rank_of(s)]]; }
  const LineMoves& along_file(Square s) const { return kFileMoves[rank_of(s)][file_[file_of(s)]]; }

 private:
  std::array<uint16_t, kRanks> rank_;
  std::array<uint16_t, kFiles> file_;
};

class AttackerFinder {
 public:
  AttackerFinder(const Position& pos, const Occupancy& occ, Square target) : pos_(pos), occ_(occ), target_(target) {}

  // The square of c's least valuable piece that can capture on the target, or NoSquare.
  Square least_valuable(Color c) const {
    if (Square s = by_template(c, Pawn, kTemplates.pawn_attackers[c][target_]); s != NoSquare) return s;
    if (Square s = by_template(c, Advisor, kTemplates.advisor[target_]); s != NoSquare) return s;
    if (Square s = by_template(c, Elephant, kTemplates.elephant[target_]); s != NoSquare) return s;
    if (Square s = by_template(c, Horse, kTemplates.horse_attackers[target_]); s != NoSquare) return s;
    if (Square s = by_line(c, Cannon); s != NoSquare) return s;
    if (Square s = by_line(c, Rook); s != NoSquare) return s;
    return by_template(c, King, kTemplates.king[target_]);
  }

 private:
  // Palace, half-board and horse templates are symmetric (or reversed, for horses and pawns): the
  // squares listed for the target are where an attacker stands, and the block square must be empty.
  Square by_template(Color c, PieceType type, const Template& t) const {
    const Piece p = make_piece(c, type);
    if (pos_.count(p) == 0) return NoSquare;
    for (const Step& st : t)
      if (occ_.has(st.to) && pos_.piece_on(st.to) == p && (st.block == NoSquare || !occ_.has(st.block)))
        return st.to;
    return NoSquare;
  }

  // A rook takes the first piece along a line, a cannon the second.
  Square by_line(Color c, PieceType type) const {
    const Piece p = make_piece(c, type);
    if (pos_.count(p) == 0) return NoSquare;
    const LineMoves& rank = occ_.along_rank(target_);
    const LineMoves& file = occ_.along_file(target_);
    const uint16_t rank_bits = type == Cannon ? rank.second_blockers : rank.first_blockers;
    const uint16_t file_bits = type == Cannon ? file.second_blockers : file.first_blockers;
    for (uint16_t bits = rank_bits; bits; bits &= bits - 1) {
      const Square s = make_square(__builtin_ctz(bits), rank_of(target_));
      if (pos_.piece_on(s) == p) return s;
    }
    for (uint16_t bits = file_bits; bits; bits &= bits - 1) {
      const Square s = make_square(file_of(target_), __builtin_ctz(bits));
      if (pos_.piece_on(s) == p) return s;
    }
    return NoSquare;
  }

  const Position& pos_;
  const Occupancy& occ_;
  Square target_;
};

// Longest exchange on one square: every piece of both sides, plus the first move.
constexpr int kMaxExchange = 34;

// The general may only take when nothing of the other side can take it back.
bool general_may_take(const Position& pos, const Occupancy& occ, Square target, Square general, Color side) {
  Occupancy after = occ;
  after.remove(general);
  return AttackerFinder(pos, after, target).least_valuable(~side) == NoSquare;
}

}  // namespace

Score see(const Position& pos, Move m) {
  const Square target = m.to();
  Occupancy occ(pos);
  occ.remove(m.from());
  const AttackerFinder finder(pos, occ, target);
  std::array<Score, kMaxExchange> gain{};
  gain[0] = kSeeValue[type_of(pos.piece_on(target))];
  PieceType on_target = type_of(pos.piece_on(m.from()));
  Color side = ~pos.side_to_move();
  int d = 0;
  while (d + 1 < kMaxExchange) {
    const Square from = finder.least_valuable(side);
    if (from == NoSquare) break;
    const PieceType attacker = type_of(pos.piece_on(from));
    if (attacker == King && !general_may_take(pos, occ, target, from, side)) break;
    ++d;
    gain[d] = kSeeValue[on_target] - gain[d - 1];
    occ.remove(from);
    on_target = attacker;
    side = ~side;
  }
  // Each side may stop instead of capturing: back up the better of the two from the end.
  for (; d > 0; --d) gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
  return gain[0];
}

// The same verdict as see(pos, m) >= threshold, with the exchange stopped as soon as it is decided
// (the swap test of Stockfish's see_ge): the search asks only the yes or no, most often settled by the
// first capture or two. After each capture, `balance` is what the side that made it would be short of
// its goal if the piece it captured with were taken in turn, and `mover_wins` is the verdict if the
// exchange stopped there. When that side keeps its goal even so, no recapture can change the verdict.
bool see_ge(const Position& pos, Move m, Score threshold) {
  const Square target = m.to();
  Score balance = kSeeValue[type_of(pos.piece_on(target))] - threshold;
  if (balance < 0) return false;  // even unanswered, the capture falls short
  balance = kSeeValue[type_of(pos.piece_on(m.from()))] - balance;
  if (balance <= 0) return true;  // even losing the capturer, the mover keeps the threshold
  Occupancy occ(pos);
  occ.remove(m.from());
  const AttackerFinder finder(pos, occ, target);
  bool mover_wins = true;
  Color side = ~pos.side_to_move();
  for (int captures = 1; captures < kMaxExchange; ++captures) {
    const Square from = finder.least_valuable(side);
    if (from == NoSquare) break;
    const PieceType attacker = type_of(pos.piece_on(from));
    if (attacker == King) {  // it takes only where nothing takes it back: the exchange ends either way
      if (general_may_take(pos, occ, target, from, side)) mover_wins = !mover_wins;
      break;
    }
    mover_wins = !mover_wins;
    balance = kSeeValue[attacker] - balance;
    if (balance < int(mover_wins)) break;
    occ.remove(from);
    side = ~side;
  }
  return mover_wins;
}

}  // namespace jiang
