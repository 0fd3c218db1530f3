#include "movegen/position.h"

#include "movegen/zobrist.h"

namespace jiang {

Position::Position() { list_index_.fill(0); }

Position Position::startpos() { return from_fen(kStartFen); }

void Position::toggle_occupancy(Square s) {
  rank_occ_[rank_of(s)] ^= uint16_t(1u << file_of(s));
  file_occ_[file_of(s)] ^= uint16_t(1u << rank_of(s));
}

void Position::toggle_keys(Piece p, Square s) {
  const uint64_t z = kZobrist.piece_square[p][s];
  key_ ^= z;
  if (type_of(p) == Pawn || type_of(p) == King)
    structure_key_ ^= z;
  else
    pieces_key_[color_of(p)] ^= z;
}

void Position::put_piece(Piece p, Square s) {
  board_[s] = p;
  toggle_occupancy(s);
  list_index_[s] = counts_[p];
  lists_[p][counts_[p]++] = s;
  toggle_keys(p, s);
}

void Position::remove_piece(Square s) {
  const Piece p = board_[s];
  board_[s] = NoPiece;
  toggle_occupancy(s);
  // Keep the list dense: the last entry fills the hole.
  const Square last = lists_[p][--counts_[p]];
  lists_[p][list_index_[s]] = last;
  list_index_[last] = list_index_[s];
  toggle_keys(p, s);
}

void Position::move_piece(Square from, Square to) {
  const Piece p = board_[from];
  board_[from] = NoPiece;
  board_[to] = p;
  toggle_occupancy(from);
  toggle_occupancy(to);
  lists_[p][list_index_[from]] = to;
  list_index_[to] = list_index_[from];
  toggle_keys(p, from);
  toggle_keys(p, to);
}

void Position::make_move(Move m) {
  const Square from = m.from(), to = m.to();
  const Piece captured = board_[to];
  history_.push_back(Undo{key_, m, captured, check_, quiet_plies_, fullmove_});
  quiet_plies_ = uint16_t(quiet_plies_after(m));
  if (captured) remove_piece(to);
  move_piece(from, to);
  if (side_ == Black && fullmove_ < kMaxFullmove) ++fullmove_;
  side_ = ~side_;
  key_ ^= kZobrist.black_to_move;
  check_ = kUnknown;
}

void Position::unmake_move() {
  const Undo& u = history_.back();
  side_ = ~side_;
  fullmove_ = u.fullmove;
  move_piece(u.move.to(), u.move.from());
  if (u.captured) put_piece(u.captured, u.move.to());
  key_ = u.key;
  quiet_plies_ = u.quiet_plies;
  check_ = u.check;
  history_.pop_back();
}

void Position::make_null() {
  history_.push_back(Undo{key_, Move::none(), NoPiece, check_, quiet_plies_, fullmove_});
  side_ = ~side_;
  key_ ^= kZobrist.black_to_move;
  check_ = kUnknown;
}

void Position::unmake_null() {
  const Undo& u = history_.back();
  side_ = ~side_;
  key_ = u.key;
  check_ = u.check;
  history_.pop_back();
}

bool Position::attacked_from_afar(Square s, Color by, Piece also_along_file, uint16_t rank_occ,
                                  uint16_t file_occ) const {
  const int f = file_of(s), r = rank_of(s);
  const Piece rook = make_piece(by, Rook), cannon = make_piece(by, Cannon);
  const LineMoves& along_rank = kRankMoves[f][rank_occ];
  const LineMoves& along_file = kFileMoves[r][file_occ];
  for (uint16_t bits = along_rank.first_blockers; bits; bits &= bits - 1)
    if (board_[make_square(__builtin_ctz(bits), r)] == rook) return true;
  for (uint16_t bits = along_file.first_blockers; bits; bits &= bits - 1) {
    const Piece p = board_[make_square(f, __builtin_ctz(bits))];
    if (p == rook || p == also_along_file) return true;
  }
  for (uint16_t bits = along_rank.second_blockers; bits; bits &= bits - 1)
    if (board_[make_square(__builtin_ctz(bits), r)] == cannon) return true;
  for (uint16_t bits = along_file.second_blockers; bits; bits &= bits - 1)
    if (board_[make_square(f, __builtin_ctz(bits))] == cannon) return true;
  const Piece horse = make_piece(by, Horse);
  // The piece lists, not the board: leaves_general_safe plays a move on the board alone, so a horse it
  // captures is still listed, and the board says whether it still stands.
  for (int i = 0; i < counts_[horse]; ++i) {
    const Square from = lists_[horse][i], leg = kTemplates.horse_leg[from][s];
    if (leg != NoSquare && board_[leg] == NoPiece && board_[from] == horse) return true;
  }
  const Piece pawn = make_piece(by, Pawn);
  for (const Step& st : kTemplates.pawn_attackers[by][s])
    if (board_[st.to] == pawn) return true;
  return false;
}

bool Position::general_attacked(Square s, Color by) const {
  // The other general counts as a rook along the file: the flying-general rule.
  return attacked_from_afar(s, by, make_piece(by, King), rank_occ_[rank_of(s)], file_occ_[file_of(s)]);
}

bool Position::attacked(Square s, Color by) const {
  if (attacked_from_afar(s, by, NoPiece, rank_occ_[rank_of(s)], file_occ_[file_of(s)])) return true;
  // The palace and half-board pieces move symmetrically: they attack s from the squares they could
  // reach from s.
  for (const Step& st : kTemplates.king[s])
    if (board_[st.to] == make_piece(by, King)) return true;
  for (const Step& st : kTemplates.advisor[s])
    if (board_[st.to] == make_piece(by, Advisor)) return true;
  for (const Step& st : kTemplates.elephant[s])
    if (board_[st.to] == make_piece(by, Elephant) && board_[st.block] == NoPiece) return true;
  return false;
}

bool Position::in_check() const {
  if (check_ == kUnknown) check_ = general_attacked(king_square(side_), ~side_);
  return check_;
}

bool Position::leaves_general_safe(Move m) const {
  // Play the move on the mailbox and the occupancy vectors only, ask, and put everything back. The
  // const_cast is confined here: the position is restored before returning.
  auto& self = const_cast<Position&>(*this);
  const Square from = m.from(), to = m.to();
  const Piece moved = board_[from], captured = board_[to];
  self.board_[to] = moved;
  self.board_[from] = NoPiece;
  self.toggle_occupancy(from);
  if (!captured) self.toggle_occupancy(to);
  const Square general = type_of(moved) == King ? to : king_square(side_);
  const bool safe = !general_attacked(general, ~side_);
  self.board_[from] = moved;
  self.board_[to] = captured;
  self.toggle_occupancy(from);
  if (!captured) self.toggle_occupancy(to);
  return safe;
}

bool Position::general_step_safe(Move m) const {
  const Square from = m.from(), to = m.to();
  uint16_t rank_occ = rank_occ_[rank_of(to)], file_occ = file_occ_[file_of(to)];
  // The general leaves the line it steps along; whatever stood on `to` is the square asked about,
  // which the line tables never count as a blocker.
  if (rank_of(from) == rank_of(to)) rank_occ ^= uint16_t(1u << file_of(from));
  else file_occ ^= uint16_t(1u << rank_of(from));
  return !attacked_from_afar(to, ~side_, make_piece(~side_, King), rank_occ, file_occ);
}

bool Position::operator==(const Position& other) const {
  if (board_ != other.board_ || side_ != other.side_ || key_ != other.key_ ||
      rank_occ_ != other.rank_occ_ || file_occ_ != other.file_occ_ || quiet_plies_ != other.quiet_plies_ ||
      fullmove_ != other.fullmove_ || counts_ != other.counts_)
    return false;
  // Piece lists may be ordered differently after make/unmake; compare them as sets via the mailbox.
  for (int p = 0; p < kPieceCodes; ++p)
    for (int i = 0; i < counts_[p]; ++i)
      if (other.board_[lists_[p][i]] != Piece(p)) return false;
  return true;
}

}  // namespace jiang
