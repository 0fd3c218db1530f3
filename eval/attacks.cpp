#include "eval/attacks.h"

namespace jiang {
namespace {

// A horse or elephant is stopped by four squares next to it (a horse's legs, an elephant's eyes). Their
// occupancy is read as four bits off the occupancy vectors of the lines around the piece (movegen/
// tables.h), and one table look-up gives the targets left open: cheaper than testing the four squares
// on the board one by one and masking their targets.
inline constexpr int kBlockPatterns = 16;
using BlockedTargets = std::array<std::array<SquareSet, kBlockPatterns>, kSquares>;

// As bits 0 and 2: whether the squares at i - 1 and i + 1 of a line are taken (0 off the line).
constexpr uint32_t neighbours(uint16_t occupancy, int i) { return (uint32_t(occupancy) << 1 >> i) & 5u; }

// The pattern bit of each blocking square, by its offset from the piece's square: bits 0 and 2 come from
// one line, bits 1 and 3 from the other (see horse_pattern and elephant_pattern).
int horse_leg_bit(int offset) { return offset == -1 ? 0 : offset == 1 ? 2 : offset == -kFiles ? 1 : 3; }
int elephant_eye_bit(int offset) {
  return offset == -kFiles - 1 ? 0 : offset == -kFiles + 1 ? 2 : offset == kFiles - 1 ? 1 : 3;
}

// For each square and pattern, the targets whose blocking square is empty. A blocking square off the
// board stops no target that is on it, so what its bit says does not matter.
template <typename BitOf>
BlockedTargets blocked_targets(const SquareTemplates& templates, BitOf bit_of) {
  BlockedTargets t{};
  for (int s = 0; s < kSquares; ++s)
    for (int pattern = 0; pattern < kBlockPatterns; ++pattern)
      for (const Step& st : templates[s])
        if (!(pattern >> bit_of(st.block - s) & 1)) t[s][pattern] |= SquareSet::of(st.to);
  return t;
}

// Each piece's targets from each square as sets, from the move templates. The templates are
// constant-initialized (movegen/tables.cpp), so they are complete before this table's dynamic
// initialization reads them.
struct TargetTables {
  std::array<SquareSet, kSquares> king, advisor;
  BlockedTargets horse, elephant;
};

SquareSet targets(const Template& steps) {
  SquareSet set{};
  for (const Step& st : steps) set |= SquareSet::of(st.to);
  return set;
}

TargetTables build_target_tables() {
  TargetTables t{};
  for (int s = 0; s < kSquares; ++s) {
    t.king[s] = targets(kTemplates.king[s]);
    t.advisor[s] = targets(kTemplates.advisor[s]);
  }
  t.horse = blocked_targets(kTemplates.horse, horse_leg_bit);
  t.elephant = blocked_targets(kTemplates.elephant, elephant_eye_bit);
  return t;
}

const TargetTables kTargets = build_target_tables();

// A horse's legs: files f - 1 and f + 1 on its rank, ranks r - 1 and r + 1 on its file.
int horse_pattern(const Position& pos, Square s) {
  const int f = file_of(s), r = rank_of(s);
  return int(neighbours(pos.rank_occupancy(r), f) | neighbours(pos.file_occupancy(f), r) << 1);
}

// An elephant's eyes: files f - 1 and f + 1 on the ranks below and above it. On the back rank the rank
// below is off the board; reading the elephant's own rank instead is harmless (no target lies there).
int elephant_pattern(const Position& pos, Square s) {
  const int f = file_of(s), r = rank_of(s);
  const int below = r - (r > 0), above = r + (r < kRanks - 1);
  return int(neighbours(pos.rank_occupancy(below), f) | neighbours(pos.rank_occupancy(above), f) << 1);
}

// A rook attacks up to and including the first piece each way.
SquareSet rook_attacks(const LineMoves& along_rank, const LineMoves& along_file, Square s) {
  return SquareSet::rank_row(rank_of(s), along_rank.quiet | along_rank.first_blockers) |
         SquareSet::file_column(file_of(s), along_file.quiet | along_file.first_blockers);
}

// A cannon attacks the squares past its screen, up to and including the second piece.
SquareSet cannon_attacks(const LineMoves& along_rank, const LineMoves& along_file, Square s) {
  return SquareSet::rank_row(rank_of(s), along_rank.beyond_screen) |
         SquareSet::file_column(file_of(s), along_file.beyond_screen);
}

// All pawns of a side at once: one set a direction. Each square is reached from one square in each
// direction, so a set still counts one attacker a square.
std::array<SquareSet, 3> pawn_attacks(SquareSet pawns, Color c) {
  const SquareSet crossed = pawns & ~kOwnHalf[c];  // only pawns across the river move sideways
  return {c == Red ? pawns.rank_up() : pawns.rank_down(), (crossed & ~kFileA).file_left(),
          (crossed & ~kFileI).file_right()};
}

// A walk over one side's pieces: each one's attack set, square and position value.
class SideWalk {
 public:
  SideWalk(const Position& pos, const EvalTables& tables, Color c, Attacks& attacks)
      : pos_(pos), tables_(tables), c_(c), attacks_(attacks), side_(attacks.side[c]), placed_(attacks.placed[c]) {}

  void run();

 private:
  // The pieces of one type. The loop runs to the most pieces of the type there can be, a constant,
  // so that it unrolls.
  template <PieceType Type, typename AttackSet>
  void add_pieces(AttackSet&& attack_set) {
    const Piece p = make_piece(c_, Type);
    side_.first[Type] = uint8_t(sets_);
    SquareSet of_type{}, placed{};
    for (int i = 0; i < max_pieces(Type) && i < pos_.count(p); ++i) {
      const Square s = pos_.squares(p)[i];
      placed |= SquareSet::of(s);
      values_ += tables_.piece_square[p][s];
      const SquareSet set = attack_set(s);
      side_.each[sets_++] = set;
      of_type |= set;
      levels_.add(set);
    }
    pieces_ |= placed;
    placed_[Type] = placed;
    side_.by_type[Type] = of_type;
    side_.by_group[tables_.exchange_order.group_of[Type]] |= of_type;
  }
  void add_pawns();
  const LineMoves& along_rank(Square s) const { return kRankMoves[file_of(s)][pos_.rank_occupancy(rank_of(s))]; }
  const LineMoves& along_file(Square s) const { return kFileMoves[rank_of(s)][pos_.file_occupancy(file_of(s))]; }

  const Position& pos_;
  const EvalTables& tables_;
  const Color c_;
  Attacks& attacks_;
  SideAttacks& side_;
  std::array<SquareSet, kPieceTypes>& placed_;
  SquareSet pieces_{}, pawns_{};
  PhaseValue values_;
  AttackLevels levels_{};
  int sets_ = 0;
  int cannon_quiet_moves_ = 0;
};

void SideWalk::run() {
  side_.by_group.fill(SquareSet{});  // all of them: a fixed count clears faster than the groups in use
  // Types in enum order, so that each type's sets follow the previous type's in `each`.
  add_pieces<King>([](Square s) { return kTargets.king[s]; });
  add_pieces<Advisor>([](Square s) { return kTargets.advisor[s]; });
  add_pieces<Elephant>([&](Square s) { return kTargets.elephant[s][elephant_pattern(pos_, s)]; });
  add_pieces<Horse>([&](Square s) { return kTargets.horse[s][horse_pattern(pos_, s)]; });
  add_pieces<Rook>([&](Square s) { return rook_attacks(along_rank(s), along_file(s), s); });
  add_pieces<Cannon>([&](Square s) {
    cannon_quiet_moves_ += __builtin_popcount(along_rank(s).quiet) + __builtin_popcount(along_file(s).quiet);
    return cannon_attacks(along_rank(s), along_file(s), s);
  });
  add_pawns();
  side_.first[kPieceTypes] = uint8_t(sets_);
  side_.sets = sets_;
  side_.cannon_quiet_moves = cannon_quiet_moves_;
  side_.levels = levels_;
  attacks_.occupied[c_] = pieces_ | pawns_;
  placed_[Pawn] = pawns_;
  attacks_.placement[c_] = values_;
}

void SideWalk::add_pawns() {
  const Piece pawn = make_piece(c_, Pawn);
  side_.first[Pawn] = uint8_t(sets_);
  for (int i = 0; i < max_pieces(Pawn) && i < pos_.count(pawn); ++i) {
    const Square s = pos_.squares(pawn)[i];
    pawns_ |= SquareSet::of(s);
    values_ += tables_.piece_square[pawn][s];
  }
  side_.by_type[Pawn] = SquareSet{};
  if (pawns_.empty()) return;
  SquareSet of_pawns{};
  for (const SquareSet set : pawn_attacks(pawns_, c_)) {
    side_.each[sets_++] = set;
    of_pawns |= set;
    levels_.add(set);
  }
  side_.by_type[Pawn] = of_pawns;
  side_.by_group[tables_.exchange_order.group_of[Pawn]] |= of_pawns;
}

}  // namespace

int SideAttacks::count(Square s) const {
  int n = 0;
  for (int i = 0; i < sets; ++i) n += each[i].contains(s);
  return n;
}

Attacks::Attacks(const Position& pos, const EvalTables& tables) {
  for (Color c : {Red, Black}) SideWalk(pos, tables, c, *this).run();
}

}  // namespace jiang
