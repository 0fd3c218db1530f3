// How each piece moves, on hand-built positions whose legal moves were worked out by hand and are
// written out in full (ICCS, sorted). Boards are given as lists of (FEN letter, square) so that a reader
// can check each expectation against the rules without decoding a FEN.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "movegen/movegen.h"
#include "movegen/notation.h"
#include "movegen/position.h"
#include "support/hand_boards.h"

using namespace jiang;

TEST_CASE("horse: blocked by its leg, never onto its own pieces", "[pieces][horse]") {
  // Leg e5 (own pawn) shuts d6 and f6; leg d4 (enemy pawn) shuts c5 and c3; g3 holds a Red pawn.
  const Position pos = board({{'K', "d0"}, {'k', "f9"}, {'N', "e4"}, {'P', "e5"}, {'p', "d4"},
                              {'P', "g3"}, {'p', "f2"}},
                             'w');
  CHECK(moves_of(pos, "e4") == Strings{"e4d2", "e4f2", "e4g5"});

  // Every leg open: all eight targets.
  const Position open = board({{'K', "d0"}, {'k', "f9"}, {'N', "e4"}}, 'w');
  CHECK(moves_of(open, "e4") == Strings{"e4c3", "e4c5", "e4d2", "e4d6", "e4f2", "e4f6", "e4g3", "e4g5"});

  // In a corner: b7 through leg a8; c8 would need leg b9, where a Black rook stands.
  const Position corner = board({{'K', "d0"}, {'k', "f9"}, {'N', "a9"}, {'r', "b9"}}, 'w');
  CHECK(moves_of(corner, "a9") == Strings{"a9b7"});
}

TEST_CASE("elephant: blocked by its eye, stopped by the river", "[pieces][elephant]") {
  // e2: eye d1 is the general (no c0), g4 is its own elephant, c4 holds an enemy pawn.
  // g4: e2 is own, eye h3 is blocked, and e6 and i6 are across the river although f5 and h5 are empty.
  const Position pos = board({{'K', "d1"}, {'k', "f9"}, {'B', "e2"}, {'B', "g4"}, {'p', "h3"}, {'p', "c4"}}, 'w');
  CHECK(moves_of(pos, "e2") == Strings{"e2c4", "e2g0"});
  CHECK(moves_of(pos, "g4").empty());

  // Black: c5 may go to a7 (eye b6) but not e7 (eye d6 holds a Red pawn), and never to a3 or e3.
  const Position black = board({{'k', "f9"}, {'K', "d0"}, {'b', "c5"}, {'P', "d6"}}, 'b');
  CHECK(moves_of(black, "c5") == Strings{"c5a7"});
}

TEST_CASE("advisor: diagonal steps inside the palace only", "[pieces][advisor]") {
  const Position pos = board({{'K', "d0"}, {'k', "e9"}, {'A', "e1"}, {'A', "d2"}, {'p', "f2"}}, 'w');
  CHECK(moves_of(pos, "e1") == Strings{"e1f0", "e1f2"});  // d0 and d2 are its own pieces; f2 a capture
  CHECK(moves_of(pos, "d2").empty());                      // e1 is own; c1, c3 and e3 are outside

  const Position corners = board({{'K', "e0"}, {'k', "d9"}, {'A', "d2"}, {'A', "f2"}}, 'w');
  CHECK(moves_of(corners, "d2") == Strings{"d2e1"});
  CHECK(moves_of(corners, "f2") == Strings{"f2e1"});

  const Position black = board({{'k', "e9"}, {'K', "d0"}, {'a', "e8"}}, 'b');
  CHECK(moves_of(black, "e8") == Strings{"e8d7", "e8d9", "e8f7", "e8f9"});
}

TEST_CASE("general: orthogonal steps inside the palace only", "[pieces][general]") {
  const Position red = board({{'K', "d2"}, {'k', "f9"}}, 'w');
  CHECK(moves_of(red, "d2") == Strings{"d2d1", "d2e2"});  // c2 and d3 are outside

  const Position black = board({{'k', "d7"}, {'K', "f0"}}, 'b');
  CHECK(moves_of(black, "d7") == Strings{"d7d8", "d7e7"});

  // From the centre, all four (the Black horse on f5 keeps the f-file closed).
  const Position centre = board({{'K', "e1"}, {'k', "f9"}, {'n', "f5"}}, 'w');
  CHECK(moves_of(centre, "e1") == Strings{"e1d1", "e1e0", "e1e2", "e1f1"});
}

TEST_CASE("pawn: forward only before the river, sideways after it, never backwards", "[pieces][pawn]") {
  const Position red = board({{'K', "d0"}, {'k', "f9"}, {'P', "c3"}, {'P', "g4"}, {'P', "e6"}, {'N', "d6"},
                              {'n', "e7"}, {'P', "a9"}, {'P', "i5"}},
                             'w');
  CHECK(moves_of(red, "c3") == Strings{"c3c4"});
  CHECK(moves_of(red, "g4") == Strings{"g4g5"});          // on the river bank, still on its own half
  CHECK(moves_of(red, "e6") == Strings{"e6e7", "e6f6"});  // captures e7; d6 is its own horse
  CHECK(moves_of(red, "a9") == Strings{"a9b9"});  // on the last rank: sideways only
  CHECK(moves_of(red, "i5") == Strings{"i5h5", "i5i6"});

  const Position black = board({{'k', "d9"}, {'K', "f0"}, {'p', "c6"}, {'p', "g5"}, {'p', "e3"}, {'p', "a0"},
                                {'p', "i4"}},
                               'b');
  CHECK(moves_of(black, "c6") == Strings{"c6c5"});
  CHECK(moves_of(black, "g5") == Strings{"g5g4"});
  CHECK(moves_of(black, "e3") == Strings{"e3d3", "e3e2", "e3f3"});
  CHECK(moves_of(black, "a0") == Strings{"a0b0"});
  CHECK(moves_of(black, "i4") == Strings{"i4h4", "i4i3"});
}

TEST_CASE("cannon: moves like a rook, captures over exactly one screen", "[pieces][cannon]") {
  // Cannon a5. Rank 5: b5 empty, c5 enemy elephant (zero screens: no capture), d5 empty, e5 enemy pawn
  // (one screen: capture), f5 empty, g5 enemy elephant (two screens: no capture).
  // File a: a6 empty, a7 enemy horse (no capture), a8 empty, a9 own pawn (no capture);
  // a4 empty, a3 own pawn (a screen), a2 and a1 empty (beyond a screen: no quiet move), a0 enemy pawn.
  const Position pos = board({{'K', "e1"}, {'k', "f9"}, {'C', "a5"}, {'b', "c5"}, {'p', "e5"}, {'b', "g5"},
                              {'n', "a7"}, {'P', "a9"}, {'P', "a3"}, {'p', "a0"}},
                             'w');
  CHECK(moves_of(pos, "a5") == Strings{"a5a0", "a5a4", "a5a6", "a5b5", "a5e5"});

  // An empty board around it: every square of its rank and file, and no captures.
  const Position open = board({{'K', "d0"}, {'k', "f9"}, {'C', "e4"}}, 'w');
  CHECK(moves_of(open, "e4") == Strings{"e4a4", "e4b4", "e4c4", "e4d4", "e4e0", "e4e1", "e4e2", "e4e3",
                                        "e4e5", "e4e6", "e4e7", "e4e8", "e4e9", "e4f4", "e4g4", "e4h4",
                                        "e4i4"});
}

TEST_CASE("rook: stopped by the first piece, captures it if it is an enemy", "[pieces][rook]") {
  const Position pos = board({{'K', "e1"}, {'k', "d9"}, {'R', "c4"}, {'p', "e4"}, {'P', "g4"}, {'P', "a4"},
                              {'P', "c3"}, {'b', "c9"}},
                             'w');
  CHECK(moves_of(pos, "c4") == Strings{"c4b4", "c4c5", "c4c6", "c4c7", "c4c8", "c4c9", "c4d4", "c4e4"});
}

TEST_CASE("flying general: the generals may never face each other", "[pieces][general]") {
  // The pawn on e5 is all that stands between them: it may go forward along the file but not sideways.
  const Position pawn = board({{'K', "e0"}, {'k', "e9"}, {'P', "e5"}}, 'w');
  CHECK(moves_of(pawn, "e5") == Strings{"e5e6"});
  CHECK(moves_of(pawn, "e0") == Strings{"e0d0", "e0e1", "e0f0"});

  // The general may not step onto the open file of the other.
  const Position step = board({{'K', "d0"}, {'k', "e9"}}, 'w');
  CHECK(moves_of(step, "d0") == Strings{"d0d1"});

  // Black: a cannon between the generals may slide along the file only.
  const Position cannon = board({{'k', "e9"}, {'K', "e0"}, {'c', "e5"}}, 'b');
  CHECK(moves_of(cannon, "e5") == Strings{"e5e1", "e5e2", "e5e3", "e5e4", "e5e6", "e5e7", "e5e8"});
  CHECK(moves_of(cannon, "e9") == Strings{"e9d9", "e9e8", "e9f9"});
}

TEST_CASE("pins: a rook's and a cannon's", "[pieces][pins]") {
  // The Red rook on e3 shields its general from the Black rook on e8: it moves along the file only.
  const Position rook = board({{'K', "e0"}, {'R', "e3"}, {'r', "e8"}, {'k', "d9"}}, 'w');
  CHECK(moves_of(rook, "e3") == Strings{"e3e1", "e3e2", "e3e4", "e3e5", "e3e6", "e3e7", "e3e8"});
  CHECK(moves_of(rook, "e0") == Strings{"e0e1", "e0f0"});  // d0 would face the Black general

  // Cannon e7 with two Red pieces between it and the general: the horse on e2 may not leave the file
  // (the pawn would become the only screen), the pawn may step forward and stay a screen.
  const Position cannon = board({{'K', "e0"}, {'N', "e2"}, {'P', "e4"}, {'c', "e7"}, {'k', "d9"}}, 'w');
  CHECK(moves_of(cannon, "e2").empty());
  CHECK(moves_of(cannon, "e4") == Strings{"e4e5"});
  CHECK(moves_of(cannon, "e0") == Strings{"e0e1", "e0f0"});
}

TEST_CASE("check evasions: every legal reply and nothing else", "[pieces][check]") {
  SECTION("rook check: interpose, capture, or step aside") {
    // Black rook e7 checks along the e-file. f1 faces the Black general on the open f-file; e0 and e2
    // stay on the rook's file.
    const Position pos = board({{'K', "e1"}, {'N', "d5"}, {'R', "a4"}, {'r', "e7"}, {'k', "f9"}}, 'w');
    CHECK(pos.in_check());
    CHECK(legal_moves(pos) == Strings{"a4e4", "d5e3", "d5e7", "e1d1"});
  }
  SECTION("cannon check: take the screen away, add a second screen, or step aside") {
    // Black cannon e6 checks over the Red advisor on e1. The advisor may go anywhere (no screen left), the
    // rook may add a second screen on e3; d0 faces the Black general.
    const Position pos = board({{'K', "e0"}, {'A', "e1"}, {'R', "i3"}, {'c', "e6"}, {'k', "d9"}}, 'w');
    CHECK(pos.in_check());
    CHECK(legal_moves(pos) == Strings{"e0f0", "e1d0", "e1d2", "e1f0", "e1f2", "i3e3"});
  }
  SECTION("horse check: block the leg, capture, or step aside") {
    // Black horse d3 checks e1 through its leg d2. The cannon can block d2, the Red horse can capture;
    // f1 faces the Black general.
    const Position pos = board({{'K', "e1"}, {'C', "a2"}, {'N', "c1"}, {'n', "d3"}, {'k', "f9"}}, 'w');
    CHECK(pos.in_check());
    CHECK(legal_moves(pos) == Strings{"a2d2", "c1d3", "e1d1", "e1e0", "e1e2"});

    // With the leg already blocked there is no check.
    const Position blocked = board({{'K', "e1"}, {'C', "d2"}, {'N', "c1"}, {'n', "d3"}, {'k', "f9"}}, 'w');
    CHECK_FALSE(blocked.in_check());
  }
  SECTION("double check: only the general can move") {
    // Rook e7 along the file and horse g2 (leg f2) both check e1. Blocking the file or taking the horse
    // leaves the other check; d1 faces the Black general.
    const Position pos = board({{'K', "e1"}, {'R', "a4"}, {'R', "g8"}, {'r', "e7"}, {'n', "g2"}, {'k', "d9"}}, 'w');
    CHECK(pos.in_check());
    CHECK(legal_moves(pos) == Strings{"e1f1"});
  }
  SECTION("pawn check") {
    // A Black pawn on e2 checks e1 (pawns attack forward and, across the river, sideways). The general
    // may take it (it is not defended) or step to d1 or f1; e0 is out of the pawn's reach.
    const Position pos = board({{'K', "e1"}, {'p', "e2"}, {'k', "d9"}, {'n', "d6"}}, 'w');
    CHECK(pos.in_check());
    CHECK(legal_moves(pos) == Strings{"e1d1", "e1e0", "e1e2", "e1f1"});
  }
}

TEST_CASE("no legal move: mate and stalemate both give an empty list", "[pieces][mate]") {
  SECTION("mate") {
    // Rook a9 checks along rank 9; d8 is covered by rook a8 and e9 by rook a9 once the general leaves d9.
    const Position pos = board({{'R', "a9"}, {'R', "a8"}, {'k', "d9"}, {'K', "f0"}}, 'b');
    CHECK(pos.in_check());
    CHECK(legal_moves(pos).empty());
    CHECK(count_legal(pos) == 0);
  }
  SECTION("stalemate (a loss in Xiangqi, but still no legal move)") {
    // d8 is covered by rook a8, e9 would face the Red general; the Black general is not in check.
    const Position pos = board({{'R', "a8"}, {'K', "e0"}, {'k', "d9"}}, 'b');
    CHECK_FALSE(pos.in_check());
    CHECK(legal_moves(pos).empty());
    CHECK(count_legal(pos) == 0);
  }
}
