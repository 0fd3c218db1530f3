// ICCS moves and the arguments of a `position` command ({startpos | fen F} [moves M...]): the protocol's
// parser and play_moves accept exactly the records whose every move the naive rules call legal, every
// position on the way round-trips through its FEN, and unmaking every move gives the start back.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "engine/protocol/protocol.h"
#include "fuzz/check.h"
#include "fuzz/position_checks.h"
#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "tests/support/naive_rules.h"

using namespace jiang;

namespace {

// Plays the record move by move against the naive rules; returns the position after the legal prefix
// and how many moves that prefix has.
std::pair<Position, size_t> replay(Position pos, const std::vector<std::string>& moves) {
  size_t played = 0;
  for (const std::string& text : moves) {
    const std::optional<Move> m = parse_move(text);
    if (m) fuzz::require(parse_move(to_string(*m)) == m, "an ICCS move reads back from what to_string writes", text);
    const std::vector<std::string> naive = naive::legal_moves(naive::parse_board(pos.fen()));
    const bool legal = m && std::binary_search(naive.begin(), naive.end(), to_string(*m));
    fuzz::require(legal == (m && is_legal(pos, *m)), "is_legal agrees with the naive rules", pos.fen() + " " + text);
    if (!legal) break;
    pos.make_move(*m);
    ++played;
    fuzz::check_fen_round_trip(pos);
  }
  return {pos, played};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  protocol::PositionSpec spec;
  try {
    spec = protocol::parse_position_args(protocol::split_words(text));
  } catch (const protocol::CommandError&) {
    return 0;
  }
  std::optional<Position> accepted;
  try {
    accepted = play_moves(spec.fen, spec.moves);
  } catch (const FenError&) {
  } catch (const MoveError&) {
  }
  Position start;
  try {
    start = Position::from_fen(spec.fen);
  } catch (const FenError&) {
    fuzz::require(!accepted, "play_moves rejects a FEN that from_fen rejects", spec.fen);
    return 0;
  }
  auto [pos, played] = replay(start, spec.moves);
  fuzz::require(accepted.has_value() == (played == spec.moves.size()),
                "play_moves accepts exactly the records whose every move is legal", std::string(text));
  if (accepted) fuzz::require(*accepted == pos, "play_moves reaches the position of the replay", pos.fen());
  fuzz::check_legal_moves(pos);
  for (size_t i = 0; i < played; ++i) pos.unmake_move();
  fuzz::require(pos == start, "unmaking every move gives the start position back", start.fen() + " / " + pos.fen());
  return 0;
}
