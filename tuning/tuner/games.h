// The "games" objective: the candidate weights play a fixed set of games against baseline weights, in
// pairs from the same opening with colours swapped, through the in-process game code self-play uses.
// loss = 1 - the candidate's score (win 1, draw 1/2). The games are the same for every evaluation
// (same openings, same node or depth limit, fresh tables), so the loss is deterministic.
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
  Params baseline;
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

  // Wins, draws and losses of the candidate in the last evaluation.
  struct Tally {
    int wins = 0, draws = 0, losses = 0;
  };
  Tally last_tally() const { return tally_; }

 private:
  GamesSettings settings_;
  std::vector<std::unique_ptr<GamePlayer>> players_;  // one per thread, kept between evaluations
  Tally tally_;
};

}  // namespace jiang::tuner
