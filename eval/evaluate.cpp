#include "eval/evaluate.h"

#include <algorithm>

namespace jiang {
namespace {

// What a general is "worth" as an attacker or defender in exchanges: more than any other piece, so a
// piece attacked by the general and defended is never counted as threatened by it.
constexpr int kGeneralExchangeValue = 5000;
constexpr uint16_t kNoAttacker = 0xffff;

// Phase weights: rooks count double, the other long-range attackers once; pawns, advisors and
// elephants do not make a middlegame.
constexpr int kRookPhase = 2, kHorsePhase = 1, kCannonPhase = 1;

struct AttackMap {
  std::array<uint8_t, kSquares> count;       // how many of the side's pieces attack each square
  std::array<uint16_t, kSquares> cheapest;   // exchange value of the cheapest of them

  AttackMap() {
    count.fill(0);
    cheapest.fill(kNoAttacker);
  }
  void add(Square s, int value) {
    ++count[s];
    cheapest[s] = std::min<uint16_t>(cheapest[s], uint16_t(value));
  }
};

constexpr std::array<std::array<Square, 9>, kColors> palace_squares() {
  std::array<std::array<Square, 9>, kColors> result{};
  for (Color c : {Red, Black}) {
    int n = 0;
    for (int s = 0; s < kSquares; ++s)
      if (in_palace(c, Square(s))) result[c][n++] = Square(s);
  }
  return result;
}
constexpr auto kPalaceSquares = palace_squares();

// The squares strictly between two squares of the same file, as a file occupancy mask.
constexpr uint16_t ranks_between(int a, int b) {
  const int lo = std::min(a, b), hi = std::max(a, b);
  return uint16_t(((1u << hi) - 1) & ~((2u << lo) - 1));
}

class AttackBuilder {
 public:
  AttackBuilder(const Position& pos, const Evaluator& eval) : pos_(pos), eval_(eval) {}

  // Fills `map` with the attacks of colour c and returns the mobility score of its pieces.
  PhaseValue build(Color c, const Weights& w, AttackMap& map) const {
    PhaseValue mobility{};
    add_template(c, King, kTemplates.king, kGeneralExchangeValue, map);
    add_template(c, Advisor, kTemplates.advisor, eval_.piece_value(Advisor), map);
    add_template(c, Elephant, kTemplates.elephant, eval_.piece_value(Elephant), map);
    add_template(c, Pawn, kTemplates.pawn[c], eval_.piece_value(Pawn), map);
    mobility += w.mobility[Horse] * add_template(c, Horse, kTemplates.horse, eval_.piece_value(Horse), map);
    mobility += w.mobility[Rook] * add_lines(c, Rook, map);
    mobility += w.mobility[Cannon] * add_lines(c, Cannon, map);
    return mobility;
  }

 private:
  // Returns the number of moves (to empty or enemy squares) the pieces of this type have.
  int add_template(Color c, PieceType type, const SquareTemplates& templates, int value, AttackMap& map) const {
    const Piece p = make_piece(c, type);
    int moves = 0;
    for (int i = 0; i < pos_.count(p); ++i)
      for (const Step& st : templates[pos_.squares(p)[i]]) {
        if (st.block != NoSquare && pos_.piece_on(st.block)) continue;
        map.add(st.to, value);
        const Piece target = pos_.piece_on(st.to);
        moves += !target || color_of(target) != c;
      }
    return moves;
  }

  int add_lines(Color c, PieceType type, AttackMap& map) const {
    const Piece p = make_piece(c, type);
    const int value = eval_.piece_value(type);
    int moves = 0;
    for (int i = 0; i < pos_.count(p); ++i) {
      const Square s = pos_.squares(p)[i];
      const int f = file_of(s), r = rank_of(s);
      const LineMoves& along_rank = kRankMoves[f][pos_.rank_occupancy(r)];
      const LineMoves& along_file = kFileMoves[r][pos_.file_occupancy(f)];
      const bool cannon = type == Cannon;
      const uint16_t rank_attacks = cannon ? along_rank.beyond_screen : along_rank.quiet | along_rank.first_blockers;
      const uint16_t file_attacks = cannon ? along_file.beyond_screen : along_file.quiet | along_file.first_blockers;
      for (uint16_t bits = rank_attacks; bits; bits &= bits - 1) map.add(make_square(__builtin_ctz(bits), r), value);
      for (uint16_t bits = file_attacks; bits; bits &= bits - 1) map.add(make_square(f, __builtin_ctz(bits)), value);
      moves += __builtin_popcount(along_rank.quiet) + __builtin_popcount(along_file.quiet);
      const uint16_t rank_captures = cannon ? along_rank.second_blockers : along_rank.first_blockers;
      const uint16_t file_captures = cannon ? along_file.second_blockers : along_file.first_blockers;
      for (uint16_t bits = rank_captures; bits; bits &= bits - 1)
        moves += color_of(pos_.piece_on(make_square(__builtin_ctz(bits), r))) != c;
      for (uint16_t bits = file_captures; bits; bits &= bits - 1)
        moves += color_of(pos_.piece_on(make_square(f, __builtin_ctz(bits)))) != c;
    }
    return moves;
  }

  const Position& pos_;
  const Evaluator& eval_;
};

int attackers(const Position& pos, Color c) {
  return pos.count(make_piece(c, Rook)) + pos.count(make_piece(c, Horse)) + pos.count(make_piece(c, Cannon)) +
         pos.count(make_piece(c, Pawn));
}

// How much of the evaluation the stronger side keeps, of Evaluator::kScaleNormal, when its material
// cannot or can hardly force mate.
int draw_scale(const Position& pos, Color strong) {
  constexpr int kDead = 0;     // mate is impossible
  constexpr int kDrawish = 2;  // mate is known not to be forced against these defenders
  const Color weak = ~strong;
  if (attackers(pos, strong) == 0) return kDead;
  const int rooks = pos.count(make_piece(strong, Rook)), horses = pos.count(make_piece(strong, Horse));
  const int cannons = pos.count(make_piece(strong, Cannon)), pawns = pos.count(make_piece(strong, Pawn));
  const int weak_advisors = pos.count(make_piece(weak, Advisor));
  const int weak_elephants = pos.count(make_piece(weak, Elephant));
  if (rooks == 0 && horses == 0 && pawns == 0 && cannons == 1) {
    // A lone cannon needs a screen: without advisors of its own it cannot mate at all. With them it beats
    // advisors, but two elephants hold.
    if (pos.count(make_piece(strong, Advisor)) == 0) return kDead;
    if (weak_elephants == 2) return kDrawish;
  }
  if (rooks == 0 && cannons == 0 && pawns == 0 && horses == 1 && weak_advisors == 2)
    return kDrawish;  // a lone horse cannot break two advisors
  if (rooks == 1 && cannons == 0 && pawns == 0 && horses == 0 && weak_advisors == 2 && weak_elephants == 2)
    return kDrawish;  // a lone rook cannot break full advisors and elephants
  return Evaluator::kScaleNormal;
}

}  // namespace

const char* term_name(EvalTerm term) {
  static constexpr const char* kNames[kEvalTerms] = {"material", "position", "mobility", "control",
                                                     "relations", "safety",   "patterns", "tempo"};
  return kNames[term];
}

Evaluator::Evaluator(const Params& params) : params_(params) {
  const Weights& w = params_.weights();
  for (Color c : {Red, Black})
    for (int t = King; t <= Pawn; ++t)
      for (int s = 0; s < kSquares; ++s) {
        const int own_rank = c == Red ? rank_of(Square(s)) : kRanks - 1 - rank_of(Square(s));
        const int half_file = std::min(file_of(Square(s)), kFiles - 1 - file_of(Square(s)));
        piece_square_[make_piece(c, PieceType(t))][s] = w.position[t][own_rank * kHalfFiles + half_file];
      }
}

Score Evaluator::evaluate(const Position& pos) const { return evaluate_impl<false>(pos, nullptr); }

Breakdown Evaluator::breakdown(const Position& pos) const {
  Breakdown b;
  evaluate_impl<true>(pos, &b);
  return b;
}

template <bool Trace>
Score Evaluator::evaluate_impl(const Position& pos, Breakdown* trace) const {
  const Weights& w = params_.weights();
  const Color stm = pos.side_to_move();
  std::array<std::array<PhaseValue, kColors>, kEvalTerms> terms{};

  // Material and position.
  for (Color c : {Red, Black})
    for (int t = King; t <= Pawn; ++t) {
      const Piece p = make_piece(c, PieceType(t));
      terms[Material][c] += w.material[t] * pos.count(p);
      for (int i = 0; i < pos.count(p); ++i) terms[Placement][c] += piece_square_[p][pos.squares(p)[i]];
    }

  // Mobility, and the attack maps that control and relations read.
  std::array<AttackMap, kColors> maps;
  const AttackBuilder builder(pos, *this);
  for (Color c : {Red, Black}) terms[Mobility][c] = builder.build(c, w, maps[c]);

  // Control: each square goes to the side with more attackers, or the cheaper one on a tie.
  for (int s = 0; s < kSquares; ++s) {
    const int red = maps[Red].count[s], black = maps[Black].count[s];
    if (red == 0 && black == 0) continue;
    Color owner;
    if (red != black) owner = red > black ? Red : Black;
    else if (maps[Red].cheapest[s] != maps[Black].cheapest[s]) owner = maps[Red].cheapest[s] < maps[Black].cheapest[s] ? Red : Black;
    else continue;
    const Square sq = Square(s);
    terms[Control][owner] += in_palace(~owner, sq)       ? w.control_enemy_palace
                             : on_own_half(owner, sq)    ? w.control_own_half
                                                         : w.control_enemy_half;
  }

  // Relations: defended pieces, and the largest loss each side faces from a threatened piece.
  std::array<int, kColors> largest_loss{};
  for (Color c : {Red, Black})
    for (int t = Advisor; t <= Pawn; ++t) {
      const Piece p = make_piece(c, PieceType(t));
      for (int i = 0; i < pos.count(p); ++i) {
        const Square s = pos.squares(p)[i];
        const bool defended = maps[c].count[s] > 0;
        if (defended) terms[Relations][c] += w.defended;
        if (!maps[~c].count[s]) continue;
        const int value = piece_value(PieceType(t));
        const int loss = defended ? std::max(0, value - maps[~c].cheapest[s]) : value;
        largest_loss[c] = std::max(largest_loss[c], loss);
      }
    }
  const int to_move_gain = w.threat_to_move_pct * largest_loss[~stm] / 100;
  const int waiting_gain = w.threat_waiting_pct * largest_loss[stm] / 100;
  terms[Relations][stm] += PhaseValue{to_move_gain, to_move_gain};
  terms[Relations][~stm] += PhaseValue{waiting_gain, waiting_gain};

  // General safety: missing defenders against the pieces that exploit them, and attacked palace squares.
  for (Color c : {Red, Black}) {
    const int missing_advisors = 2 - pos.count(make_piece(c, Advisor));
    const int missing_elephants = 2 - pos.count(make_piece(c, Elephant));
    const int enemy_rooks_horses = pos.count(make_piece(~c, Rook)) + pos.count(make_piece(~c, Horse));
    terms[Safety][c] -= w.missing_advisor * (missing_advisors * enemy_rooks_horses);
    terms[Safety][c] -= w.missing_elephant * (missing_elephants * pos.count(make_piece(~c, Cannon)));
    int attacked = 0;
    for (Square s : kPalaceSquares[c]) attacked += maps[~c].count[s] > 0;
    terms[Safety][c] -= w.palace_attack * attacked;
  }

  // Patterns: cannons on the enemy general's file, linked crossed pawns.
  for (Color c : {Red, Black}) {
    const Square general = pos.king_square(~c);
    const Piece cannon = make_piece(c, Cannon), pawn = make_piece(c, Pawn);
    for (int i = 0; i < pos.count(cannon); ++i) {
      const Square s = pos.squares(cannon)[i];
      if (file_of(s) != file_of(general)) continue;
      const int screens = __builtin_popcount(pos.file_occupancy(file_of(s)) & ranks_between(rank_of(s), rank_of(general)));
      if (screens == 0) terms[Patterns][c] += w.hollow_cannon;
      else if (screens >= 2) terms[Patterns][c] += w.central_cannon;
    }
    for (int i = 0; i < pos.count(pawn); ++i) {
      const Square s = pos.squares(pawn)[i];
      if (!on_own_half(c, s) && file_of(s) + 1 < kFiles && pos.piece_on(Square(s + 1)) == pawn)
        terms[Patterns][c] += w.linked_pawns;
    }
  }

  terms[Tempo][stm] += PhaseValue{w.tempo, w.tempo};

  PhaseValue total{};
  for (const auto& term : terms) total += term[Red] - term[Black];
  int phase = 0;
  for (Color c : {Red, Black})
    phase += kRookPhase * pos.count(make_piece(c, Rook)) + kHorsePhase * pos.count(make_piece(c, Horse)) +
             kCannonPhase * pos.count(make_piece(c, Cannon));
  phase = std::min(phase, kMaxPhase);
  const int blended = (total.mg * phase + total.eg * (kMaxPhase - phase)) / kMaxPhase;
  const int scale = draw_scale(pos, blended > 0 ? Red : Black);
  const Score red = blended * scale / kScaleNormal;
  const Score result = stm == Red ? red : -red;
  if constexpr (Trace) {
    trace->terms = terms;
    trace->phase = phase;
    trace->scale = scale;
    trace->red_total = red;
    trace->side_to_move_total = result;
  }
  return result;
}

template Score Evaluator::evaluate_impl<true>(const Position&, Breakdown*) const;
template Score Evaluator::evaluate_impl<false>(const Position&, Breakdown*) const;

}  // namespace jiang
