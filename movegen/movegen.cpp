#include "movegen/movegen.h"

#include <algorithm>
#include <cstdlib>

namespace jiang {
namespace {

constexpr uint16_t bit(int i) { return uint16_t(1u << i); }

// Walks a template: a step is possible when its block square (if any) is empty and its target is empty
// (a quiet move) or holds an enemy piece (a capture).
template <GenType Type>
void add_template_moves(const Position& pos, Square from, const Template& t, Color us, MoveList& list) {
  for (const Step& st : t) {
    if (st.block != NoSquare && pos.piece_on(st.block)) continue;
    const Piece target = pos.piece_on(st.to);
    if (target == NoPiece) {
      if constexpr (Type != GenType::Captures) list.push(Move(from, st.to));
    } else if (color_of(target) != us) {
      if constexpr (Type != GenType::Quiets) list.push(Move(from, st.to));
    }
  }
}

// A rook or cannon: one look-up per line gives the quiet targets and the capture candidates.
template <GenType Type>
void add_line_moves(const Position& pos, Square from, bool cannon, Color us, MoveList& list) {
  const int f = file_of(from), r = rank_of(from);
  const LineMoves& along_rank = kRankMoves[f][pos.rank_occupancy(r)];
  const LineMoves& along_file = kFileMoves[r][pos.file_occupancy(f)];
  if constexpr (Type != GenType::Captures) {
    for (uint16_t bits = along_rank.quiet; bits; bits &= bits - 1)
      list.push(Move(from, make_square(__builtin_ctz(bits), r)));
    for (uint16_t bits = along_file.quiet; bits; bits &= bits - 1)
      list.push(Move(from, make_square(f, __builtin_ctz(bits))));
  }
  if constexpr (Type != GenType::Quiets) {
    const uint16_t rank_targets = cannon ? along_rank.second_blockers : along_rank.first_blockers;
    const uint16_t file_targets = cannon ? along_file.second_blockers : along_file.first_blockers;
    for (uint16_t bits = rank_targets; bits; bits &= bits - 1) {
      const Square to = make_square(__builtin_ctz(bits), r);
      if (color_of(pos.piece_on(to)) != us) list.push(Move(from, to));
    }
    for (uint16_t bits = file_targets; bits; bits &= bits - 1) {
      const Square to = make_square(f, __builtin_ctz(bits));
      if (color_of(pos.piece_on(to)) != us) list.push(Move(from, to));
    }
  }
}

template <GenType Type>
void add_piece_moves(const Position& pos, PieceType type, const SquareTemplates& templates, Color us,
                     MoveList& list) {
  const Piece p = make_piece(us, type);
  const Square* squares = pos.squares(p);
  for (int i = 0, n = pos.count(p); i < n; ++i)
    add_template_moves<Type>(pos, squares[i], templates[squares[i]], us, list);
}

bool line_reaches(const Position& pos, Square from, Square to, bool cannon) {
  uint16_t quiet, first, second, target;
  if (rank_of(from) == rank_of(to)) {
    const LineMoves& m = kRankMoves[file_of(from)][pos.rank_occupancy(rank_of(from))];
    quiet = m.quiet, first = m.first_blockers, second = m.second_blockers, target = bit(file_of(to));
  } else if (file_of(from) == file_of(to)) {
    const LineMoves& m = kFileMoves[rank_of(from)][pos.file_occupancy(file_of(from))];
    quiet = m.quiet, first = m.first_blockers, second = m.second_blockers, target = bit(rank_of(to));
  } else {
    return false;
  }
  if (pos.piece_on(to) == NoPiece) return quiet & target;
  return (cannon ? second : first) & target;
}

bool template_reaches(const Position& pos, const Template& t, Square to) {
  for (const Step& st : t)
    if (st.to == to) return st.block == NoSquare || pos.piece_on(st.block) == NoPiece;
  return false;
}

}  // namespace

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

template <GenType Type>
void generate(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  for (PieceType type : {Rook, Cannon}) {
    const Piece p = make_piece(us, type);
    const Square* squares = pos.squares(p);
    for (int i = 0, n = pos.count(p); i < n; ++i) add_line_moves<Type>(pos, squares[i], type == Cannon, us, list);
  }
  add_piece_moves<Type>(pos, Horse, kTemplates.horse, us, list);
  add_piece_moves<Type>(pos, Pawn, kTemplates.pawn[us], us, list);
  add_piece_moves<Type>(pos, Elephant, kTemplates.elephant, us, list);
  add_piece_moves<Type>(pos, Advisor, kTemplates.advisor, us, list);
  add_piece_moves<Type>(pos, King, kTemplates.king, us, list);
}

template void generate<GenType::Captures>(const Position&, MoveList&);
template void generate<GenType::Quiets>(const Position&, MoveList&);
template void generate<GenType::All>(const Position&, MoveList&);

LegalityFilter::LegalityFilter(const Position& pos)
    : pos_(pos), general_(pos.king_square(pos.side_to_move())), in_check_(pos.in_check()) {
  const int f = file_of(general_), r = rank_of(general_);
  const LineMoves& along_rank = kRankMoves[f][pos.rank_occupancy(r)];
  const LineMoves& along_file = kFileMoves[r][pos.file_occupancy(f)];
  rank_shields_ = along_rank.first_blockers | along_rank.second_blockers;
  file_shields_ = along_file.first_blockers | along_file.second_blockers;
  rank_gaps_ = along_rank.quiet;
  file_gaps_ = along_file.quiet;
}

bool LegalityFilter::needs_full_test(Move m) const {
  if (in_check_) return true;
  const Square from = m.from(), to = m.to();
  const int gf = file_of(general_), gr = rank_of(general_);
  // Moving away from the general's lines may open a rook, cannon or general line onto it.
  if (rank_of(from) == gr && (rank_shields_ & bit(file_of(from)))) return true;
  if (file_of(from) == gf && (file_shields_ & bit(rank_of(from)))) return true;
  // Stepping into the gap next to the general may become a cannon's screen.
  if (rank_of(to) == gr && (rank_gaps_ & bit(file_of(to)))) return true;
  if (file_of(to) == gf && (file_gaps_ & bit(rank_of(to)))) return true;
  // The general itself, and the diagonal neighbours that are the legs of horses attacking it.
  return std::abs(file_of(from) - gf) <= 1 && std::abs(rank_of(from) - gr) <= 1;
}

void generate_legal(const Position& pos, MoveList& list) {
  MoveList pseudo;
  generate<GenType::All>(pos, pseudo);
  const LegalityFilter filter(pos);
  for (Move m : pseudo)
    if (filter.legal(m)) list.push(m);
}

int count_legal(const Position& pos) {
  MoveList pseudo;
  generate<GenType::All>(pos, pseudo);
  const LegalityFilter filter(pos);
  return int(std::count_if(pseudo.begin(), pseudo.end(), [&](Move m) { return filter.legal(m); }));
}

bool has_legal_move(const Position& pos) {
  MoveList pseudo;
  generate<GenType::All>(pos, pseudo);
  const LegalityFilter filter(pos);
  return std::any_of(pseudo.begin(), pseudo.end(), [&](Move m) { return filter.legal(m); });
}

bool is_pseudo_legal(const Position& pos, Move m) {
  const Square from = m.from(), to = m.to();
  if (from >= kSquares || to >= kSquares || from == to) return false;
  const Piece p = pos.piece_on(from), target = pos.piece_on(to);
  const Color us = pos.side_to_move();
  if (p == NoPiece || color_of(p) != us || (target && color_of(target) == us)) return false;
  switch (type_of(p)) {
    case King: return template_reaches(pos, kTemplates.king[from], to);
    case Advisor: return template_reaches(pos, kTemplates.advisor[from], to);
    case Elephant: return template_reaches(pos, kTemplates.elephant[from], to);
    case Horse: return template_reaches(pos, kTemplates.horse[from], to);
    case Pawn: return template_reaches(pos, kTemplates.pawn[us][from], to);
    case Rook: return line_reaches(pos, from, to, false);
    case Cannon: return line_reaches(pos, from, to, true);
    default: return false;
  }
}

bool is_legal(const Position& pos, Move m) { return is_pseudo_legal(pos, m) && pos.leaves_general_safe(m); }

}  // namespace jiang
