#include "tuning/tuner/games.h"

#include <atomic>
#include <cmath>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace jiang::tuner {

const std::vector<std::string>& builtin_openings() {
  // Common first moves for both sides (central cannon, elephant, horse and pawn openings and the replies
  // to them), each four plies deep, Red to move.
  static const std::vector<std::string> openings = {
      "r1bakab1r/4n4/1c4nc1/p1p1p1p1p/9/6P2/P1P1P3P/B3C2C1/9/RN1AKABNR w - - 6 4",
      "rnbakab1r/9/1c4nc1/p3p3p/2p3p2/7C1/P1P1P1P1P/1CN6/4A4/R1B1KABNR w - - 6 4",
      "r1bakabnr/9/1cn1c4/1Cp1p1pCp/p8/9/P1P1P1P1P/2N6/9/R1BAKABNR w - - 6 4",
      "rnbakabnr/9/1c7/p3p3p/2p3pc1/P8/2P1P1P1P/1C2B2C1/4A4/RN1AK1BNR w - - 6 4",
      "r1bak1bnr/4a4/1cn4c1/p1p1p3p/6p2/2P6/P3P1P1P/1CN1B2C1/9/R2AKABNR w - - 6 4",
      "rnbakab1r/9/1cc3n2/pCp1p3p/6p2/9/P1P1P1P1P/4C4/4A4/RNB1KABNR w - - 6 4",
      "rn2kabnr/4a4/1c2b2c1/p1p1p3p/6p2/8P/P1P1P1P2/1C2B1NC1/9/RN1AKAB1R w - - 6 4",
      "2bakabnr/r8/1cn4c1/p3p1p1p/2p6/1C7/P1P1P1P1P/2N3NC1/9/R1BAKAB1R w - - 6 4",
      "rnbaka2r/9/1c2b1nc1/p3p1p1p/2p6/7C1/P1P1P1P1P/1C4N2/4A4/RNBAK1B1R w - - 6 4",
      "rnbaka1nr/9/1c2b1c2/p3p1p1p/2p6/P8/2P1P1P1P/1CN4C1/4A4/R1B1KABNR w - - 6 4",
      "rnbakabnr/9/1c7/p1p1p1p1p/4c4/1C7/P1P3P1P/4B2C1/4A4/RNB1KA1NR w - - 2 4",
      "rnb1kab1r/4a4/1c4nc1/p1p1p3p/6p2/2P5P/P3P1P2/1C4NC1/9/RNBAKAB1R w - - 6 4",
      "r2akabnr/9/1cn1b4/p1p1p1p1p/7c1/9/P1P1P1P1P/1CN4C1/R3A4/2BAK1BNR w - - 6 4",
      "rnbak1b1r/4a4/1c4n2/p1p1p1p1p/7c1/7C1/P1P1P1P1P/1C2B4/4A4/RNBAK2NR w - - 6 4",
      "r1bakab1r/9/1cn3nc1/p3p1p1p/2p6/7C1/P1P1P1P1P/1CN6/4A4/R1B1KABNR w - - 6 4",
      "rnbakabnr/9/1c4c2/p1p1p3p/9/6p2/P1P1P3P/1CN3NC1/9/R1BAKAB1R w - - 0 4",
  };
  return openings;
}

GamesObjective::GamesObjective(GamesSettings settings) : settings_(std::move(settings)) {
  if (settings_.games < 2 || settings_.games % 2 != 0)
    throw std::invalid_argument("the number of games must be even and at least 2");
  if (settings_.openings.empty()) settings_.openings = builtin_openings();
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
  std::exception_ptr error;
  std::mutex error_mutex;
  auto work = [&](GamePlayer& player) {
    player.set_stop_flag(stop_flag());
    for (int i; (i = next.fetch_add(cluster.size())) < games && !aborted;) {
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
      } catch (...) {
        const std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
        aborted = true;
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < settings_.threads; ++t) pool.emplace_back(work, std::ref(*players_[t]));
  work(*players_[0]);
  for (std::thread& t : pool) t.join();
  agree(cluster, [&] {
    if (error) std::rethrow_exception(error);
  });
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
