# Tests of the opening book, included from tests/CMakeLists.txt.
#
#   jiang_book_tests  Catch2: reading games (the PGN jiang match writes read back move for move, ICCS
#                     move lists, bad games skipped with their place), building a book (counts per
#                     position and move, maximum ply, minimum games), the book file (read back, every
#                     truncation and every changed byte rejected), weights and picks.
#   book/cli_*        `jiang book build` and `jiang book probe` from the command line: counts, skipped
#                     games, bad arguments and files (exit code 2 and a message, never a crash).
# The engine's use of the book (options, banmoves, repetitions, searchmoves) is in protocol_book.cpp.

add_executable(jiang_book_tests
  games_reader.cpp
  book_build.cpp
  book_file.cpp)
target_link_libraries(jiang_book_tests PRIVATE jiang_book jiang_match jiang_test_main)
target_compile_definitions(jiang_book_tests PRIVATE JIANG_DATA_DIR="${PROJECT_SOURCE_DIR}/data")
jiang_discover_tests(jiang_book_tests "book/" LABEL book)

set(BOOK_TEST_DIR ${CMAKE_CURRENT_BINARY_DIR}/book)
file(MAKE_DIRECTORY ${BOOK_TEST_DIR})
file(WRITE ${BOOK_TEST_DIR}/games.txt "a3a4 h9g7 1-0\na3a4 h9g7 0-1\na3a4 b9c7 1/2-1/2\nh2e2 h2e2 1-0\ni3i4 1-0\n")
file(WRITE ${BOOK_TEST_DIR}/not-a-book.bin "just text, no magic at all")
jiang_cli_test(book/cli_build pass
               "book|build|--pgn|${BOOK_TEST_DIR}/games.txt|--min-games|1|--out|${BOOK_TEST_DIR}/b.bin"
               "4 games read, 1 skipped.*2 positions, 4 moves, 88 bytes.*games.txt:4: game 4: move 2 'h2e2': illegal move")
jiang_cli_test(book/cli_build_min_games pass
               "book|build|--pgn|${BOOK_TEST_DIR}/games.txt|--max-ply|1|--min-games|2|--out|${BOOK_TEST_DIR}/b2.bin"
               "1 positions, 1 moves, 40 bytes")
jiang_cli_test(book/cli_build_missing_file fail
               "book|build|--pgn|/nonexistent/games.pgn|--out|${BOOK_TEST_DIR}/x.bin" "cannot read /nonexistent/games.pgn")
jiang_cli_test(book/cli_build_no_out fail "book|build|--pgn|${BOOK_TEST_DIR}/games.txt" "--out")
jiang_cli_test(book/cli_build_bad_ply fail "book|build|--pgn|${BOOK_TEST_DIR}/games.txt|--max-ply|0|--out|${BOOK_TEST_DIR}/x.bin")
jiang_cli_test(book/cli_build_unwritable fail
               "book|build|--pgn|${BOOK_TEST_DIR}/games.txt|--out|/nonexistent/dir/b.bin" "/nonexistent/dir/b.bin")
jiang_cli_test(book/cli_probe_builtin pass "book|probe" "the built-in book")
jiang_cli_test(book/cli_probe_bad_fen fail "book|probe|--fen|garbage" "bad FEN 'garbage'")
jiang_cli_test(book/cli_probe_not_a_book fail "book|probe|--book|${BOOK_TEST_DIR}/not-a-book.bin" "not a book|not a jiang book")
jiang_cli_test(book/cli_probe_missing_book fail "book|probe|--book|/nonexistent/b.bin" "cannot read book /nonexistent/b.bin")
# After a3a4 the book of cli_build knows Black's b9c7 (one game) and h9g7 (two); an illegal move is refused.
jiang_cli_test(book/cli_probe_moves pass "book|probe|--book|${BOOK_TEST_DIR}/b.bin|--moves|a3a4"
               "b9c7 +Hc7 +1 [^\n]*\nh9g7 +Hg7 +2 ")
jiang_cli_test(book/cli_probe_illegal_move fail "book|probe|--moves|a3a4 a3a5" "illegal move 'a3a5'")
set_tests_properties(book/cli_probe_moves PROPERTIES FIXTURES_REQUIRED book_file)
jiang_cli_test(book/cli_probe_bad_variety fail "book|probe|--variety|random" "unknown variety")
# The counts of the book cli_build writes (a3a4: one game won, one drawn, one lost; weight 3 of 5).
jiang_cli_test(book/cli_probe_counts pass "book|probe|--book|${BOOK_TEST_DIR}/b.bin"
               "a3a4 +a4 +3 +1 +1 +1 +50.0% +3 +60.0%  \\(best\\)\ni3i4 +i4 +1 +1 +0 +0 +100.0% +2 +40.0%")
set_tests_properties(book/cli_build PROPERTIES FIXTURES_SETUP book_file)
set_tests_properties(book/cli_probe_counts PROPERTIES FIXTURES_REQUIRED book_file)
jiang_cli_test(book/cli_build_directory fail "book|build|--pgn|${BOOK_TEST_DIR}|--out|${BOOK_TEST_DIR}/x.bin" "it is a directory")
