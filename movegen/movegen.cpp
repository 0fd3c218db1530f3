#include "movegen/movegen.h"

#include <algorithm>

namespace jiang {
namespace {

constexpr uint16_t bit(int i) { return uint16_t(1u << i); }
constexpr uint16_t kEveryIndex = 0xffff;  // a target mask that forbids nothing

// Where generated moves go: a list, in generation order.
class ListSink {
 public:
  explicit ListSink(MoveList& list) : list_(list) {}
  void add(Square from, Square to) { list_.push(Move(from, to)); }
  void add_along_rank(Square from, int rank, uint16_t files) {
    for (; files; files &= files - 1) list_.push(Move(from, make_square(__builtin_ctz(files), rank)));
  }
  void add_along_file(Square from, int file, uint16_t ranks) {
    for (; ranks; ranks &= ranks - 1) list_.push(Move(from, make_square(file, __builtin_ctz(ranks))));
  }

 private:
  MoveList& list_;
};

// Or only their number, for perft's last ply: a rook's or cannon's moves along a line are one popcount.
class CountSink {
 public:
  void add(Square, Square) { ++count_; }
  void add_along_rank(Square, int, uint16_t files) { count_ += __builtin_popcount(files); }
  void add_along_file(Square, int, uint16_t ranks) { count_ += __builtin_popcount(ranks); }
  int count() const { return count_; }

 private:
  int count_ = 0;
};

// Which targets the general's safety leaves a piece. Pseudo-legal generation: all of them.
class AnyTarget {
 public:
  struct ForPiece {
    uint16_t along_rank = kEveryIndex;  // files of the piece's rank
    uint16_t along_file = kEveryIndex;  // ranks of the piece's file
    bool free() const { return true; }
    bool allows(Square) const { return true; }
  };
  ForPiece for_piece(Square) const { return {}; }
  bool general_may_go(const Position&, Move) const { return true; }
};

// Legal generation out of check: a pinned piece keeps its pin's targets, a free piece every target but
// the gaps, and the general every square its step test finds safe.
class SafeTarget {
 public:
  explicit SafeTarget(const GeneralSafety& safety) : safety_(safety) {}
  struct ForPiece {
    uint16_t along_rank, along_file;
    const GeneralSafety::Pin* pin;
    const GeneralSafety* gaps;  // null when no square is a gap
    bool free() const { return !pin && !gaps; }
    bool allows(Square to) const { return pin ? pin->allows(to) : !gaps->gap(to); }
  };
  ForPiece for_piece(Square from) const {
    if (const GeneralSafety::Pin* p = safety_.pin(from)) return {p->rank_targets, p->file_targets, p, nullptr};
    if (!safety_.has_gaps()) return {kEveryIndex, kEveryIndex, nullptr, nullptr};
    return {uint16_t(~safety_.rank_gaps(rank_of(from))), uint16_t(~safety_.file_gaps(file_of(from))), nullptr,
            &safety_};
  }
  bool general_may_go(const Position& pos, Move m) const { return pos.general_step_safe(m); }

 private:
  const GeneralSafety& safety_;
};

// Walks a template: a step is possible when its block square (if any) is empty, its target is empty
// (a quiet move) or holds an enemy piece (a capture), and `allowed` accepts the target.
template <GenType Type, class Sink, class Allowed>
void add_template_moves(const Position& pos, Square from, const Template& t, Color us, Sink& sink,
                        const Allowed& allowed) {
  for (const Step& st : t) {
    if (st.block != NoSquare && pos.piece_on(st.block)) continue;
    const Piece target = pos.piece_on(st.to);
    const bool wanted = target == NoPiece ? Type != GenType::Captures
                                          : color_of(target) != us && Type != GenType::Quiets;
    if (wanted && allowed(st.to)) sink.add(from, st.to);
  }
}

// The enemy pieces among `candidates` on a line.
template <class SquareOf>
uint16_t enemies(const Position& pos, uint16_t candidates, Color us, SquareOf square_of) {
  uint16_t out = 0;
  for (uint16_t bits = candidates; bits; bits &= bits - 1) {
    const Piece p = pos.piece_on(square_of(__builtin_ctz(bits)));
    if (color_of(p) != us) out |= bits & -bits;
  }
  return out;
}

// A rook or cannon: one look-up per line gives the quiet targets and the capture candidates.
template <GenType Type, class Targets, class Sink>
void add_line_moves(const Position& pos, Square from, bool cannon, Color us, const Targets& targets, Sink& sink) {
  const int f = file_of(from), r = rank_of(from);
  const LineMoves& along_rank = kRankMoves[f][pos.rank_occupancy(r)];
  const LineMoves& along_file = kFileMoves[r][pos.file_occupancy(f)];
  if constexpr (Type != GenType::Captures) {
    sink.add_along_rank(from, r, along_rank.quiet & targets.along_rank);
    sink.add_along_file(from, f, along_file.quiet & targets.along_file);
  }
  if constexpr (Type != GenType::Quiets) {
    const uint16_t rank_hits = (cannon ? along_rank.second_blockers : along_rank.first_blockers) & targets.along_rank;
    const uint16_t file_hits = (cannon ? along_file.second_blockers : along_file.first_blockers) & targets.along_file;
    sink.add_along_rank(from, r, enemies(pos, rank_hits, us, [r](int file) { return make_square(file, r); }));
    sink.add_along_file(from, f, enemies(pos, file_hits, us, [f](int rank) { return make_square(f, rank); }));
  }
}

template <GenType Type, class Guard, class Sink>
void add_piece_moves(const Position& pos, PieceType type, const SquareTemplates& templates, Color us,
                     const Guard& guard, Sink& sink) {
  const Piece p = make_piece(us, type);
  const Square* squares = pos.squares(p);
  for (int i = 0, n = pos.count(p); i < n; ++i) {
    const auto targets = guard.for_piece(squares[i]);
    const Template& t = templates[squares[i]];
    // Most pieces are free: no target needs a test.
    if (targets.free()) add_template_moves<Type>(pos, squares[i], t, us, sink, [](Square) { return true; });
    else add_template_moves<Type>(pos, squares[i], t, us, sink, [&](Square to) { return targets.allows(to); });
  }
}

// Every move of the side to move that the guard allows, in a fixed order (rooks, cannons, horses,
// pawns, elephants, advisors, the general): the search's tie-breaks depend on it.
template <GenType Type, class Guard, class Sink>
void generate_moves(const Position& pos, const Guard& guard, Sink& sink) {
  const Color us = pos.side_to_move();
  for (PieceType type : {Rook, Cannon}) {
    const Piece p = make_piece(us, type);
    const Square* squares = pos.squares(p);
    for (int i = 0, n = pos.count(p); i < n; ++i)
      add_line_moves<Type>(pos, squares[i], type == Cannon, us, guard.for_piece(squares[i]), sink);
  }
  add_piece_moves<Type>(pos, Horse, kTemplates.horse, us, guard, sink);
  add_piece_moves<Type>(pos, Pawn, kTemplates.pawn[us], us, guard, sink);
  add_piece_moves<Type>(pos, Elephant, kTemplates.elephant, us, guard, sink);
  add_piece_moves<Type>(pos, Advisor, kTemplates.advisor, us, guard, sink);
  const Square general = pos.king_square(us);
  add_template_moves<Type>(pos, general, kTemplates.king[general], us, sink,
                           [&](Square to) { return guard.general_may_go(pos, Move(general, to)); });
}

// Legal moves into `sink`: out of check straight from the pins and gaps; in check, the pseudo-legal
// moves that could answer it, each confirmed by an attack test. Both keep the pseudo-legal order.
template <class Sink>
void generate_legal_into(const Position& pos, Sink& sink) {
  const GeneralSafety safety(pos);
  if (!safety.in_check()) {
    generate_moves<GenType::All>(pos, SafeTarget(safety), sink);
    return;
  }
  MoveList pseudo;
  generate<GenType::All>(pos, pseudo);
  for (Move m : pseudo)
    if (safety.legal(pos, m)) sink.add(m.from(), m.to());
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
  ListSink sink(list);
  generate_moves<Type>(pos, AnyTarget(), sink);
}

template void generate<GenType::Captures>(const Position&, MoveList&);
template void generate<GenType::Quiets>(const Position&, MoveList&);
template void generate<GenType::All>(const Position&, MoveList&);

void generate_legal(const Position& pos, MoveList& list) {
  ListSink sink(list);
  generate_legal_into(pos, sink);
}

int count_legal(const Position& pos) {
  CountSink sink;
  generate_legal_into(pos, sink);
  return sink.count();
}

bool has_legal_move(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return !list.empty();
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
