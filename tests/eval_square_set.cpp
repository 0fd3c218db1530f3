// The evaluation's square sets (movegen/square_set.h): a line's occupancy vector placed on the board and read
// back, for every rank and file and every vector, with other squares of the board set around it.
#include <catch2/catch.hpp>

#include "movegen/square_set.h"

using namespace jiang;

namespace {

constexpr uint16_t kRankVectors = 1u << kFiles, kFileVectors = 1u << kRanks;

// Every square but those of one rank or one file: what must not leak into the bits read back.
SquareSet all_but_rank(int rank) { return squares_where([rank](Square s) { return rank_of(s) != rank; }); }
SquareSet all_but_file(int file) { return squares_where([file](Square s) { return file_of(s) != file; }); }

}  // namespace

TEST_CASE("the evaluation's square sets read a rank's and a file's bits back", "[eval]") {
  for (int rank = 0; rank < kRanks; ++rank)
    for (uint16_t files = 0; files < kRankVectors; ++files) {
      REQUIRE(SquareSet::rank_row(rank, files).rank_bits(rank) == files);
      REQUIRE((SquareSet::rank_row(rank, files) | all_but_rank(rank)).rank_bits(rank) == files);
    }
  for (int file = 0; file < kFiles; ++file)
    for (uint16_t ranks = 0; ranks < kFileVectors; ++ranks) {
      REQUIRE(SquareSet::file_column(file, ranks).file_bits(file) == ranks);
      REQUIRE((SquareSet::file_column(file, ranks) | all_but_file(file)).file_bits(file) == ranks);
    }
}
