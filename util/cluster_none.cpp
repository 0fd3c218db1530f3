// join_cluster() of a build without MPI: every run is a cluster of one.
#include <stdexcept>
#include <string>

#include "util/cluster.h"

namespace jiang {

std::unique_ptr<Cluster> join_cluster() {
  if (launched_ranks() > 1)
    throw std::runtime_error("mpirun started " + std::to_string(launched_ranks()) +
                             " processes, but this jiang was built without MPI: each would run the whole job over "
                             "the same files (install libopenmpi-dev and build again, or run it without mpirun)");
  return nullptr;
}

}  // namespace jiang
