// The "games" objective: the candidate plays a fixed set of games against a baseline, in pairs from the
// same opening with colours swapped, through the in-process game code self-play uses.
// loss = 1 - the candidate's score (win 1, draw 1/2). The games are the same for every evaluation
// (same openings, same node or depth limit, fresh tables), so the loss is deterministic. The tuned
// values are the evaluation's weights, or the search's parameters (`search_space`); the candidate keeps
// the rest of its settings from `candidate`. duel() plays two points against each other (SPSA).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "eval/params.h"
#include "tuning/selfplay/game.h"
#include "tuning/tuner/objective.h"
#include "util/cluster.h"

namespace jiang::tuner {

struct GamesSettings {
  int games = 20;                     // a multiple of 2: pairs with colours swapped
  MoveLimits limits{0, 2000};         // per move
  std::vector<std::string> openings;  // start FENs, taken in turn (one per pair); empty: games::builtin_openings
  PlayerSettings baseline;            // loss()'s opponent
  PlayerSettings candidate;           // a candidate's settings but the tuned values
  bool search_space = false;          // the tuned values are the search's parameters, not the weights
  Adjudication adjudication;
  int threads = 1;
  Cluster* cluster = nullptr;  // in a run of several ranks, rank r plays games r, r + N, ... (null: alone)
};

class GamesObjective : public Objective {
 public:
  explicit GamesObjective(GamesSettings settings);
  ~GamesObjective() override;
  double loss(const std::vector<int>& values) override;
  std::optional<double> validation_loss(const std::vector<int>&) override { return std::nullopt; }
  Tally duel(const std::vector<int>& a, const std::vector<int>& b, int64_t round) override;

  // Wins, draws and losses of the candidate (of duel's first side) in the last evaluation.
  Tally last_tally() const { return tally_; }

 private:
  PlayerSettings candidate(const std::vector<int>& values) const;
  // `first` against `second` in the objective's games, pair p from opening (first_pair + p) mod the list's
  // length, spread over the ranks and threads; throws Interrupted when stopped.
  Tally play(const PlayerSettings& first, const PlayerSettings& second, int64_t first_pair);

  GamesSettings settings_;
  std::vector<std::unique_ptr<GamePlayer>> players_;  // one per thread, kept between evaluations
  Tally tally_;
};

}  // namespace jiang::tuner
