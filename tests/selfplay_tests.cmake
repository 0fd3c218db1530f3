# Tests of self-play, included from tests/CMakeLists.txt.
#
#   jiang_selfplay_tests  Catch2: the referee (mate, no legal move, perpetual check, repetition, the 60-move
#                         rule), in-process games and adjudication, the labelled-positions reader, the position
#                         selection, determinism whatever the threads, and resuming: a torn last game, and the
#                         real `jiang selfplay` killed with SIGKILL, SIGINT and SIGTERM, then finished, must
#                         equal an uninterrupted run. Cases tagged [slow] (over ~10 s in Release) get the ctest
#                         label `slow`.
#   selfplay/cli_*        bad options of `jiang selfplay`: a non-zero exit and a message, never a crash.

add_executable(jiang_selfplay_tests
  selfplay_game.cpp
  selfplay_positions_file.cpp
  selfplay_run.cpp)
target_link_libraries(jiang_selfplay_tests PRIVATE jiang_selfplay jiang_test_main)
target_compile_definitions(jiang_selfplay_tests PRIVATE JIANG_BINARY="$<TARGET_FILE:jiang>"
                           JIANG_DATA_DIR="${PROJECT_SOURCE_DIR}/data")
add_dependencies(jiang_selfplay_tests jiang)
jiang_discover_tests(jiang_selfplay_tests "selfplay/")

# --- Bad options of `jiang selfplay` (jiang_cli_test is defined in tests/CMakeLists.txt) ---------------
set(SELFPLAY_TEST_DIR ${CMAKE_CURRENT_BINARY_DIR}/selfplay)
file(MAKE_DIRECTORY ${SELFPLAY_TEST_DIR})
file(WRITE ${SELFPLAY_TEST_DIR}/bad-fen.fen
     "# line 1 is a comment\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB w - - 0 1\n")
file(WRITE ${SELFPLAY_TEST_DIR}/not-selfplay.txt "someone's notes\n")
# The runs below continue their files when run again; a file from another build (other weights, format
# or settings) would be refused instead, so every test run starts them afresh (fixture selfplay_fresh).
add_test(NAME selfplay/clean_runs
         COMMAND ${CMAKE_COMMAND} -E rm -f ${SELFPLAY_TEST_DIR}/tiny.txt ${SELFPLAY_TEST_DIR}/modes-ply.txt)
set_tests_properties(selfplay/clean_runs PROPERTIES FIXTURES_SETUP selfplay_fresh LABELS cli)
set(sp_ok "selfplay|--games|2|--nodes|300")
jiang_cli_test(selfplay/cli_missing_out fail "${sp_ok}" "--out")
jiang_cli_test(selfplay/cli_missing_games fail "selfplay|--nodes|300|--out|${SELFPLAY_TEST_DIR}/x.txt" "--games")
jiang_cli_test(selfplay/cli_depth_and_nodes fail "${sp_ok}|--depth|3|--out|${SELFPLAY_TEST_DIR}/x.txt" "excludes")
jiang_cli_test(selfplay/cli_no_depth_or_nodes fail "selfplay|--games|2|--out|${SELFPLAY_TEST_DIR}/x.txt"
               "one of --depth and --nodes")
jiang_cli_test(selfplay/cli_games_zero fail "selfplay|--games|0|--nodes|300|--out|${SELFPLAY_TEST_DIR}/x.txt" "games")
jiang_cli_test(selfplay/cli_nodes_not_a_number fail "selfplay|--games|2|--nodes|many|--out|${SELFPLAY_TEST_DIR}/x.txt")
jiang_cli_test(selfplay/cli_unreadable_openings fail "${sp_ok}|--openings|/nonexistent/openings.fen|--out|${SELFPLAY_TEST_DIR}/x.txt"
               "/nonexistent/openings.fen")
jiang_cli_test(selfplay/cli_invalid_opening_fen fail "${sp_ok}|--openings|${SELFPLAY_TEST_DIR}/bad-fen.fen|--out|${SELFPLAY_TEST_DIR}/x.txt"
               "bad-fen.fen:3: invalid FEN")
jiang_cli_test(selfplay/cli_unwritable_out fail "${sp_ok}|--out|/nonexistent/dir/out.txt" "cannot write /nonexistent/dir/out.txt")
jiang_cli_test(selfplay/cli_out_is_directory fail "${sp_ok}|--out|${SELFPLAY_TEST_DIR}" "is a directory")
jiang_cli_test(selfplay/cli_out_not_selfplay fail "${sp_ok}|--out|${SELFPLAY_TEST_DIR}/not-selfplay.txt"
               "not written by jiang selfplay")
jiang_cli_test(selfplay/cli_missing_weights fail "${sp_ok}|--weights|/nonexistent/w.json|--out|${SELFPLAY_TEST_DIR}/x.txt"
               "w.json")
jiang_cli_test(selfplay/cli_help pass "selfplay|--help" "Positions kept")
jiang_cli_test(selfplay/cli_bad_mode fail "${sp_ok}|--mode|minimax|--out|${SELFPLAY_TEST_DIR}/x.txt"
               "expected one of alphabeta, two-stage, best-first")
jiang_cli_test(selfplay/cli_bad_order fail "${sp_ok}|--order|random|--out|${SELFPLAY_TEST_DIR}/x.txt"
               "expected one of history, priority")
# Self-play with another search design, end to end.
jiang_cli_test(selfplay/cli_mode_run pass
               "${sp_ok}|--mode|two-stage|--order|priority|--two-stage-ply|2|--openings|${PROJECT_SOURCE_DIR}/data/openings.fen|--out|${SELFPLAY_TEST_DIR}/modes-ply.txt"
               "done: 2 games|holds 2 games")
# The design is part of a file's settings: another two-stage margin does not continue it.
jiang_cli_test(selfplay/cli_mode_other_settings fail
               "${sp_ok}|--mode|two-stage|--order|priority|--two-stage-ply|3|--openings|${PROJECT_SOURCE_DIR}/data/openings.fen|--out|${SELFPLAY_TEST_DIR}/modes-ply.txt"
               "other settings")
set_tests_properties(selfplay/cli_mode_run PROPERTIES FIXTURES_REQUIRED selfplay_fresh FIXTURES_SETUP selfplay_modes_file)
set_tests_properties(selfplay/cli_mode_other_settings PROPERTIES FIXTURES_REQUIRED "selfplay_fresh;selfplay_modes_file")
# A tiny run end to end.
jiang_cli_test(selfplay/cli_tiny_run pass "${sp_ok}|--openings|${PROJECT_SOURCE_DIR}/data/openings.fen|--out|${SELFPLAY_TEST_DIR}/tiny.txt"
               "done: 2 games|holds 2 games")
set_tests_properties(selfplay/cli_tiny_run PROPERTIES FIXTURES_REQUIRED selfplay_fresh)
