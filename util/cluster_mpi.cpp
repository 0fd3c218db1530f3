// The cluster of an MPI job (built only when CMake finds MPI): OpenMPI's collective operations on
// MPI_COMM_WORLD. Only the thread that joined calls MPI (self-play's writer, the tuner's driver; their
// worker threads never do), so MPI_THREAD_FUNNELED is all it asks for.
#include <mpi.h>

#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#include "util/cluster.h"

namespace jiang {
namespace {

// MPI counts are ints: a message of 2 GB or more cannot be one call. None of ours comes near (the
// largest is a gradient by block: 3.5 KB a block of 4096 positions), so that ends the job.
int count_of(size_t bytes) {
  if (bytes > size_t(INT_MAX)) {
    std::fprintf(stderr, "jiang: a message of %zu bytes is too large for one MPI call\n", bytes);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return int(bytes);
}

std::vector<std::string> split(const std::string& all, const std::vector<int>& sizes) {
  std::vector<std::string> parts;
  size_t at = 0;
  for (int n : sizes) {
    parts.push_back(all.substr(at, size_t(n)));
    at += size_t(n);
  }
  return parts;
}

std::vector<int> offsets(const std::vector<int>& sizes) {
  std::vector<int> at(sizes.size(), 0);
  size_t total = 0;
  for (size_t r = 0; r < sizes.size(); ++r) {
    at[r] = count_of(total);
    total += size_t(sizes[r]);
  }
  count_of(total);
  return at;
}

// Waits for a non-blocking operation: polling at first (a collective of ranks in step ends within
// microseconds), then with short sleeps, so that a rank waiting for the others (self-play's exchange, a
// rank with a smaller shard) leaves its core to its own worker threads instead of spinning on it as
// MPI's blocking calls do.
constexpr auto kPollFor = std::chrono::microseconds(200);
constexpr auto kSleepBetweenPolls = std::chrono::microseconds(100);

void wait(MPI_Request& request) {
  const auto start = std::chrono::steady_clock::now();
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    if (std::chrono::steady_clock::now() - start > kPollFor) std::this_thread::sleep_for(kSleepBetweenPolls);
  }
}

// Adds the time from its making to its end to `total`.
class Timed {
 public:
  explicit Timed(double& total) : total_(total), start_(std::chrono::steady_clock::now()) {}
  ~Timed() { total_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  Timed(const Timed&) = delete;
  Timed& operator=(const Timed&) = delete;

 private:
  double& total_;
  std::chrono::steady_clock::time_point start_;
};

class MpiCluster final : public Cluster {
 public:
  MpiCluster() {
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
      throw std::runtime_error("MPI could not start");
    if (provided < MPI_THREAD_FUNNELED) {
      MPI_Finalize();
      throw std::runtime_error("this MPI cannot be used by a program with threads (MPI_THREAD_FUNNELED)");
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  ~MpiCluster() override { MPI_Finalize(); }
  MpiCluster(const MpiCluster&) = delete;
  MpiCluster& operator=(const MpiCluster&) = delete;

  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void sum(std::vector<int64_t>& values) override {
    const Timed timed(seconds_);
    MPI_Request request;
    MPI_Iallreduce(MPI_IN_PLACE, values.data(), count_of(values.size()), MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD, &request);
    wait(request);
  }

  void broadcast(std::string& bytes) override {
    const Timed timed(seconds_);
    uint64_t size = bytes.size();
    MPI_Request request;
    MPI_Ibcast(&size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD, &request);
    wait(request);
    bytes.resize(size);
    MPI_Ibcast(bytes.data(), count_of(size), MPI_BYTE, 0, MPI_COMM_WORLD, &request);
    wait(request);
  }

  std::vector<std::string> all_gather(const std::string& bytes) override {
    const Timed timed(seconds_);
    int mine = count_of(bytes.size());
    std::vector<int> sizes(size_t(size_), 0);
    MPI_Request request;
    MPI_Iallgather(&mine, 1, MPI_INT, sizes.data(), 1, MPI_INT, MPI_COMM_WORLD, &request);
    wait(request);
    const std::vector<int> at = offsets(sizes);
    std::string all(size_t(at.back()) + size_t(sizes.back()), '\0');
    MPI_Iallgatherv(bytes.data(), mine, MPI_BYTE, all.data(), sizes.data(), at.data(), MPI_BYTE, MPI_COMM_WORLD,
                    &request);
    wait(request);
    return split(all, sizes);
  }

  std::vector<std::string> gather(const std::string& bytes) override {
    const Timed timed(seconds_);
    int mine = count_of(bytes.size());
    std::vector<int> sizes(size_t(size_), 0);
    MPI_Request request;
    MPI_Igather(&mine, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
    wait(request);
    if (!is_root()) {
      MPI_Igatherv(bytes.data(), mine, MPI_BYTE, nullptr, nullptr, nullptr, MPI_BYTE, 0, MPI_COMM_WORLD, &request);
      wait(request);
      return {};
    }
    const std::vector<int> at = offsets(sizes);
    std::string all(size_t(at.back()) + size_t(sizes.back()), '\0');
    MPI_Igatherv(bytes.data(), mine, MPI_BYTE, all.data(), sizes.data(), at.data(), MPI_BYTE, 0, MPI_COMM_WORLD,
                 &request);
    wait(request);
    return split(all, sizes);
  }

  double seconds_communicating() const override { return seconds_; }

  [[noreturn]] void abort(int code) override {
    MPI_Abort(MPI_COMM_WORLD, code);
    std::_Exit(code);  // MPI_Abort does not return; this only tells the compiler so
  }

 private:
  int rank_ = 0, size_ = 1;
  double seconds_ = 0;
};

}  // namespace

std::unique_ptr<Cluster> join_cluster() {
  // Started alone, this process stays a cluster of one: MPI_Init would make a job of one, slower to start
  // for nothing.
  if (launched_ranks() == 0) return nullptr;
  return std::make_unique<MpiCluster>();
}

}  // namespace jiang
