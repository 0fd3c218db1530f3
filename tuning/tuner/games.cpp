#include "tuning/tuner/games.h"

#include <atomic>
#include <cmath>
#include <stdexcept>

#include "games/openings.h"
#include "util/threads.h"

namespace jiang::tuner {

GamesObjective::GamesObjective(GamesSettings settings) : settings_(std::move(settings)) {
  if (settings_.games < 2 || settings_.games % 2 != 0)
    throw std::invalid_argument("the number of games must be even and at least 2");
  if (settings_.openings.empty()) settings_.openings = games::builtin_openings();
  settings_.threads = std::max(1, std::min(settings_.threads, settings_.games));
  for (int t = 0; t < settings_.threads; ++t) players_.push_back(std::make_unique<GamePlayer>());
}

GamesObjective::~GamesObjective() = default;

double GamesObjective::loss(const std::vector<int>& values) {
  Params candidate;
  candidate.set_values(values);
  Cluster& cluster = settings_.cluster ? *settings_.cluster : single_process();
  const int games = settings_.games;
  // Game i: pair i / 2 plays opening (i / 2) mod the list's length; the candidate has Red in the first
  // game of a pair and Black in the second. This rank plays games rank, rank + ranks, ...; each game's
  // score lands in its own slot.
  std::vector<double> scores(games, -1.0);  // -1: another rank's game
  std::atomic<int> next{cluster.rank()};
  std::atomic<bool> aborted{false};
  FirstError error;  // a game that failed: every thread stops, and every rank throws it (agree)
  run_threads(settings_.threads, error, [&](int t) {
    GamePlayer& player = *players_[t];
    player.set_stop_flag(stop_flag());
    for (int i; !aborted && !error.failed() && (i = next.fetch_add(cluster.size())) < games;) {
      const bool candidate_red = i % 2 == 0;
      const std::string& fen = settings_.openings[size_t(i / 2) % settings_.openings.size()];
      try {
        const GameRecord game = player.play(fen, candidate_red ? candidate : settings_.baseline,
                                            candidate_red ? settings_.baseline : candidate, settings_.limits,
                                            settings_.adjudication);
        const double red = red_score(game.result);
        scores[i] = candidate_red ? red : 1.0 - red;
      } catch (const GameAborted&) {
        aborted = true;
      }
    }
  });
  agree(cluster, [&] { error.rethrow(); });
  // Counted in whole games and half points, integers: the same sums over any number of ranks.
  std::vector<int64_t> counts{0, 0, 0, 0, aborted ? 1 : 0};  // wins, draws, losses, half points, aborted
  for (double s : scores) {
    if (s < 0) continue;
    ++counts[s == 1.0 ? 0 : s == 0.0 ? 2 : 1];
    counts[3] += std::llround(2 * s);
  }
  cluster.sum(counts);
  if (counts[4] > 0) throw Interrupted();
  tally_ = Tally{int(counts[0]), int(counts[1]), int(counts[2])};
  count_evaluation();
  return 1.0 - double(counts[3]) / 2.0 / games;
}

}  // namespace jiang::tuner
