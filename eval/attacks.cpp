#include "eval/attacks.h"

namespace jiang {
namespace {

// The targets of a horse or elephant on one square, grouped by the square that must be empty for them
// (a horse's leg opens two targets, an elephant's eye one). Always four groups, so that the loop over
// them has a fixed length: a missing group opens nothing and is gated by the piece's own square.
struct GatedTargets {
  static constexpr int kGates = 4;
  std::array<Square, kGates> gate{};
  std::array<SquareSet, kGates> targets{};
};

// Each piece's targets from each square as sets, from the move templates. The templates are
// constant-initialized (movegen/tables.cpp), so they are complete before this table's dynamic
// initialization reads them.
struct TargetTables {
  std::array<SquareSet, kSquares> king, advisor;
  std::array<GatedTargets, kSquares> horse, elephant;
};

SquareSet targets(const Template& steps) {
  SquareSet set{};
  for (const Step& st : steps) set |= SquareSet::of(st.to);
  return set;
}

GatedTargets gated_targets(const Template& steps, Square from) {
  GatedTargets g;
  g.gate.fill(from);
  int gates = 0;
  for (const Step& st : steps) {
    int i = 0;
    while (i < gates && g.gate[i] != st.block) ++i;
    if (i == gates) g.gate[gates++] = st.block;
    g.targets[i] |= SquareSet::of(st.to);
  }
  return g;
}

TargetTables build_target_tables() {
  TargetTables t{};
  for (int s = 0; s < kSquares; ++s) {
    t.king[s] = targets(kTemplates.king[s]);
    t.advisor[s] = targets(kTemplates.advisor[s]);
    t.horse[s] = gated_targets(kTemplates.horse[s], Square(s));
    t.elephant[s] = gated_targets(kTemplates.elephant[s], Square(s));
  }
  return t;
}

const TargetTables kTargets = build_target_tables();

SquareSet open_targets(const Position& pos, const GatedTargets& g) {
  SquareSet set{};
  for (int i = 0; i < GatedTargets::kGates; ++i)
    if (!pos.piece_on(g.gate[i])) set |= g.targets[i];
  return set;
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

}  // namespace

int SideAttacks::count(Square s) const {
  int n = 0;
  for (int i = 0; i < sets_; ++i) n += each_[i].contains(s);
  return n;
}

Attacks::Attacks(const Position& pos, const EvalTables& tables) {
  add_side(pos, tables, Red);
  add_side(pos, tables, Black);
}

void Attacks::add_side(const Position& pos, const EvalTables& tables, Color c) {
  SideAttacks& side = this->side[c];
  const ExchangeOrder& order = tables.exchange_order;
  for (int g = 0; g < order.groups; ++g) side.by_group_[g] = SquareSet{};
  SquareSet pieces{};
  PhaseValue values;
  int n = 0;
  // Types in enum order, so that each type's sets follow the previous type's in SideAttacks::each_.
  // The loop runs to the most pieces of the type there can be, a constant, so that it unrolls.
  const auto add_pieces = [&]<PieceType Type>(auto&& attack_set) {
    const Piece p = make_piece(c, Type);
    const int count = pos.count(p);
    side.first_[Type] = uint8_t(n);
    SquareSet of_type{};
    for (int i = 0; i < max_pieces(Type); ++i) {
      if (i == count) break;
      const Square s = pos.squares(p)[i];
      pieces |= SquareSet::of(s);
      values += tables.piece_square[p][s];
      of_type |= side.each_[n++] = attack_set(s);
    }
    side.by_group_[order.group_of[Type]] |= of_type;
  };
  const auto along_rank = [&](Square s) -> const LineMoves& {
    return kRankMoves[file_of(s)][pos.rank_occupancy(rank_of(s))];
  };
  const auto along_file = [&](Square s) -> const LineMoves& {
    return kFileMoves[rank_of(s)][pos.file_occupancy(file_of(s))];
  };
  int cannon_quiet_moves = 0;
  add_pieces.template operator()<King>([](Square s) { return kTargets.king[s]; });
  add_pieces.template operator()<Advisor>([](Square s) { return kTargets.advisor[s]; });
  add_pieces.template operator()<Elephant>([&](Square s) { return open_targets(pos, kTargets.elephant[s]); });
  add_pieces.template operator()<Horse>([&](Square s) { return open_targets(pos, kTargets.horse[s]); });
  add_pieces.template operator()<Rook>([&](Square s) { return rook_attacks(along_rank(s), along_file(s), s); });
  add_pieces.template operator()<Cannon>([&](Square s) {
    cannon_quiet_moves += __builtin_popcount(along_rank(s).quiet) + __builtin_popcount(along_file(s).quiet);
    return cannon_attacks(along_rank(s), along_file(s), s);
  });
  side.first_[Pawn] = uint8_t(n);
  const Piece pawn = make_piece(c, Pawn);
  SquareSet pawns{};
  for (int i = 0; i < max_pieces(Pawn); ++i) {
    if (i == pos.count(pawn)) break;
    const Square s = pos.squares(pawn)[i];
    pawns |= SquareSet::of(s);
    values += tables.piece_square[pawn][s];
  }
  if (!pawns.empty()) {
    SquareSet of_pawns{};
    for (const SquareSet set : pawn_attacks(pawns, c)) of_pawns |= side.each_[n++] = set;
    side.by_group_[order.group_of[Pawn]] |= of_pawns;
  }
  side.first_[kPieceTypes] = uint8_t(n);
  side.sets_ = n;
  side.cannon_quiet_moves_ = cannon_quiet_moves;
  occupied[c] = pieces | pawns;
  this->pawns[c] = pawns;
  placement[c] = values;

  // Counted in a loop of its own, a short one whose counters stay in registers.
  AttackLevels levels{};
  for (int i = 0; i < n; ++i) levels.add(side.each_[i]);
  side.levels_ = levels;
}

}  // namespace jiang
