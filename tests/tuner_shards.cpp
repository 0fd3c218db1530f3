// The tuner over several ranks without MPI: ranks as threads of this process (an in-process cluster
// with the semantics of util/cluster.h), so that the sharded code paths run here and under the
// sanitizers. The real `mpirun` runs are tests/mpi_tests.cmake.
#include <catch2/catch.hpp>

#include <condition_variable>
#include <fstream>
#include <mutex>
#include <thread>

#include "tests/tuner_support.h"
#include "tuning/tuner/games.h"
#include "util/cluster.h"

using namespace jiang;
using namespace jiang::tuner;
using namespace jiang::tuner_test;

namespace {

// The ranks' meeting point: every operation is an all-gather of bytes, two barriers around the slots.
class Hub {
 public:
  explicit Hub(int ranks) : slots_(size_t(ranks)) {}
  std::vector<std::string> exchange(int rank, const std::string& bytes) {
    std::unique_lock lock(mutex_);
    slots_[size_t(rank)] = bytes;
    arrive(lock);
    std::vector<std::string> all = slots_;
    arrive(lock);  // nobody writes the next operation's slot before everyone has read this one
    return all;
  }

 private:
  void arrive(std::unique_lock<std::mutex>& lock) {
    const uint64_t generation = generation_;
    if (++arrived_ == int(slots_.size())) {
      arrived_ = 0;
      ++generation_;
      cv_.notify_all();
    } else {
      cv_.wait(lock, [&] { return generation_ != generation; });
    }
  }
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<std::string> slots_;
  int arrived_ = 0;
  uint64_t generation_ = 0;
};

class ThreadRank final : public Cluster {
 public:
  ThreadRank(Hub& hub, int rank, int size) : hub_(hub), rank_(rank), size_(size) {}
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  void sum(std::vector<int64_t>& values) override {
    const std::vector<int64_t> all = all_gather_values(*this, values);
    for (size_t i = 0; i < values.size(); ++i) {
      values[i] = 0;
      for (int r = 0; r < size_; ++r) values[i] += all[size_t(r) * values.size() + i];
    }
  }
  void broadcast(std::string& bytes) override { bytes = hub_.exchange(rank_, bytes)[0]; }
  std::vector<std::string> all_gather(const std::string& bytes) override { return hub_.exchange(rank_, bytes); }
  std::vector<std::string> gather(const std::string& bytes) override {
    std::vector<std::string> all = hub_.exchange(rank_, bytes);
    return is_root() ? all : std::vector<std::string>{};
  }
  [[noreturn]] void abort(int) override { std::abort(); }
  double seconds_communicating() const override { return 0; }

 private:
  Hub& hub_;
  int rank_, size_;
};

// Runs body(cluster) on `ranks` threads, one rank each; returns rank 0's result.
template <typename Result, typename Body>
Result on_ranks(int ranks, Body body) {
  Hub hub(ranks);
  std::vector<Result> results(static_cast<size_t>(ranks));
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r)
    threads.emplace_back([&, r] {
      ThreadRank rank(hub, r, ranks);
      results[size_t(r)] = body(rank);
    });
  for (std::thread& t : threads) t.join();
  return results[0];
}

// The first 5000 positions of the sample: 4500 training positions, two blocks (the second short), and
// 500 for validation, one block: enough for every shape of shard, small enough for the sanitizer build.
constexpr int kPositions = 5000;

std::filesystem::path small_sample() {
  static const std::filesystem::path path = [] {
    const std::filesystem::path p = temp_dir("shards-data") / "sample.txt";
    std::ifstream in(JIANG_DATA_DIR "/selfplay-sample.txt");
    std::ofstream out(p);
    int positions = 0;
    for (std::string line; std::getline(in, line) && positions < kPositions;) {
      out << line << '\n';
      if (!line.empty() && line[0] != '#') ++positions;
    }
    return p;
  }();
  return path;
}

TuneConfig sample_config(const std::string& algorithm, const std::vector<std::string>& params) {
  TuneConfig c;
  c.algorithm = algorithm;
  c.data = small_sample().string();
  c.params = params;
  c.validation = 0.1;
  return c;
}

}  // namespace

TEST_CASE("Shards are whole blocks, the ranks in order, covering the set", "[tuner][shards]") {
  for (size_t n : {size_t(0), size_t(1), kTraceBlock, kTraceBlock + 1, 3 * kTraceBlock + 7, 10 * kTraceBlock})
    for (int count : {1, 2, 3, 5}) {
      size_t next = 0;
      for (int r = 0; r < count; ++r) {
        const auto [first, end] = shard_range(n, Shard{r, count});
        CHECK(first == next);
        CHECK(first <= end);
        CHECK((first % kTraceBlock == 0 || first == n));
        next = end;
      }
      CHECK(next == n);
    }
}

TEST_CASE("The shards of a data set are its sets cut in whole blocks", "[tuner][shards]") {
  const std::vector<LabelledPosition> positions = read_positions(small_sample());
  const TexelData whole = prepare_texel_data(positions, 0.1, 5, Params(), 2);
  REQUIRE(whole.train.size() > kTraceBlock);  // both ranks below hold some training positions
  std::vector<float> train, validation;
  std::vector<std::string> leaves;
  for (int r = 0; r < 2; ++r) {
    const TexelData shard = prepare_texel_data(positions, 0.1, 5, Params(), 2, nullptr, Shard{r, 2});
    CHECK(shard.fingerprint == whole.fingerprint);
    CHECK(shard.train.total_size() == whole.train.size());
    CHECK(shard.validation.total_size() == whole.validation.size());
    CHECK(shard.train.size() % kTraceBlock == (r == 0 ? 0 : whole.train.size() % kTraceBlock));
    train.insert(train.end(), shard.train.results.begin(), shard.train.results.end());
    validation.insert(validation.end(), shard.validation.results.begin(), shard.validation.results.end());
    for (const Position& p : shard.train.leaves) leaves.push_back(p.fen());
  }
  CHECK(train == whole.train.results);
  CHECK(validation == whole.validation.results);
  std::vector<std::string> whole_leaves;
  for (const Position& p : whole.train.leaves) whole_leaves.push_back(p.fen());
  CHECK(leaves == whole_leaves);
}

TEST_CASE("A run over 2 or 3 ranks ends with the weights of one process (hc, adam)", "[tuner][shards]") {
  const std::filesystem::path dir = temp_dir("shards-runs");
  // hc on 2 ranks; adam on 3, of which rank 0 holds no training position (2 blocks for 3 ranks).
  struct Case {
    std::string algorithm;
    int64_t iterations;
    int ranks;
  };
  for (const Case& c : {Case{"hc", 5, 2}, Case{"adam", 3, 3}}) {
    const TuneConfig config = sample_config(c.algorithm, {"material.rook.mg", "material.cannon.eg", "tempo"});
    const CapturedLog log;
    const std::filesystem::path one_out = dir / (c.algorithm + "-1.json"), many_out = dir / (c.algorithm + "-n.json");
    RunOptions alone = run_options(one_out, log, 2);
    alone.iterations = c.iterations;
    const TuneOutcome one = run_tune(config, alone);
    const TuneOutcome many = on_ranks<TuneOutcome>(c.ranks, [&](Cluster& cluster) {
      RunOptions o = run_options(many_out, log, 1);
      o.iterations = c.iterations;
      o.cluster = &cluster;
      return run_tune(config, o);
    });
    CHECK(many.best == one.best);
    CHECK(many.best_loss == one.best_loss);
    CHECK(many.best_validation_loss == one.best_validation_loss);
    CHECK(many.k == one.k);
    CHECK(many.train_positions == one.train_positions);
    CHECK(read_text(many_out) == read_text(one_out));
  }
}

TEST_CASE("An error on one rank alone ends the run on every rank with its message", "[tuner][shards]") {
  const std::filesystem::path dir = temp_dir("shards-error");
  const TuneConfig config = sample_config("hc", {"tempo"});
  const CapturedLog log;
  // Rank 0 alone writes the files; its --out cannot be written.
  std::vector<std::string> errors(2);
  on_ranks<int>(2, [&](Cluster& cluster) {
    RunOptions o = run_options(dir / "no-such-dir" / "out.json", log, 1);
    o.iterations = 2;
    o.cluster = &cluster;
    try {
      run_tune(config, o);
    } catch (const ClusterError& e) {
      errors[size_t(cluster.rank())] = e.what();
    }
    return 0;
  });
  for (const std::string& e : errors) CHECK_THAT(e, Catch::StartsWith("rank 0: cannot write"));
}

TEST_CASE("The games objective spread over 2 ranks gives one process's loss", "[tuner][shards][games]") {
  GamesSettings settings;
  settings.games = 6;
  settings.limits = MoveLimits{0, 150};
  settings.baseline.weights = perturbed({{"tempo", 30}});
  const std::vector<int> candidate = Params().values();
  GamesObjective alone(settings);
  const double one = alone.loss(candidate);
  const double two = on_ranks<double>(2, [&](Cluster& cluster) {
    GamesSettings mine = settings;
    mine.cluster = &cluster;
    GamesObjective objective(mine);
    return objective.loss(candidate);
  });
  CHECK(two == one);
}
