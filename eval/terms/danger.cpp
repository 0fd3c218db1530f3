// General danger: the enemy's attack on one's palace as a count of danger units (attackers reaching the
// palace, safe squares from which they could give check, palace squares attacked and not defended, less
// the advisors and elephants at home), turned into a penalty that grows with the square of the count. One
// attacker is a nuisance; three with checks to spare are a mating attack, and the curve says so.
#include <algorithm>

#include "eval/eval_state.h"

namespace jiang {
namespace {

// The squares of a line (a rank or file occupancy lookup) as a set on the board.
SquareSet along_rank(int rank, uint16_t files) { return SquareSet::rank_row(rank, files); }
SquareSet along_file(int file, uint16_t ranks) { return SquareSet::file_column(file, ranks); }

// The palace and the ranks in front of and behind it: where a pawn counts as an attacker.
constexpr SquareSet near_palace(Color c) { return kPalace[c] | kPalace[c].rank_up() | kPalace[c].rank_down(); }
constexpr SquareSet kNearPalace[kColors] = {near_palace(Red), near_palace(Black)};

// Where each kind of attacker would give check from: the rook's lines to the general, the cannon's
// squares behind exactly one screen, the horse's squares whose leg is empty.
struct CheckSquares {
  SquareSet rook, cannon, horse;
};

CheckSquares check_squares(const Position& pos, Square general) {
  const int f = file_of(general), r = rank_of(general);
  const LineMoves& rank = kRankMoves[f][pos.rank_occupancy(r)];
  const LineMoves& file = kFileMoves[r][pos.file_occupancy(f)];
  CheckSquares checks;
  checks.rook = along_rank(r, rank.quiet | rank.first_blockers) | along_file(f, file.quiet | file.first_blockers);
  checks.cannon = along_rank(r, rank.beyond_screen) | along_file(f, file.beyond_screen);
  checks.horse = SquareSet{};
  for (const Step& st : kTemplates.horse_attackers[general])
    if (!pos.piece_on(st.block)) checks.horse |= SquareSet::of(st.to);
  return checks;
}

// The squares the cannons of c can move to without capturing: a cannon gives check from a quiet square.
SquareSet cannon_quiet_targets(const Position& pos, Color c) {
  SquareSet targets{};
  const Piece cannon = make_piece(c, Cannon);
  for (int i = 0; i < pos.count(cannon); ++i) {
    const Square s = pos.squares(cannon)[i];
    const int f = file_of(s), r = rank_of(s);
    targets |= along_rank(r, kRankMoves[f][pos.rank_occupancy(r)].quiet) |
               along_file(f, kFileMoves[r][pos.file_occupancy(f)].quiet);
  }
  return targets;
}

// Whether an enemy rook, horse or cannon reaches c's palace. Without one there is no attack (pawns alone
// make none) and no penalty: most positions stop at this test.
bool palace_attacked(const EvalState& state, Color c) {
  const SideAttacks& enemy = state.attacks.side[~c];
  return !((enemy.by_type[Rook] | enemy.by_type[Horse] | enemy.by_type[Cannon]) & kPalace[c]).empty();
}

// The counts of an attack on c's palace (palace_attacked). Inlined into the term, which turns them into
// units at once: with a call (the counts returned through memory) the evaluation took a tenth longer.
[[gnu::always_inline]] inline DangerCounts attack_counts(const EvalState& state, Color c) {
  const Position& pos = state.pos;
  const Color e = ~c;
  const SideAttacks& enemy = state.attacks.side[e];
  const SquareSet palace = kPalace[c];
  auto reaching = [&](PieceType t) {
    int8_t n = 0;
    for (const SquareSet* s = enemy.begin(t); s != enemy.end(t); ++s) n += !(*s & palace).empty();
    return n;
  };
  DangerCounts n;
  n.rooks = reaching(Rook), n.horses = reaching(Horse), n.cannons = reaching(Cannon);
  n.pawns = int8_t((state.attacks.placed[e][Pawn] & kNearPalace[c]).count());

  // Safe checks: squares an attacker can reach, from which it checks, that c does not defend.
  const SquareSet unsafe = state.attacks.side[c].any() | state.attacks.occupied[e];
  const CheckSquares checks = check_squares(pos, pos.king_square(c));
  n.rook_checks = int8_t((checks.rook & enemy.by_type[Rook] & ~unsafe).count());
  n.horse_checks = int8_t((checks.horse & enemy.by_type[Horse] & ~unsafe).count());
  const SquareSet cannon_reach = cannon_quiet_targets(pos, e) | (enemy.by_type[Cannon] & state.attacks.occupied[c]);
  n.cannon_checks = int8_t((checks.cannon & cannon_reach & ~unsafe).count());

  n.weak_squares = int8_t((palace & enemy.any() & ~state.attacks.side[c].any()).count());
  n.defenders = int8_t(pos.count(make_piece(c, Advisor)) + pos.count(make_piece(c, Elephant)));
  return n;
}

}  // namespace

DangerCounts danger_counts(const EvalState& state, Color c) {
  return palace_attacked(state, c) ? attack_counts(state, c) : DangerCounts{};
}

int danger_units(const DangerCounts& n, const Weights& w) {
  const int units = w.danger_attacker[Rook] * n.rooks + w.danger_attacker[Horse] * n.horses +
                    w.danger_attacker[Cannon] * n.cannons + w.danger_attacker[Pawn] * n.pawns +
                    w.danger_check[Rook] * n.rook_checks + w.danger_check[Horse] * n.horse_checks +
                    w.danger_check[Cannon] * n.cannon_checks + w.danger_weak_square * n.weak_squares -
                    w.danger_defender * n.defenders;
  return std::max(units, 0);
}

PhaseValue danger_penalty(int units, const Weights& w) {
  return {units * units * w.danger_curve_mg / kDangerCurveScale, units * w.danger_linear_eg / kDangerLinearScale};
}

void add_general_danger(EvalState& state) {
  const Weights& w = state.w;
  for (Color c : {Red, Black})
    if (palace_attacked(state, c))
      state.terms[Danger][c] -= danger_penalty(danger_units(attack_counts(state, c), w), w);
}

}  // namespace jiang
