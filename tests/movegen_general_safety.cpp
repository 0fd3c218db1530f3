// The legal generator's view of the general's safety (GeneralSafety): pins by rooks, by the other
// general and by cannons over one or two screens, horse-leg pins, the gaps in front of an unscreened
// cannon, and the replies to each kind of check, including double checks that a piece other than the
// general can answer. Every expectation was worked out by hand and is written out in full (ICCS).
#include <catch2/catch.hpp>

#include "movegen/movegen.h"
#include "movegen/position.h"
#include "support/hand_boards.h"

using namespace jiang;

namespace {

bool has(const Strings& moves, const std::string& m) { return std::find(moves.begin(), moves.end(), m) != moves.end(); }

}  // namespace

TEST_CASE("rook pins: slide towards the rook or take it, unless a cannon waits behind it", "[safety][pins]") {
  SECTION("along the file") {
    const Position pos = board({{'K', "e0"}, {'R', "e3"}, {'r', "e7"}, {'k', "d9"}}, 'w');
    CHECK(moves_of(pos, "e3") == Strings{"e3e1", "e3e2", "e3e4", "e3e5", "e3e6", "e3e7"});
  }
  SECTION("along the rank") {
    const Position pos = board({{'K', "e1"}, {'R', "c1"}, {'r', "a1"}, {'k', "f9"}}, 'w');
    CHECK(moves_of(pos, "c1") == Strings{"c1a1", "c1b1", "c1d1"});
  }
  SECTION("taking the rook would make the taker the screen of the cannon behind it") {
    const Position pos = board({{'K', "e0"}, {'R', "e3"}, {'r', "e6"}, {'c', "e8"}, {'k', "d9"}}, 'w');
    CHECK(moves_of(pos, "e3") == Strings{"e3e1", "e3e2", "e3e4", "e3e5"});
  }
}

TEST_CASE("the other general pins like a rook along the file", "[safety][pins]") {
  // The horse between the generals can never move; the cannon only along the file.
  const Position horse = board({{'K', "e0"}, {'N', "e4"}, {'k', "e9"}}, 'w');
  CHECK(moves_of(horse, "e4").empty());
  const Position cannon = board({{'K', "e0"}, {'C', "e4"}, {'k', "e9"}}, 'w');
  CHECK(moves_of(cannon, "e4") == Strings{"e4e1", "e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8"});
}

TEST_CASE("cannon pins: both screens keep to the line and neither takes the other", "[safety][pins]") {
  SECTION("our rook behind an enemy pawn: it may slide, not take the pawn") {
    const Position pos = board({{'K', "e0"}, {'R', "e2"}, {'p', "e4"}, {'c', "e7"}, {'k', "d9"}}, 'w');
    CHECK(moves_of(pos, "e2") == Strings{"e2e1", "e2e3"});
  }
  SECTION("our rook beyond an enemy pawn: it may slide or take the cannon, not the pawn") {
    const Position pos = board({{'K', "e0"}, {'p', "e2"}, {'R', "e4"}, {'c', "e7"}, {'k', "d9"}}, 'w');
    CHECK(moves_of(pos, "e4") == Strings{"e4e3", "e4e5", "e4e6", "e4e7"});
  }
  SECTION("our cannon may jump our pawn to take the cannon; the pawn may step forward") {
    const Position pos = board({{'K', "e0"}, {'C', "e2"}, {'P', "e4"}, {'c', "e7"}, {'k', "d9"}}, 'w');
    CHECK(moves_of(pos, "e2") == Strings{"e2e1", "e2e3", "e2e7"});
    CHECK(moves_of(pos, "e4") == Strings{"e4e5"});
  }
  SECTION("along the rank: the horse cannot leave it, the rook slides or takes the cannon") {
    const Position pos = board({{'K', "e1"}, {'N', "d1"}, {'R', "c1"}, {'c', "a1"}, {'k', "f9"}}, 'w');
    CHECK(moves_of(pos, "d1").empty());
    CHECK(moves_of(pos, "c1") == Strings{"c1a1", "c1b1"});
  }
}

TEST_CASE("horse-leg pins: the piece on the leg may only take the horse", "[safety][pins]") {
  SECTION("a rook on the leg takes the horse along its rank") {
    const Position pos = board({{'K', "e0"}, {'R', "d1"}, {'n', "c1"}, {'k', "f9"}}, 'w');
    CHECK(moves_of(pos, "d1") == Strings{"d1c1"});
  }
  SECTION("two horses share the leg: taking one leaves the other") {
    const Position pos = board({{'K', "e0"}, {'R', "d1"}, {'n', "c1"}, {'n', "d2"}, {'k', "f9"}}, 'w');
    CHECK(moves_of(pos, "d1").empty());
  }
  SECTION("a pawn on the leg takes the horse in front of it, and cannot step away from one beside it") {
    const Position ahead = board({{'K', "d2"}, {'P', "e3"}, {'n', "e4"}, {'k', "f9"}}, 'w');
    CHECK(moves_of(ahead, "e3") == Strings{"e3e4"});
    const Position beside = board({{'K', "d2"}, {'P', "e3"}, {'n', "f3"}, {'k', "f9"}}, 'w');
    CHECK(moves_of(beside, "e3").empty());
  }
}

TEST_CASE("gaps: no piece may step between the general and a cannon with nothing between", "[safety][gaps]") {
  // Cannon e7 faces the general e0 over an empty file: a piece on e1-e6 would become its screen.
  const Position pos = board({{'K', "e0"}, {'c', "e7"}, {'R', "a3"}, {'N', "c2"}, {'k', "d9"}}, 'w');
  CHECK_FALSE(pos.in_check());
  const Strings rook = moves_of(pos, "a3");
  CHECK_FALSE(has(rook, "a3e3"));
  CHECK((has(rook, "a3d3") && has(rook, "a3f3")));
  CHECK(moves_of(pos, "c2") == Strings{"c2a1", "c2b0", "c2b4", "c2d0", "c2d4"});  // not e1 or e3
  // The general may walk up the file (no screen, no check) but not onto the open d-file.
  CHECK(moves_of(pos, "e0") == Strings{"e0e1", "e0f0"});
}

TEST_CASE("cannon checks: the screen leaves the line, a second screen comes, or the general steps aside",
          "[safety][check]") {
  SECTION("our screen may go anywhere off the line or take the cannon, but not slide along it") {
    const Position pos = board({{'K', "e0"}, {'R', "e2"}, {'c', "e6"}, {'k', "d9"}}, 'w');
    REQUIRE(pos.in_check());
    CHECK(legal_moves(pos) == Strings{"e0f0", "e2a2", "e2b2", "e2c2", "e2d2", "e2e6", "e2f2", "e2g2", "e2h2",
                                      "e2i2"});
  }
  SECTION("our screen may not leave when a second cannon behind the first would then check") {
    // Cannon e7 is screened by the advisor and cannon e5; without the advisor, e5 screens it.
    const Position pos = board({{'K', "e0"}, {'A', "e1"}, {'c', "e5"}, {'c', "e7"}, {'R', "a3"}, {'k', "d9"}}, 'w');
    REQUIRE(pos.in_check());
    CHECK(legal_moves(pos) == Strings{"a3e3", "e0f0"});
  }
  SECTION("an enemy screen: taking it changes nothing, a second screen answers") {
    const Position pos = board({{'K', "e0"}, {'p', "e2"}, {'c', "e6"}, {'R', "a4"}, {'N', "c3"}, {'k', "d9"}}, 'w');
    REQUIRE(pos.in_check());
    CHECK(legal_moves(pos) == Strings{"a4e4", "c3e4", "e0f0"});
  }
}

TEST_CASE("rook check: an interposer that unmasks a horse does not answer it", "[safety][check]") {
  // Rook e7 checks; the rook on d1 could block on e1 but stands on the leg of horse c1.
  const Position pos = board({{'K', "e0"}, {'R', "d1"}, {'n', "c1"}, {'r', "e7"}, {'k', "e8"}}, 'w');
  REQUIRE(pos.in_check());
  CHECK(legal_moves(pos) == Strings{"e0d0", "e0f0"});
}

TEST_CASE("double checks a piece other than the general can answer", "[safety][check]") {
  SECTION("rook and cannon on one file: a piece between the general and the rook blocks both") {
    // Rook e5 checks, and cannon e8 checks over it.
    const Position pos = board({{'K', "e0"}, {'r', "e5"}, {'c', "e8"}, {'R', "a3"}, {'k', "d9"}}, 'w');
    REQUIRE(pos.in_check());
    CHECK(legal_moves(pos) == Strings{"a3e3", "e0f0"});
  }
  SECTION("cannon and horse: the screen steps off the file onto the horse's leg") {
    // Cannon e5 checks over the rook e1; horse d2 checks through the empty leg d1.
    const Position pos = board({{'K', "e0"}, {'R', "e1"}, {'c', "e5"}, {'n', "d2"}, {'k', "e9"}}, 'w');
    REQUIRE(pos.in_check());
    CHECK(legal_moves(pos) == Strings{"e0d0", "e0f0", "e1d1"});
  }
}

TEST_CASE("the search's filter and the generator agree on the hand-built positions", "[safety][filter]") {
  const Position positions[] = {
      board({{'K', "e0"}, {'R', "e3"}, {'r', "e6"}, {'c', "e8"}, {'k', "d9"}}, 'w'),
      board({{'K', "e0"}, {'p', "e2"}, {'R', "e4"}, {'c', "e7"}, {'k', "d9"}}, 'w'),
      board({{'K', "e0"}, {'R', "d1"}, {'n', "c1"}, {'n', "d2"}, {'k', "f9"}}, 'w'),
      board({{'K', "e0"}, {'c', "e7"}, {'R', "a3"}, {'N', "c2"}, {'k', "d9"}}, 'w'),
      board({{'K', "e0"}, {'A', "e1"}, {'c', "e5"}, {'c', "e7"}, {'R', "a3"}, {'k', "d9"}}, 'w'),
      board({{'K', "e0"}, {'R', "e1"}, {'c', "e5"}, {'n', "d2"}, {'k', "e9"}}, 'w'),
  };
  for (const Position& pos : positions) {
    INFO(pos.fen());
    MoveList pseudo, legal;
    generate<GenType::All>(pos, pseudo);
    generate_legal(pos, legal);
    const LegalityFilter filter(pos);
    MoveList filtered;
    for (Move m : pseudo)
      if (filter.legal(m)) filtered.push(m);
    CHECK(std::equal(filtered.begin(), filtered.end(), legal.begin(), legal.end()));
    CHECK(count_legal(pos) == legal.size());
    CHECK(has_legal_move(pos) == !legal.empty());
  }
}
