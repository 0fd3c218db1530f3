// The fast evaluation (bit-set attack maps, precomputed tables) against a reference written the plain
// way: every piece's targets found by walking the board square by square, attackers counted per square,
// each term computed from its definition in eval/weights.h. The reference shares no table or bit set
// with the engine, so the two agreeing term by term on thousands of positions, under the default, the
// tuned and random weights, says the fast one computes what the terms mean.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "eval/evaluate.h"
#include "movegen/position.h"
#include "support/sample_positions.h"

using namespace jiang;

namespace {

constexpr int kGeneralValue = 5000;  // the general's exchange value: above any piece's
constexpr int kNone = 1 << 30;

struct Target {
  int file, rank;
  bool attacks;  // the piece attacks (controls, defends) this square
  bool moves;    // the piece can move here (empty, or an enemy to capture)
};

class Reference {
 public:
  explicit Reference(const Params& params) : w_(params.weights()) {}

  Breakdown breakdown(const Position& pos) {
    pos_ = &pos;
    b_ = Breakdown{};
    map_attacks();
    material_and_position();
    mobility();
    control();
    relations();
    safety();
    danger();
    patterns();
    cannon_patterns();
    pins();
    restricted();
    pawn_terms();
    b_.terms[Tempo][pos.side_to_move()] += PhaseValue{w_.tempo, w_.tempo};
    blend();
    return b_;
  }

 private:
  Piece at(int f, int r) const { return pos_->piece_on(make_square(f, r)); }
  int value(PieceType t) const { return t == King ? kGeneralValue : w_.material[t].mg; }

  // Every target of the piece on (f, r), found by walking the board.
  std::vector<Target> targets(int f, int r) const {
    const Piece p = at(f, r);
    const Color c = color_of(p);
    std::vector<Target> out;
    auto add = [&](int tf, int tr, bool attacks) {
      const Piece q = at(tf, tr);
      out.push_back({tf, tr, attacks, !q || color_of(q) != c});
    };
    const int orth[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}, diag[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    switch (type_of(p)) {
      case King:
        for (auto& d : orth)
          if (on_board(f + d[0], r + d[1]) && in_palace(c, make_square(f + d[0], r + d[1]))) add(f + d[0], r + d[1], true);
        break;
      case Advisor:
        for (auto& d : diag)
          if (on_board(f + d[0], r + d[1]) && in_palace(c, make_square(f + d[0], r + d[1]))) add(f + d[0], r + d[1], true);
        break;
      case Elephant:
        for (auto& d : diag)
          if (on_board(f + 2 * d[0], r + 2 * d[1]) && on_own_half(c, make_square(f + 2 * d[0], r + 2 * d[1])) &&
              !at(f + d[0], r + d[1]))
            add(f + 2 * d[0], r + 2 * d[1], true);
        break;
      case Horse:
        for (auto& d : orth) {
          if (!on_board(f + d[0], r + d[1]) || at(f + d[0], r + d[1])) continue;  // the leg
          for (int side : {-1, 1}) {
            const int tf = f + 2 * d[0] + (d[0] ? 0 : side), tr = r + 2 * d[1] + (d[1] ? 0 : side);
            if (on_board(tf, tr)) add(tf, tr, true);
          }
        }
        break;
      case Rook:
        for (auto& d : orth)
          for (int tf = f + d[0], tr = r + d[1]; on_board(tf, tr); tf += d[0], tr += d[1]) {
            add(tf, tr, true);
            if (at(tf, tr)) break;
          }
        break;
      case Cannon:
        for (auto& d : orth) {
          int tf = f + d[0], tr = r + d[1];
          for (; on_board(tf, tr) && !at(tf, tr); tf += d[0], tr += d[1]) out.push_back({tf, tr, false, true});
          for (tf += d[0], tr += d[1]; on_board(tf, tr); tf += d[0], tr += d[1]) {
            if (!at(tf, tr)) {
              out.push_back({tf, tr, true, false});  // past the screen: controlled, not reachable
              continue;
            }
            add(tf, tr, true);
            break;
          }
        }
        break;
      case Pawn:
        if (on_board(f, r + forward(c))) add(f, r + forward(c), true);
        if (!on_own_half(c, make_square(f, r)))
          for (int side : {-1, 1})
            if (on_board(f + side, r)) add(f + side, r, true);
        break;
      default: break;
    }
    return out;
  }

  void map_attacks() {
    for (auto& side : count_) side.fill(0);
    for (auto& side : cheapest_) side.fill(kNone);
    moves_ = {};
    for (int s = 0; s < kSquares; ++s) {
      const Piece p = pos_->piece_on(Square(s));
      if (!p) continue;
      for (const Target& t : targets(file_of(Square(s)), rank_of(Square(s)))) {
        const int to = make_square(t.file, t.rank);
        if (t.attacks) {
          ++count_[color_of(p)][to];
          cheapest_[color_of(p)][to] = std::min(cheapest_[color_of(p)][to], value(type_of(p)));
        }
        moves_[color_of(p)][type_of(p)] += t.moves;
      }
    }
  }

  void material_and_position() {
    for (int s = 0; s < kSquares; ++s) {
      const Piece p = pos_->piece_on(Square(s));
      if (!p) continue;
      const Color c = color_of(p);
      const int own_rank = c == Red ? rank_of(Square(s)) : 9 - rank_of(Square(s));
      const int half_file = std::min(file_of(Square(s)), 8 - file_of(Square(s)));
      b_.terms[Material][c] += w_.material[type_of(p)];
      b_.terms[Placement][c] += w_.position[type_of(p)][own_rank * kHalfFiles + half_file];
    }
  }

  void mobility() {
    for (Color c : {Red, Black})
      for (PieceType t : {Horse, Rook, Cannon}) b_.terms[Mobility][c] += w_.mobility[t] * moves_[c][t];
  }

  void control() {
    for (int s = 0; s < kSquares; ++s) {
      const int red = count_[Red][s], black = count_[Black][s];
      Color owner;
      if (red != black) owner = red > black ? Red : Black;
      else if (red > 0 && cheapest_[Red][s] != cheapest_[Black][s]) owner = cheapest_[Red][s] < cheapest_[Black][s] ? Red : Black;
      else continue;
      const PhaseValue v = in_palace(~owner, Square(s)) ? w_.control_enemy_palace
                           : on_own_half(owner, Square(s)) ? w_.control_own_half
                                                           : w_.control_enemy_half;
      b_.terms[Control][owner] += v;
    }
  }

  void relations() {
    int loss[kColors] = {0, 0};
    for (int s = 0; s < kSquares; ++s) {
      const Piece p = pos_->piece_on(Square(s));
      if (!p || type_of(p) == King) continue;
      const Color c = color_of(p);
      const bool defended = count_[c][s] > 0;
      if (defended) b_.terms[Relations][c] += w_.defended;
      if (count_[~c][s] == 0) continue;
      const int v = value(type_of(p));
      loss[c] = std::max(loss[c], defended ? std::max(0, v - cheapest_[~c][s]) : v);
    }
    const Color stm = pos_->side_to_move();
    const int gain = w_.threat_to_move_pct * loss[~stm] / 100, waiting = w_.threat_waiting_pct * loss[stm] / 100;
    b_.terms[Relations][stm] += PhaseValue{gain, gain};
    b_.terms[Relations][~stm] += PhaseValue{waiting, waiting};
  }

  int pieces(Color c, PieceType t) const {
    int n = 0;
    for (int s = 0; s < kSquares; ++s) n += pos_->piece_on(Square(s)) == make_piece(c, t);
    return n;
  }

  void safety() {
    for (Color c : {Red, Black}) {
      int attacked_palace = 0;
      for (int s = 0; s < kSquares; ++s) attacked_palace += in_palace(c, Square(s)) && count_[~c][s] > 0;
      b_.terms[Safety][c] -= w_.missing_advisor * ((2 - pieces(c, Advisor)) * (pieces(~c, Rook) + pieces(~c, Horse)));
      b_.terms[Safety][c] -= w_.missing_elephant * ((2 - pieces(c, Elephant)) * pieces(~c, Cannon));
      b_.terms[Safety][c] -= w_.palace_attack * attacked_palace;
    }
  }

  // Whether a piece of the other colour reaches (f, r) by a move of the given type (quiet or capture).
  bool reaches(Color by, PieceType t, int f, int r) const {
    for (int s = 0; s < kSquares; ++s) {
      if (pos_->piece_on(Square(s)) != make_piece(by, t)) continue;
      for (const Target& x : targets(file_of(Square(s)), rank_of(Square(s))))
        if (x.file == f && x.rank == r && x.moves) return true;
    }
    return false;
  }

  // Pieces strictly between (f, r) and the general's square g on one line; -1 when not on a line.
  int between(int f, int r, Square g) const {
    const int gf = file_of(g), gr = rank_of(g);
    if ((f != gf && r != gr) || (f == gf && r == gr)) return -1;
    const int df = (gf > f) - (gf < f), dr = (gr > r) - (gr < r);
    int n = 0;
    for (int x = f + df, y = r + dr; x != gf || y != gr; x += df, y += dr) n += at(x, y) != NoPiece;
    return n;
  }

  // A horse on (f, r) would attack g: a horse's jump away, the leg next to (f, r) empty.
  bool horse_checks_from(int f, int r, Square g) const {
    const int df = file_of(g) - f, dr = rank_of(g) - r;
    if (!((std::abs(df) == 1 && std::abs(dr) == 2) || (std::abs(df) == 2 && std::abs(dr) == 1))) return false;
    return !at(f + (std::abs(df) == 2 ? df / 2 : 0), r + (std::abs(dr) == 2 ? dr / 2 : 0));
  }

  int danger_units(Color c) const {
    const Color e = ~c;
    const Square g = pos_->king_square(c);
    int units = 0, attackers = 0;
    for (int s = 0; s < kSquares; ++s) {
      const Piece p = pos_->piece_on(Square(s));
      if (!p || color_of(p) != e) continue;
      const PieceType t = type_of(p);
      const int f = file_of(Square(s)), r = rank_of(Square(s));
      if (t == Rook || t == Horse || t == Cannon) {
        bool hits = false;
        for (const Target& x : targets(f, r)) hits |= x.attacks && in_palace(c, make_square(x.file, x.rank));
        if (hits) units += w_.danger_attacker[t], ++attackers;
      }
      const bool near_palace = (on_board(f, r + 1) && in_palace(c, make_square(f, r + 1))) ||
                               (on_board(f, r - 1) && in_palace(c, make_square(f, r - 1)));
      if (t == Pawn && (in_palace(c, Square(s)) || near_palace)) units += w_.danger_attacker[Pawn];
    }
    if (attackers == 0) return 0;
    for (int s = 0; s < kSquares; ++s)
      if (in_palace(c, Square(s)) && count_[e][s] > 0 && count_[c][s] == 0) units += w_.danger_weak_square;
    for (int s = 0; s < kSquares; ++s) {
      const Piece p = pos_->piece_on(Square(s));
      if ((p && color_of(p) == e) || count_[c][s] > 0) continue;  // not a safe square for the attacker
      const int f = file_of(Square(s)), r = rank_of(Square(s));
      const int screens = between(f, r, g);
      if (screens == 0 && reaches(e, Rook, f, r)) units += w_.danger_check[Rook];
      if (screens == 1 && reaches(e, Cannon, f, r)) units += w_.danger_check[Cannon];
      if (horse_checks_from(f, r, g) && reaches(e, Horse, f, r)) units += w_.danger_check[Horse];
    }
    units -= w_.danger_defender * (pieces(c, Advisor) + pieces(c, Elephant));
    return std::max(units, 0);
  }

  void danger() {
    for (Color c : {Red, Black}) {
      const int u = danger_units(c);
      b_.terms[Danger][c] -= PhaseValue{u * u * w_.danger_curve_mg / kDangerCurveScale,
                                        u * w_.danger_linear_eg / kDangerLinearScale};
    }
  }

  void patterns() {
    for (int s = 0; s < kSquares; ++s) {
      const Piece p = pos_->piece_on(Square(s));
      const int f = file_of(Square(s)), r = rank_of(Square(s));
      if (!p) continue;
      const Color c = color_of(p);
      if (type_of(p) == Cannon) {
        const Square general = pos_->king_square(~c);
        if (file_of(general) != f) continue;
        int between = 0;
        for (int rr = std::min(r, rank_of(general)) + 1; rr < std::max(r, rank_of(general)); ++rr) between += at(f, rr) != NoPiece;
        if (between == 0) b_.terms[Patterns][c] += w_.hollow_cannon;
        if (between >= 2) b_.terms[Patterns][c] += w_.central_cannon;
      }
      if (type_of(p) == Pawn && !on_own_half(c, Square(s)) && f + 1 < kFiles && at(f + 1, r) == p)
        b_.terms[Patterns][c] += w_.linked_pawns;
      if (type_of(p) == Horse && f == 4 && r == (c == Red ? 1 : 8)) b_.terms[Patterns][c] += w_.palace_horse;
    }
  }

  // A cannon's patterns against the enemy general: its back rank, its file, the advisors it lacks.
  void cannon_patterns() {
    for (int s = 0; s < kSquares; ++s) {
      const Piece p = pos_->piece_on(Square(s));
      if (!p || type_of(p) != Cannon) continue;
      const Color c = color_of(p);
      const Square general = pos_->king_square(~c);
      const int enemy_back = c == Red ? 9 : 0;
      if (rank_of(Square(s)) == enemy_back && rank_of(general) == enemy_back) b_.terms[Patterns][c] += w_.bottom_cannon;
      if (file_of(Square(s)) == file_of(general))
        b_.terms[Patterns][c] += w_.cannon_vs_missing_advisor * (2 - pieces(~c, Advisor));
    }
  }

  // Each of c's rooks, horses and cannons: would taking it off the board expose c's general to a rook,
  // the other general, or a cannon (through the one piece left between)?
  void pins() {
    for (int s = 0; s < kSquares; ++s) {
      const Piece p = pos_->piece_on(Square(s));
      if (!p || (type_of(p) != Rook && type_of(p) != Horse && type_of(p) != Cannon)) continue;
      const Color c = color_of(p);
      const Square g = pos_->king_square(c);
      if (between(file_of(Square(s)), rank_of(Square(s)), g) < 0) continue;
      const int df = (file_of(Square(s)) > file_of(g)) - (file_of(Square(s)) < file_of(g));
      const int dr = (rank_of(Square(s)) > rank_of(g)) - (rank_of(Square(s)) < rank_of(g));
      // Walk from the general outwards, counting pieces, with this one removed.
      // The pinner stands beyond this piece.
      int count = 0;
      bool pinned = false, passed = false;
      for (int f = file_of(g) + df, r = rank_of(g) + dr; on_board(f, r); f += df, r += dr) {
        const Piece q = at(f, r);
        if (make_square(f, r) == Square(s)) passed = true;
        if (!q || make_square(f, r) == Square(s)) continue;
        ++count;
        const bool line_piece = type_of(q) == Rook || (type_of(q) == King && df == 0);
        if (passed && count == 1 && color_of(q) != c && line_piece) pinned = true;
        if (passed && count == 2 && q == make_piece(~c, Cannon)) pinned = true;
        if (count >= 2) break;
      }
      if (pinned) b_.terms[Pins][c] += w_.pinned[type_of(p)];
    }
  }

  // Horses without a safe square (own pieces and squares a cheaper enemy piece attacks do not count),
  // cannons with nothing to jump.
  void restricted() {
    for (int s = 0; s < kSquares; ++s) {
      const Piece p = pos_->piece_on(Square(s));
      if (!p) continue;
      const Color c = color_of(p);
      const std::vector<Target> ts = targets(file_of(Square(s)), rank_of(Square(s)));
      if (type_of(p) == Horse) {
        int safe = 0;
        for (const Target& t : ts)
          safe += t.moves && cheapest_[~c][make_square(t.file, t.rank)] >= value(Horse);
        if (safe == 0) b_.terms[Restricted][c] += w_.trapped_horse;
        if (safe == 1) b_.terms[Restricted][c] += w_.restricted_horse;
      }
      if (type_of(p) == Cannon &&
          std::none_of(ts.begin(), ts.end(), [](const Target& t) { return t.attacks; }))
        b_.terms[Restricted][c] += w_.screenless_cannon;
    }
  }

  // Crossed pawns: on the enemy's back rank; near the palace (files c..g, the last four ranks), more per
  // advisor or elephant the enemy lacks; on the enemy general's file.
  void pawn_terms() {
    for (int s = 0; s < kSquares; ++s) {
      const Piece p = pos_->piece_on(Square(s));
      if (!p || type_of(p) != Pawn) continue;
      const Color c = color_of(p);
      const int f = file_of(Square(s)), r = rank_of(Square(s));
      const int to_go = c == Red ? 9 - r : r;
      if (to_go > 4) continue;
      if (to_go == 0) {
        b_.terms[Pawns][c] += w_.bottom_pawn;
        continue;
      }
      if (f >= 2 && f <= 6 && to_go <= 3)
        b_.terms[Pawns][c] += w_.pawn_near_palace +
                              w_.pawn_vs_missing_defender * (4 - pieces(~c, Advisor) - pieces(~c, Elephant));
      if (f == file_of(pos_->king_square(~c))) b_.terms[Pawns][c] += w_.pawn_on_general_file;
    }
  }

  // Of 16, what the stronger side keeps when its material cannot, or is known not to, force mate.
  int scale(Color strong) const {
    const Color weak = ~strong;
    const int rooks = pieces(strong, Rook), horses = pieces(strong, Horse), cannons = pieces(strong, Cannon);
    const int pawns = pieces(strong, Pawn);
    if (rooks + horses + cannons + pawns == 0) return 0;
    int old = 0;
    for (int f = 0; f < kFiles; ++f) old += at(f, strong == Red ? 9 : 0) == make_piece(strong, Pawn);
    if (rooks + horses + cannons == 0 && old == pawns) return 2;
    if (rooks + horses + cannons == 0 && pawns == 1 && pieces(weak, Advisor) + pieces(weak, Elephant) >= 2) return 2;
    const bool only_cannon = cannons == 1 && rooks + horses + pawns == 0;
    if (only_cannon && pieces(strong, Advisor) == 0) return 0;
    if (only_cannon && pieces(weak, Elephant) == 2) return 2;
    if (horses == 1 && rooks + cannons + pawns == 0 && pieces(weak, Advisor) == 2) return 2;
    if (rooks == 1 && horses + cannons + pawns == 0 && pieces(weak, Advisor) == 2 && pieces(weak, Elephant) == 2) return 2;
    if (rooks == 1 && horses + cannons + pawns == 0 && pieces(weak, Advisor) == 2 && pieces(weak, Cannon) >= 1) return 2;
    return 16;
  }

  void blend() {
    PhaseValue total;
    for (int t = 0; t < kEvalTerms; ++t) total += b_.terms[t][Red] - b_.terms[t][Black];
    int phase = 0;
    for (Color c : {Red, Black}) phase += 2 * pieces(c, Rook) + pieces(c, Horse) + pieces(c, Cannon);
    b_.phase = std::min(phase, 16);
    const int blended = (total.mg * b_.phase + total.eg * (16 - b_.phase)) / 16;
    b_.scale = scale(blended > 0 ? Red : Black);
    b_.red_total = blended * b_.scale / 16;
    b_.side_to_move_total = pos_->side_to_move() == Red ? b_.red_total : -b_.red_total;
  }

  const Weights& w_;
  const Position* pos_ = nullptr;
  Breakdown b_;
  std::array<std::array<int, kSquares>, kColors> count_{}, cheapest_{};
  std::array<std::array<int, kPieceTypes>, kColors> moves_{};
};

// The FENs of data/selfplay-sample.txt: positions of real games, every phase of the game.
std::vector<std::string> selfplay_fens() {
  std::ifstream in(std::string(JIANG_DATA_DIR) + "/selfplay-sample.txt");
  REQUIRE(in.good());
  std::vector<std::string> fens;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') fens.push_back(line.substr(0, line.rfind(' ')));
  return fens;
}

// Weights drawn uniformly within every parameter's bounds: material values in any order, ties included.
Params random_params(uint64_t seed) {
  std::mt19937_64 rng(seed);
  Params p;
  for (int i = 0; i < Params::size(); ++i) {
    const ParamInfo& info = Params::registry()[i];
    p.set(i, info.min + int(rng() % uint64_t(info.max - info.min + 1)));
  }
  return p;
}

// Every material value equal, so that "the cheaper attacker" never decides and every exchange is even.
Params equal_material() {
  Params p;
  for (const char* type : {"advisor", "elephant", "horse", "rook", "cannon", "pawn"})
    p.set(*Params::find(std::string("material.") + type + ".mg"), 300);
  return p;
}

std::string describe(const Breakdown& b) {
  std::string out;
  for (int t = 0; t < kEvalTerms; ++t)
    out += std::string(term_name(EvalTerm(t))) + " " + std::to_string(b.terms[t][Red].mg) + "/" +
           std::to_string(b.terms[t][Red].eg) + " " + std::to_string(b.terms[t][Black].mg) + "/" +
           std::to_string(b.terms[t][Black].eg) + "; ";
  return out + "phase " + std::to_string(b.phase) + " scale " + std::to_string(b.scale) + " total " +
         std::to_string(b.red_total);
}

void check_equal(const Params& params, const std::vector<std::string>& fens) {
  const Evaluator fast(params);
  Reference reference(params);
  int mismatches = 0;
  for (const std::string& fen : fens) {
    const Position pos = Position::from_fen(fen);
    const Breakdown expected = reference.breakdown(pos), got = fast.breakdown(pos);
    const bool same = got.terms == expected.terms && got.phase == expected.phase && got.scale == expected.scale &&
                      got.red_total == expected.red_total && got.side_to_move_total == expected.side_to_move_total &&
                      fast.evaluate(pos) == expected.side_to_move_total;
    if (!same && ++mismatches <= 5) {
      INFO(fen << "\n  reference " << describe(expected) << "\n  fast      " << describe(got));
      CHECK(same);
    }
  }
  INFO(mismatches << " of " << fens.size() << " positions differ");
  CHECK(mismatches == 0);
}

}  // namespace

TEST_CASE("the fast evaluation equals the reference, term by term", "[eval][reference]") {
  std::vector<std::string> fens = selfplay_fens();
  const std::vector<std::string> walks = sample_positions(0x5eed'0002, 4, 60);
  fens.insert(fens.end(), walks.begin(), walks.end());
  REQUIRE(fens.size() >= 10000);

  SECTION("default weights") { check_equal(Params(), fens); }
  SECTION("hand-set weights") { check_equal(Params::load(std::string(JIANG_DATA_DIR) + "/weights-handset.json"), fens); }
  SECTION("tuned weights (sa, 2 million positions)") {
    check_equal(Params::load(std::string(JIANG_DATA_DIR) + "/weights-sa-2m.json"), fens);
  }
  SECTION("every material value equal") { check_equal(equal_material(), fens); }
  SECTION("random weights") {
    // Fewer positions a weight set, more weight sets: the orders of the material values matter most.
    const std::vector<std::string> some(fens.begin(), fens.begin() + 2000);
    for (uint64_t seed = 1; seed <= 8; ++seed) {
      INFO("seed " << seed);
      check_equal(random_params(seed), some);
    }
  }
}
