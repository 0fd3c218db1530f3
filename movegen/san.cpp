#include "movegen/san.h"

#include <cctype>
#include <vector>

#include "movegen/movegen.h"
#include "movegen/notation.h"

namespace jiang {
namespace {

char piece_letter(PieceType t) {
  switch (t) {
    case King: return 'K';
    case Advisor: return 'A';
    case Elephant: return 'E';
    case Horse: return 'H';
    case Rook: return 'R';
    case Cannon: return 'C';
    default: return 0;
  }
}

// The letters other writers use too: N and B (chess's knight and bishop), P for a pawn.
std::optional<PieceType> piece_of_letter(char c) {
  switch (c) {
    case 'K': return King;
    case 'A': return Advisor;
    case 'E': case 'B': return Elephant;
    case 'H': case 'N': return Horse;
    case 'R': return Rook;
    case 'C': return Cannon;
    case 'P': return Pawn;
    default: return std::nullopt;
  }
}

// Another legal move of the same kind of piece to the same square.
bool rival_move(const Position& pos, Move m) {
  MoveList legal;
  generate_legal(pos, legal);
  for (Move o : legal)
    if (o.to() == m.to() && o.from() != m.from() && pos.piece_on(o.from()) == pos.piece_on(m.from())) return true;
  return false;
}

// "e4" for a straight step, else the pawn's file first: "ed4", "exe5". A straight step that a pawn
// beside could also make sideways gets the file too ("cc4"): XBoard's reader takes "c4" for any pawn
// going to c4 and would call it ambiguous (its writer does not see that; found loading our games).
std::string pawn_san(const Position& pos, Move m) {
  const bool capture = pos.piece_on(m.to()) != NoPiece;
  std::string text(1, char('a' + file_of(m.from())));
  const bool straight = file_of(m.from()) == file_of(m.to()) && !capture;
  if (straight && !rival_move(pos, m)) return text + char('0' + rank_of(m.to()));
  return text + (capture ? "x" : "") + to_string(m.to());
}

// The piece's file and/or rank when another piece of its kind could also go to the same square:
// the file if that tells them apart, else the rank, else both (as XBoard, like chess SAN).
std::string disambiguation(const Position& pos, Move m) {
  MoveList legal;
  generate_legal(pos, legal);
  const Piece piece = pos.piece_on(m.from());
  int same_rank = 0, same_file = 0, other = 0;
  for (Move o : legal) {
    if (o.to() != m.to() || o.from() == m.from() || pos.piece_on(o.from()) != piece) continue;
    if (rank_of(o.from()) == rank_of(m.from())) ++same_rank;
    else if (file_of(o.from()) == file_of(m.from())) ++same_file;
    else ++other;
  }
  std::string text;
  if (same_rank || (other && !same_file)) text += char('a' + file_of(m.from()));
  if (same_file) text += char('0' + rank_of(m.from()));
  return text;
}

std::string check_mark(const Position& pos, Move m) {
  Position next = pos;
  next.make_move(m);
  if (!next.in_check()) return "";
  return has_legal_move(next) ? "+" : "#";
}

bool is_file(char c) { return c >= 'a' && c < char('a' + kFiles); }
bool is_rank(char c) { return c >= '0' && c < char('0' + kRanks); }

// What a SAN text says: the kind of piece, where it goes, and what it tells of where it comes from.
struct SanParts {
  PieceType type = Pawn;
  Square to = NoSquare;
  int from_file = -1;  // -1: not given
  int from_rank = -1;
};

std::optional<SanParts> split_san(std::string_view text, std::string& why) {
  while (!text.empty() && std::string_view("+#!?").find(text.back()) != std::string_view::npos) text.remove_suffix(1);
  SanParts parts;
  if (!text.empty() && std::isupper(static_cast<unsigned char>(text[0]))) {
    const std::optional<PieceType> type = piece_of_letter(text[0]);
    if (!type) return why = std::string("unknown piece letter '") + text[0] + "'", std::nullopt;
    parts.type = *type;
    text.remove_prefix(1);
  }
  std::string body;  // without the capture mark
  for (char c : text)
    if (c != 'x' && c != ':') body += c;
  if (body.size() < 2 || body.size() > 4 || !is_file(body[body.size() - 2]) || !is_rank(body.back()))
    return why = "expected a square (a0..i9) at the end", std::nullopt;
  parts.to = make_square(body[body.size() - 2] - 'a', body.back() - '0');
  const std::string prefix = body.substr(0, body.size() - 2);
  size_t i = 0;
  if (i < prefix.size() && is_file(prefix[i])) parts.from_file = prefix[i++] - 'a';
  if (i < prefix.size() && is_rank(prefix[i])) parts.from_rank = prefix[i++] - '0';
  if (i != prefix.size()) return why = "'" + prefix + "' does not name a file or rank", std::nullopt;
  return parts;
}

std::vector<Move> fitting_moves(const Position& pos, const SanParts& parts) {
  MoveList legal;
  generate_legal(pos, legal);
  std::vector<Move> fits;
  for (Move m : legal) {
    if (m.to() != parts.to || type_of(pos.piece_on(m.from())) != parts.type) continue;
    if (parts.from_file >= 0 && file_of(m.from()) != parts.from_file) continue;
    if (parts.from_rank >= 0 && rank_of(m.from()) != parts.from_rank) continue;
    fits.push_back(m);
  }
  // A pawn move without the pawn's file ("e4") is the straight step, as chess SAN and XBoard write it.
  if (parts.type == Pawn && parts.from_file < 0 && fits.size() > 1) {
    std::erase_if(fits, [&](Move m) { return file_of(m.from()) != file_of(m.to()); });
  }
  return fits;
}

}  // namespace

std::string san(const Position& pos, Move m) {
  const PieceType type = type_of(pos.piece_on(m.from()));
  std::string text;
  if (type == Pawn) {
    text = pawn_san(pos, m);
  } else {
    text = std::string(1, piece_letter(type));
    text += disambiguation(pos, m);
    if (pos.piece_on(m.to()) != NoPiece) text += 'x';
    text += to_string(m.to());
  }
  return text + check_mark(pos, m);
}

std::optional<Move> parse_san(const Position& pos, std::string_view text, SanError* error) {
  std::string why;
  const std::optional<SanParts> parts = split_san(text, why);
  std::vector<Move> fits;
  if (parts) {
    fits = fitting_moves(pos, *parts);
    if (fits.empty()) why = "no legal move fits";
    if (fits.size() > 1) why = "ambiguous (" + to_string(fits[0]) + " or " + to_string(fits[1]) + ")";
  }
  if (fits.size() == 1) return fits[0];
  if (error) error->message = std::string("'").append(text).append("': ").append(why);
  return std::nullopt;
}

}  // namespace jiang
