// What a search learns about moves, kept across the searches of one game (a new game clears it): which
// quiet moves and captures cut off (history), which follow which (continuation history), the reply that
// refuted a move (counter move), and how far the static evaluation was from the search's result
// (correction history). One set per search thread.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <algorithm>

#include "movegen/types.h"

namespace jiang {

// A history score that saturates at +-Limit: each update moves it towards the bound by a share of the
// distance left, so old lessons fade as new ones come in.
template <int Limit>
class Stat {
 public:
  operator int() const { return value_; }
  void update(int bonus) {
    const int clamped = std::clamp(bonus, -Limit, Limit);
    value_ = int16_t(value_ + clamped - value_ * std::abs(clamped) / Limit);
  }

 private:
  int16_t value_ = 0;
};

// Limits: large enough for the scores of many updates to stay apart, small enough for int16_t.
inline constexpr int kMainHistoryLimit = 7000;
inline constexpr int kCaptureHistoryLimit = 10000;
inline constexpr int kContinuationLimit = 30000;

// A running average of how far the static evaluation was from the search's result, in centipawns:
// deeper searches weigh more. Bounded, so that a few wild results cannot move the evaluation far.
class Correction {
 public:
  static constexpr int kLimit = 120;        // centipawns at most either way
  static constexpr int kScale = 64;         // fixed-point precision of the average
  static constexpr int kWeightTotal = 256;  // an update of weight w moves the average w/256 of the way
  static constexpr int kMaxWeight = 16;

  int value() const { return value_ / kScale; }
  void update(int error, int depth) {
    const int target = std::clamp(error, -kLimit, kLimit) * kScale;
    const int weight = std::min(depth + 1, kMaxWeight);
    value_ = int16_t((value_ * (kWeightTotal - weight) + target * weight) / kWeightTotal);
  }

 private:
  int16_t value_ = 0;
};

// Continuation history of one (piece, destination): how good each following (piece, destination) was.
using PieceToHistory = std::array<std::array<Stat<kContinuationLimit>, kSquares>, kPieceCodes>;

// Correction history entries per colour, indexed by a hash of the pawn and general placement.
inline constexpr int kCorrectionEntries = 16384;

struct Histories {
  // [colour][from * 90 + to]: quiet moves that cut off, whatever the piece.
  std::array<std::array<Stat<kMainHistoryLimit>, kSquares * kSquares>, kColors> main;
  // [piece][to][captured type]
  std::array<std::array<std::array<Stat<kCaptureHistoryLimit>, kPieceTypes>, kSquares>, kPieceCodes> capture;
  // [previous piece][previous destination]; [0][0] stands for a null move.
  std::array<std::array<PieceToHistory, kSquares>, kPieceCodes> continuation;
  // [previous piece][previous destination]: the quiet move that refuted it last.
  std::array<std::array<Move, kSquares>, kPieceCodes> counter;
  // [side to move][structure hash]: the search result minus the static evaluation, on average (scaled).
  std::array<std::array<Correction, kCorrectionEntries>, kColors> correction;
  // [side to move][owner][hash of the owner's pieces key]: the same error, by each side's other pieces.
  std::array<std::array<std::array<Correction, kCorrectionEntries>, kColors>, kColors> pieces_correction;
  // [previous piece][previous destination]: the same error, by the move that led to the node.
  std::array<std::array<Correction, kSquares>, kPieceCodes> move_correction;

  // Every member is a plain table of integers and moves whose zero means "nothing learnt". (The tables
  // are megabytes: a temporary to assign from would not fit on a thread's stack.)
  void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }
};

inline int from_to(Move m) { return m.from() * kSquares + m.to(); }

}  // namespace jiang
