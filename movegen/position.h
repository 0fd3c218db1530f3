// The board: a mailbox, a 9-bit occupancy vector per rank and a 10-bit one per file, piece lists and a
// Zobrist key, all updated incrementally by make/unmake. Past states live on a stack, so a move is undone
// without copying the position.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "movegen/tables.h"
#include "movegen/types.h"
#include "movegen/zobrist.h"

namespace jiang {

// A FEN that cannot describe a legal Xiangqi position. The message names the field and the reason.
class FenError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

inline constexpr std::string_view kStartFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

// The FEN counters' bounds. Past the 60-move rule's 120 plies every halfmove count means the same (a
// draw), so the clock stops at a bound that no game record needs to exceed; no game lasts 60000 moves,
// and the fullmove number stays well inside its 16 bits. from_fen rejects larger values, and make_move
// stops counting at the bounds, so that every position's FEN reads back as the same position.
inline constexpr int kMaxQuietPlies = 1000;
inline constexpr int kMaxFullmove = 60000;

// Most pieces of one kind a side can have: five pawns, one general, two of everything else.
constexpr int max_pieces(PieceType t) { return t == Pawn ? 5 : t == King ? 1 : 2; }

class Position {
 public:
  // What make_move pushes: enough to undo the move and to look back for repetitions.
  struct Undo {
    uint64_t key;          // the key of the position before the move
    Move move;
    Piece captured;
    uint8_t check;         // whether the side to move was in check before the move (kUnknown if never asked)
    uint16_t quiet_plies;  // plies since the last capture, before the move
    uint16_t fullmove;     // the fullmove number before the move (it stops at kMaxFullmove)
  };
  static constexpr uint8_t kUnknown = 2;

  Position();  // the empty board, Red to move; use from_fen or startpos for a real position
  static Position startpos();
  static Position from_fen(std::string_view fen);  // throws FenError
  std::string fen() const;

  Piece piece_on(Square s) const { return board_[s]; }
  Color side_to_move() const { return side_; }
  uint64_t key() const { return key_; }
  // The key and the count of quiet plies after the pseudo-legal move m, without making it: the search
  // fetches the child's table entry from memory while it still decides whether to search the move.
  // make_move counts quiet plies by quiet_plies_after too.
  uint64_t key_after(Move m) const {
    const Piece p = board_[m.from()], captured = board_[m.to()];
    const uint64_t k = key_ ^ kZobrist.piece_square[p][m.from()] ^ kZobrist.piece_square[p][m.to()] ^
                       kZobrist.black_to_move;
    return captured ? k ^ kZobrist.piece_square[captured][m.to()] : k;
  }
  int quiet_plies_after(Move m) const {
    return board_[m.to()] ? 0 : std::min<int>(quiet_plies_ + 1, kMaxQuietPlies);
  }
  // The key of the pawns and generals alone (the same Zobrist numbers, no side to move): the structure,
  // which the search's correction history learns the evaluation's errors by.
  uint64_t structure_key() const { return structure_key_; }
  // The key of c's other pieces (rooks, horses, cannons, advisors, elephants): a second and third view
  // for the correction history, after Stockfish's non-pawn keys.
  uint64_t pieces_key(Color c) const { return pieces_key_[c]; }
  Square king_square(Color c) const { return lists_[make_piece(c, King)][0]; }
  uint16_t rank_occupancy(int rank) const { return rank_occ_[rank]; }
  uint16_t file_occupancy(int file) const { return file_occ_[file]; }
  int count(Piece p) const { return counts_[p]; }
  // c's rooks, horses, cannons and pawns: the pieces that can cross the river. Advisors and elephants
  // never leave their own half, so a side with none of these can never give check.
  int attackers(Color c) const {
    return count(make_piece(c, Rook)) + count(make_piece(c, Horse)) + count(make_piece(c, Cannon)) +
           count(make_piece(c, Pawn));
  }
  const Square* squares(Piece p) const { return lists_[p].data(); }

  void make_move(Move m);
  void unmake_move();
  void make_null();  // pass: only for null-move pruning, never while in check
  void unmake_null();

  // Whether a general of the other colour standing on s would be attacked by `by`: rooks and cannons
  // along the lines, horses not hobbled, pawns, and `by`'s general along the file (flying general).
  // Advisors and elephants never leave their own half, so they can never attack a general.
  bool general_attacked(Square s, Color by) const;
  // Whether any piece of `by` could capture on s (a piece of the other colour standing there).
  bool attacked(Square s, Color by) const;
  bool in_check() const;
  // Whether making m (pseudo-legal for the side to move) leaves the mover's general safe. Full test.
  bool leaves_general_safe(Move m) const;
  // The same for a step of the general itself (one square), without playing it: the old square is
  // never the leg of a horse attacking the new one, so only the line along the step changes.
  bool general_step_safe(Move m) const;

  // Game record, for repetition and the 60-move rule.
  int quiet_plies() const { return quiet_plies_; }
  int plies_played() const { return int(history_.size()); }
  // Plies since the game began, by the FEN's move number (0 at the start; an opening book's depth).
  int game_ply() const { return 2 * (fullmove_ - 1) + (side_ == Black ? 1 : 0); }
  const Undo& undo_at(int plies_ago) const { return history_[history_.size() - plies_ago]; }
  // Forget the past: the current position becomes the root of the record (keeps memory bounded in
  // long games; the caller decides what history still matters).
  void clear_history() { history_.clear(); }

  bool operator==(const Position& other) const;  // same placement, side and counters; history ignored

 private:
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void toggle_occupancy(Square s);
  void toggle_keys(Piece p, Square s);
  void validate() const;  // FEN-level sanity: throws FenError
  // Rooks, cannons, horses and pawns of `by` that reach s, and `also_along_file` first on s's file.
  // The lines are read through the given occupancies of s's rank and file.
  bool attacked_from_afar(Square s, Color by, Piece also_along_file, uint16_t rank_occ, uint16_t file_occ) const;

  std::array<Piece, kSquares> board_{};
  std::array<uint16_t, kRanks> rank_occ_{};
  std::array<uint16_t, kFiles> file_occ_{};
  std::array<std::array<Square, 5>, kPieceCodes> lists_{};
  std::array<uint8_t, kPieceCodes> counts_{};
  std::array<uint8_t, kSquares> list_index_{};
  Color side_ = Red;
  uint64_t key_ = 0;
  uint64_t structure_key_ = 0;
  std::array<uint64_t, kColors> pieces_key_{};
  uint16_t quiet_plies_ = 0;
  uint16_t fullmove_ = 1;
  mutable uint8_t check_ = kUnknown;  // cached in_check() of the current position
  std::vector<Undo> history_;
};

}  // namespace jiang
