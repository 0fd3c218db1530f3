// The engine's own book over UCCI and UCI: off by default; when on, `go` is answered from the book
// (one info line, then bestmove) within its depth, but never with a banned move (banmoves), a move
// outside searchmoves or one into a repetition, and never in analysis (go infinite); a book file that
// cannot be read is reported and the previous book kept.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "tests/support/conversation.h"
#include "tests/support/files.h"

namespace jiang::testing {
namespace {

// Start position: a3a4 won 3 games (the best), i3i4 won 1, h0g2 lost 3. After h0g2 h9g7 g2h0, Black's
// g7h9 (2 wins) would repeat the start position; i9h9 won 1.
constexpr const char* kGames =
    "a3a4 h9g7 1-0\na3a4 h9g7 1-0\na3a4 b9c7 1-0\ni3i4 h9g7 1-0\n"
    "h0g2 h9g7 g2h0 g7h9 0-1\nh0g2 h9g7 g2h0 g7h9 0-1\nh0g2 h9g7 g2h0 i9h9 0-1\n";

std::string make_book(const std::string& name) {
  const std::filesystem::path dir = scratch_dir("protocol-book", name);
  std::ofstream(dir / "games.txt") << kGames;
  const std::string book = (dir / "book.bin").string();
  Subprocess build(JIANG_BINARY, {"book", "build", "--pgn", (dir / "games.txt").string(), "--min-games", "1", "--out", book});
  build.close_stdin();
  while (build.read_line(kAnswerTimeout)) {
  }
  REQUIRE(build.wait_exit(kAnswerTimeout) == 0);
  return book;
}

struct Answer {
  std::string move;
  bool from_book = false;
};

Answer go(Conversation& c, const std::string& command = "go depth 3") {
  c.send(command);
  std::vector<std::string> seen;
  const std::optional<std::string> line = c.bestmove(kAnswerTimeout, &seen);
  REQUIRE(line);
  const std::vector<std::string> words = words_of(*line);
  REQUIRE(words.size() >= 2);
  return {words[1], any_starts_with(seen, "info string book move " + words[1])};
}

// The handshake offers each option: "option " (UCCI) or "option name " (UCI), then its description.
void check_offered(const Conversation& c, const std::string& prefix, const std::vector<std::string>& options) {
  for (const std::string& option : options) {
    INFO(option);
    CHECK(any_starts_with(c.handshake(), prefix + option));
  }
}

}  // namespace

TEST_CASE("UCCI: the book options, and the book off by default", "[protocol][book]") {
  Conversation c(Protocol::Ucci);
  REQUIRE(c.handshake_ok());
  check_offered(c, "option ", {"usebook type check default false", "bookfiles type string default <empty>",
                                "bookdepth type spin min 0 max 1000 default 32",
                                "bookvariety type combo var best var weighted default best"});
  REQUIRE(c.command("setoption bookfiles " + make_book("off"))->size() == 1);  // "book loaded from ..."
  c.send("position startpos");
  CHECK_FALSE(go(c).from_book);
}

TEST_CASE("UCCI: usebook answers from the book, but not banned moves, repetitions, analysis or past the depth",
          "[protocol][book]") {
  Conversation c(Protocol::Ucci);
  REQUIRE(c.handshake_ok());
  c.send("setoption bookfiles " + make_book("ucci"));
  c.send("setoption usebook true");
  c.send("position startpos");
  c.send("go depth 3");
  std::vector<std::string> seen;
  REQUIRE(c.bestmove(kAnswerTimeout, &seen) == "bestmove a3a4");
  CHECK(any_starts_with(seen, "info depth 0 "));
  CHECK(any_starts_with(seen, "info string book move a3a4: 3 games, +3 =0 -0"));

  c.send("banmoves a3a4");
  const Answer second = go(c);
  CHECK((second.move == "i3i4" && second.from_book));
  c.send("banmoves a3a4 i3i4");
  const Answer searched = go(c);
  CHECK_FALSE(searched.from_book);
  CHECK((searched.move != "a3a4" && searched.move != "i3i4"));

  c.send("position startpos moves h0g2 h9g7 g2h0");  // g7h9 would repeat the start position
  const Answer no_repeat = go(c);
  CHECK((no_repeat.move == "i9h9" && no_repeat.from_book));

  c.send("position startpos");
  c.send("go infinite");
  REQUIRE(c.process().read_until("info depth 2", kAnswerTimeout));
  const Answer analysed = go(c, "stop");
  CHECK_FALSE(analysed.from_book);

  c.send("setoption bookdepth 0");
  CHECK_FALSE(go(c).from_book);
}

TEST_CASE("UCCI: a book file that cannot be read is reported and the previous book kept", "[protocol][book]") {
  const std::string book = make_book("bad");
  const std::string truncated = book + ".cut";
  std::filesystem::copy_file(book, truncated);
  std::filesystem::resize_file(truncated, std::filesystem::file_size(book) - 3);
  Conversation c(Protocol::Ucci);
  REQUIRE(c.handshake_ok());
  REQUIRE(c.command("setoption bookfiles " + book));
  c.send("setoption usebook true");
  for (const std::string& bad : {std::string("/nonexistent/book.bin"), truncated, std::string(JIANG_DATA_DIR) + "/weights.json"}) {
    INFO(bad);
    const auto lines = c.command("setoption bookfiles " + bad);
    REQUIRE(lines);
    REQUIRE(lines->size() == 1);
    CHECK_THAT(lines->front(), Catch::StartsWith("info string setoption: bookfiles: ") && Catch::EndsWith("book unchanged"));
  }
  c.send("position startpos");
  const Answer answer = go(c);
  CHECK((answer.move == "a3a4" && answer.from_book));
}

TEST_CASE("UCI: OwnBook and BookFile, searchmoves, and the built-in book", "[protocol][book]") {
  Conversation c(Protocol::Uci);
  REQUIRE(c.handshake_ok());
  check_offered(c, "option name ", {"OwnBook type check default false", "BookFile type string default <empty>",
                                     "BookDepth type spin default 32 min 0 max 1000",
                                     "Book Variety type combo default best var best var weighted"});
  c.send("setoption name BookFile value " + make_book("uci"));
  c.send("setoption name OwnBook value true");
  c.send("position startpos");
  const Answer best = go(c);
  CHECK((best.move == "a3a4" && best.from_book));
  const Answer restricted = go(c, "go depth 3 searchmoves i3i4 h2e2");
  CHECK((restricted.move == "i3i4" && restricted.from_book));
  const Answer outside = go(c, "go depth 3 searchmoves h2e2");
  CHECK((outside.move == "h2e2" && !outside.from_book));
  c.send("setoption name Book Variety value weighted");
  for (int i = 0; i < 5; ++i) {
    const Answer weighted = go(c);
    CHECK(weighted.from_book);
    CHECK((weighted.move == "a3a4" || weighted.move == "i3i4"));
  }

  c.send("setoption name BookFile value <empty>");  // the built-in book, built from jiang's own games
  CHECK(go(c).from_book);
}

}  // namespace jiang::testing
