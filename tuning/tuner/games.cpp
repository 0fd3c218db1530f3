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

PlayerSettings GamesObjective::candidate(const std::vector<int>& values) const {
  PlayerSettings player = settings_.candidate;
  if (settings_.search_space)
    player.search.set_values(values);
  else
    player.weights.set_values(values);
  return player;
}

double GamesObjective::loss(const std::vector<int>& values) {
  tally_ = play(candidate(values), settings_.baseline, 0);
  count_evaluation();
  return 1.0 - (double(tally_.wins) + 0.5 * double(tally_.draws)) / double(settings_.games);
}

Tally GamesObjective::duel(const std::vector<int>& a, const std::vector<int>& b, int64_t round) {
  tally_ = play(candidate(a), candidate(b), round * (settings_.games / 2));
  count_evaluation();
  return tally_;
}

Tally GamesObjective::play(const PlayerSettings& first, const PlayerSettings& second, int64_t first_pair) {
  Cluster& cluster = settings_.cluster ? *settings_.cluster : single_process();
  const int games = settings_.games;
  // Game i: pair i / 2 plays opening (first_pair + i / 2) mod the list's length; `first` has Red in the
  // first game of a pair and Black in the second. This rank plays games rank, rank + ranks, ...; each
  // game's score lands in its own slot.
  std::vector<double> scores(games, -1.0);  // -1: another rank's game
  std::atomic<int> next{cluster.rank()};
  std::atomic<bool> aborted{false};
  FirstError error;  // a game that failed: every thread stops, and every rank throws it (agree)
  const auto openings = int64_t(settings_.openings.size());
  run_threads(settings_.threads, error, [&](int t) {
    GamePlayer& player = *players_[t];
    player.set_stop_flag(stop_flag());
    for (int i; !aborted && !error.failed() && (i = next.fetch_add(cluster.size())) < games;) {
      const bool first_red = i % 2 == 0;
      const std::string& fen = settings_.openings[size_t((first_pair + i / 2) % openings)];
      try {
        const GameRecord game = player.play(fen, first_red ? first : second, first_red ? second : first,
                                            settings_.limits, settings_.adjudication);
        const double red = red_score(game.result);
        scores[i] = first_red ? red : 1.0 - red;
      } catch (const GameAborted&) {
        aborted = true;
      }
    }
  });
  agree(cluster, [&] { error.rethrow(); });
  // Counted in whole games, integers: the same sums over any number of ranks.
  std::vector<int64_t> counts{0, 0, 0, aborted ? 1 : 0};  // wins, draws, losses, aborted
  for (double s : scores)
    if (s >= 0) ++counts[s == 1.0 ? 0 : s == 0.0 ? 2 : 1];
  cluster.sum(counts);
  if (counts[3] > 0) throw Interrupted();
  return Tally{counts[0], counts[1], counts[2]};
}

}  // namespace jiang::tuner
