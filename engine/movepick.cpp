#include "engine/movepick.h"

#include <algorithm>

#include "engine/see.h"

namespace jiang {
namespace {

// A capture's ordering score: the victim's value dominates (weighted so that a pawn is worth 800), and
// capture history, bounded by kCaptureHistoryLimit, can reorder captures of similar victims.
constexpr int kVictimWeight = 8;
// A capture counts as good when its exchange loses no more than this share of its ordering score: an
// even trade whose history says it works is tried before the quiet moves.
constexpr int kGoodCaptureSlackDivisor = 64;
// In check, captures of the checker or of anything else come before the quiet evasions.
constexpr int kEvasionCaptureBonus = 1 << 20;
// The move just before counts twice: the reply to it is what continuation history knows best.
constexpr int kLastMoveWeight = 2;

}  // namespace

MovePicker::MovePicker(const Position& pos, const Histories& histories, const ContinuationTables& continuation,
                       Move hash_move, const std::array<Move, 2>& killers, Move counter)
    : pos_(pos), histories_(histories), continuation_(continuation),
      hash_move_(hash_move && is_pseudo_legal(pos, hash_move) ? hash_move : Move::none()),
      refutations_{killers[0], killers[1], counter},
      stage_(pos.in_check() ? Stage::EvasionHash : Stage::MainHash) {
  if (!hash_move_) stage_ = Stage(int(stage_) + 1);
}

MovePicker::MovePicker(const Position& pos, const Histories& histories, const ContinuationTables& continuation,
                       Move hash_move)
    : pos_(pos), histories_(histories), continuation_(continuation), stage_(Stage::QsearchHash) {
  const bool in_check = pos.in_check();
  if (in_check) stage_ = Stage::EvasionHash;
  // Outside check, quiescence searches captures only: a quiet hash move is not one of them.
  if (hash_move && is_pseudo_legal(pos, hash_move) && (in_check || pos.piece_on(hash_move.to()) != NoPiece))
    hash_move_ = hash_move;
  else
    stage_ = Stage(int(stage_) + 1);
}

int MovePicker::capture_score(Move m) const {
  const Piece mover = pos_.piece_on(m.from());
  const PieceType victim = type_of(pos_.piece_on(m.to()));
  return kVictimWeight * kSeeValue[victim] + histories_.capture[mover][m.to()][victim];
}

int MovePicker::quiet_score(Move m) const {
  const Piece mover = pos_.piece_on(m.from());
  int score = histories_.main[pos_.side_to_move()][from_to(m)];
  score += kLastMoveWeight * (*continuation_[0])[mover][m.to()];
  for (int i = 1; i < kContinuationPlies; ++i) score += (*continuation_[i])[mover][m.to()];
  return score;
}

bool MovePicker::is_special_quiet(Move m) const {
  // Written out rather than std::find: it runs for every quiet move generated, and the loop was not
  // inlined (1.4% of bench's instructions).
  static_assert(std::tuple_size_v<decltype(refutations_)> == 3, "the hash move and three refutations");
  return m == hash_move_ || m == refutations_[0] || m == refutations_[1] || m == refutations_[2];
}

bool MovePicker::usable_quiet(Move m) const {
  return m && m != hash_move_ && pos_.piece_on(m.to()) == NoPiece && is_pseudo_legal(pos_, m);
}

Move MovePicker::next(bool skip_quiets) {
  while (true) {
    switch (stage_) {
      case Stage::MainHash:
      case Stage::EvasionHash:
      case Stage::QsearchHash:
        stage_ = Stage(int(stage_) + 1);
        return hash_move_;

      case Stage::CaptureInit:
      case Stage::QsearchInit: {
        MoveList list;
        generate<GenType::Captures>(pos_, list);
        batch_.clear();
        for (Move m : list)
          if (m != hash_move_) batch_.push(m, capture_score(m));
        stage_ = Stage(int(stage_) + 1);
        break;
      }

      case Stage::GoodCaptures:
        while (const auto m = batch_.pop_best()) {
          if (see_ge(pos_, m->move, -m->score / kGoodCaptureSlackDivisor)) return m->move;
          bad_captures_.push(m->move, m->score);
        }
        stage_ = Stage::Killer1;
        break;

      case Stage::Killer1:
      case Stage::Killer2:
      case Stage::Counter: {
        const int index = int(stage_) - int(Stage::Killer1);
        const Move m = refutations_[index];
        stage_ = Stage(int(stage_) + 1);
        // The counter move may repeat a killer; each is returned once.
        const bool repeated = std::find(refutations_.begin(), refutations_.begin() + index, m) !=
                              refutations_.begin() + index;
        if (!skip_quiets && !repeated && usable_quiet(m)) return m;
        break;
      }

      case Stage::QuietInit: {
        batch_.clear();
        if (!skip_quiets) {
          MoveList list;
          generate<GenType::Quiets>(pos_, list);
          for (Move m : list)
            if (!is_special_quiet(m)) batch_.push(m, quiet_score(m));
        }
        stage_ = Stage::Quiets;
        break;
      }

      case Stage::Quiets:
        if (!skip_quiets)
          if (const auto m = batch_.pop_in_order()) return m->move;
        stage_ = Stage::BadCaptures;
        break;

      case Stage::BadCaptures:
        if (const auto m = bad_captures_.pop_front()) return m->move;
        stage_ = Stage::Done;
        break;

      case Stage::EvasionInit: {
        MoveList list;
        generate<GenType::All>(pos_, list);
        batch_.clear();
        for (Move m : list) {
          if (m == hash_move_) continue;
          const bool capture = pos_.piece_on(m.to()) != NoPiece;
          batch_.push(m, capture ? kEvasionCaptureBonus + capture_score(m) : quiet_score(m));
        }
        stage_ = Stage::Evasions;
        break;
      }

      case Stage::Evasions:
      case Stage::QsearchCaptures:
        if (const auto m = batch_.pop_best()) return m->move;
        stage_ = Stage::Done;
        break;

      case Stage::Done:
        return Move::none();
    }
  }
}

}  // namespace jiang
