// The processes of one run spread over machines: what self-play and the tuner need of MPI, and nothing
// else of it. A run started by `mpirun -np N` joins the job as one of N ranks; any other run (and every
// build without MPI) is a cluster of one, whose operations return at once and change nothing, so code
// written against this interface behaves exactly as before when it runs alone.
//
// Every operation is collective: every rank calls it, in the same order, or the job hangs. Callers keep
// to that by taking the same decisions on every rank (from the same data, or from what rank 0 broadcast).
// Bytes travel as they are in memory: the ranks must share one architecture (a homogeneous cluster).
#pragma once

#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace jiang {

class Cluster {
 public:
  virtual ~Cluster() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  bool is_root() const { return rank() == 0; }

  // Every rank's `values` become the element-wise sums over the ranks: integers, so exact in any order.
  virtual void sum(std::vector<int64_t>& values) = 0;
  // Rank 0's bytes replace every other rank's.
  virtual void broadcast(std::string& bytes) = 0;
  // Every rank's bytes, in rank order, to every rank.
  virtual std::vector<std::string> all_gather(const std::string& bytes) = 0;
  // Every rank's bytes, in rank order, to rank 0 (the others get an empty list).
  virtual std::vector<std::string> gather(const std::string& bytes) = 0;
  // Ends every rank of the job at once with `code` (the way out of an error that not every rank saw).
  [[noreturn]] virtual void abort(int code) = 0;
  // The time this rank spent in the operations above: sending, receiving and waiting for the others.
  virtual double seconds_communicating() const = 0;
};

// The cluster of one: this process alone.
Cluster& single_process();

// How many processes the launcher (mpirun) started with this one, from the variables it sets: OpenMPI's,
// and the PMI ones of MPICH and Slurm; 0 when this process was not started by a launcher.
int launched_ranks();

// The job `mpirun` started this process in (MPI initialised here, finalised when the result is
// destroyed), or null when this process runs alone (not started by mpirun): then single_process() stands
// in. Throws std::runtime_error if MPI cannot start, or if mpirun started several processes and this
// jiang was built without MPI (each would otherwise run the whole job, over the same files).
std::unique_ptr<Cluster> join_cluster();

// An error every rank of the job throws together (see agree()): rank 0 reports it, and every rank ends
// normally with the same exit code.
class ClusterError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Runs a command's `body` on the job this process was started in (or alone) and returns its exit code.
// An error every rank agreed on (ClusterError) is printed by rank 0 ("NAME: message") and gives
// `error_code` on every rank. Any other error is printed by the rank that met it; alone the command then
// returns `error_code`, in a job of several it ends the whole job with it (that rank cannot tell where the
// others are, and leaving would have them wait for it for ever).
int run_on_cluster(const char* name, int error_code, const std::function<int(Cluster&)>& body);

// Whether `mine` is true on any rank.
inline bool any(Cluster& cluster, bool mine) {
  std::vector<int64_t> flag{mine ? 1 : 0};
  cluster.sum(flag);
  return flag[0] != 0;
}

// The message of the lowest rank whose `mine` is not empty ("rank R: " before it when there are several
// ranks), or empty if none has one.
std::string first_error(Cluster& cluster, const std::string& mine);

// Runs `step` on every rank, then makes the ranks agree on how it went. Alone, `step`'s exception (if
// any) passes unchanged. In a job of several, if `step` threw on any rank, every rank throws ClusterError
// with the first failing rank's message: an error on one rank (a file it cannot read) ends the whole run
// instead of leaving the others waiting in the next collective operation.
template <typename Step>
void agree(Cluster& cluster, Step&& step) {
  if (cluster.size() == 1) {
    step();
    return;
  }
  std::string error;
  try {
    step();
  } catch (const ClusterError&) {
    throw;  // agreed already: every rank throws it
  } catch (const std::exception& e) {
    error = e.what();
    if (error.empty()) error = "an error without a message";
  }
  const std::string first = first_error(cluster, error);
  if (!first.empty()) throw ClusterError(first);
}

// Every rank's `values` (of a type copied as plain bytes), concatenated in rank order, on every rank.
template <typename T>
std::vector<T> all_gather_values(Cluster& cluster, const std::vector<T>& values) {
  static_assert(std::is_trivially_copyable_v<T>);
  const std::string mine(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
  std::vector<T> all;
  for (const std::string& part : cluster.all_gather(mine)) {
    const size_t at = all.size();
    all.resize(at + part.size() / sizeof(T));
    if (!part.empty()) std::memcpy(all.data() + at, part.data(), part.size());
  }
  return all;
}

// Rank 0's `values` replace every other rank's.
template <typename T>
void broadcast_values(Cluster& cluster, std::vector<T>& values) {
  static_assert(std::is_trivially_copyable_v<T>);
  std::string bytes(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
  cluster.broadcast(bytes);
  values.resize(bytes.size() / sizeof(T));
  if (!bytes.empty()) std::memcpy(values.data(), bytes.data(), bytes.size());
}

}  // namespace jiang
