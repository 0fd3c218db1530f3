#include "engine/ordering.h"

#include <algorithm>
#include <cstdlib>

namespace jiang {
namespace {

// Score bands: each band is above every score of the bands after it.
constexpr int kHashMoveScore = 1 << 30;
constexpr int kCaptureBase = 1 << 24;
constexpr int kKillerScore = 1 << 20;
// Victim value dominates: the attacker term, at most kMaxAttackerValue / kAttackerDivisor = 31, is
// smaller than the victim weight.
constexpr int kVictimWeight = 32;
constexpr int kMaxAttackerValue = 1023;
constexpr int kAttackerDivisor = 32;
constexpr int kHistoryBonusCap = 400;  // depth^2 bonus stops growing past depth 20

}  // namespace

void OrderingHistory::clear() {
  killers_ = {};
  history_ = {};
}

void OrderingHistory::add_killer(int ply, Move m) {
  if (ply >= kMaxKillerPly || killers_[ply][0] == m) return;
  killers_[ply][1] = killers_[ply][0];
  killers_[ply][0] = m;
}

void OrderingHistory::adjust(Piece p, Square to, int bonus) {
  // Gravity: scores saturate at kHistoryMax instead of growing without bound.
  int& h = history_[p][to];
  h += bonus - h * std::abs(bonus) / kHistoryMax;
}

void OrderingHistory::update(const Position& pos, Move best, const Move* tried, int tried_count, int depth) {
  const int bonus = std::min(depth * depth, kHistoryBonusCap);
  adjust(pos.piece_on(best.from()), best.to(), bonus);
  for (int i = 0; i < tried_count; ++i)
    if (tried[i] != best) adjust(pos.piece_on(tried[i].from()), tried[i].to(), -bonus);
}

MovePicker::MovePicker(const Position& pos, const Evaluator& eval, const OrderingHistory& history, Move hash_move,
                       int ply, bool captures_only) {
  if (captures_only) generate<GenType::Captures>(pos, moves_);
  else generate<GenType::All>(pos, moves_);
  const auto& killers = history.killers(std::min(ply, kMaxKillerPly - 1));
  for (int i = 0; i < moves_.size(); ++i) {
    const Move m = moves_[i];
    const Piece mover = pos.piece_on(m.from()), victim = pos.piece_on(m.to());
    int score;
    if (m == hash_move) score = kHashMoveScore;
    // Most valuable victim first; among equal victims, the least valuable attacker (a legal capture by
    // the general is never recaptured, so its value of zero ranks it first).
    else if (victim)
      score = kCaptureBase + eval.piece_value(type_of(victim)) * kVictimWeight -
              std::min(eval.piece_value(type_of(mover)), kMaxAttackerValue) / kAttackerDivisor;
    else if (m == killers[0]) score = kKillerScore + 1;
    else if (m == killers[1]) score = kKillerScore;
    else score = history.history(mover, m.to());
    scores_[i] = score;
  }
}

Move MovePicker::next() {
  if (current_ >= moves_.size()) return Move::none();
  int best = current_;
  for (int i = current_ + 1; i < moves_.size(); ++i)
    if (scores_[i] > scores_[best]) best = i;
  std::swap(moves_[current_], moves_[best]);
  std::swap(scores_[current_], scores_[best]);
  return moves_[current_++];
}

}  // namespace jiang
