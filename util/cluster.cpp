// The cluster of one, and the helpers every cluster shares.
#include "util/cluster.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace jiang {
namespace {

class SingleProcess final : public Cluster {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  void sum(std::vector<int64_t>&) override {}
  void broadcast(std::string&) override {}
  std::vector<std::string> all_gather(const std::string& bytes) override { return {bytes}; }
  std::vector<std::string> gather(const std::string& bytes) override { return {bytes}; }
  [[noreturn]] void abort(int code) override { std::exit(code); }
  double seconds_communicating() const override { return 0; }
};

}  // namespace

int launched_ranks() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"})
    if (const char* value = std::getenv(name)) return std::max(1, std::atoi(value));
  return std::getenv("PMIX_RANK") ? 1 : 0;  // a PMIx launcher that did not say how many
}

Cluster& single_process() {
  static SingleProcess alone;  // stateless: one is enough for the whole program
  return alone;
}

std::string first_error(Cluster& cluster, const std::string& mine) {
  const std::vector<std::string> all = cluster.all_gather(mine);
  for (size_t r = 0; r < all.size(); ++r)
    if (!all[r].empty()) return cluster.size() > 1 ? "rank " + std::to_string(r) + ": " + all[r] : all[r];
  return {};
}

int run_on_cluster(const char* name, int error_code, const std::function<int(Cluster&)>& body) {
  std::unique_ptr<Cluster> joined;
  try {
    joined = join_cluster();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", name, e.what());
    return error_code;
  }
  Cluster& cluster = joined ? *joined : single_process();
  try {
    return body(cluster);
  } catch (const ClusterError& e) {
    if (cluster.is_root()) std::fprintf(stderr, "%s: %s\n", name, e.what());
    return error_code;
  } catch (const std::exception& e) {
    if (cluster.size() == 1) {
      std::fprintf(stderr, "%s: %s\n", name, e.what());
      return error_code;
    }
    std::fprintf(stderr, "%s: rank %d: %s; ending every rank\n", name, cluster.rank(), e.what());
    std::fflush(stderr);
    cluster.abort(error_code);
  }
  return error_code;  // not reached: abort() ends the process (GCC does not see it through the virtual call)
}

}  // namespace jiang
