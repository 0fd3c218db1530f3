# Tests of self-play, included from tests/CMakeLists.txt.
#
#   jiang_selfplay_tests  Catch2: the referee (mate, no legal move, perpetual check, repetition, the 60-move
#                         rule), in-process games and adjudication, the labelled-positions reader, the position
#                         selection, determinism whatever the threads, and resuming: a torn last game, and the
#                         real `jiang selfplay` killed with SIGKILL, SIGINT and SIGTERM, then finished, must
#                         equal an uninterrupted run. Cases tagged [slow] (over ~10 s in Release) get the ctest
#                         label `slow`.
#                         And `jiang label`: a recorded game's positions, scores from its move comments.
#   selfplay/cli_*        bad options of `jiang selfplay`: a non-zero exit and a message, never a crash.
#   label/cli_*           `jiang label` end to end: counts, skipped games, a file the tuner reads; missing
#                         files, an existing --out (never replaced), games that give no position, --player.

add_executable(jiang_selfplay_tests
  selfplay_game.cpp
  selfplay_positions_file.cpp
  selfplay_run.cpp
  selfplay_label.cpp)
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

# --- `jiang label` end to end --------------------------------------------------------------------------
set(LABEL_TEST_DIR ${CMAKE_CURRENT_BINARY_DIR}/label)
file(MAKE_DIRECTORY ${LABEL_TEST_DIR})
file(WRITE ${LABEL_TEST_DIR}/games.pgn
     "[Event \"a\"]\n[White \"jiang\"]\n[Black \"other\"]\n[Result \"1-0\"]\n\n1. h2e2 {+0.20/9 0.1} h9g7 {-0.10/9 0.1} 2. h0g2 {+0.25/9 0.1} i9h9 {-0.20/9 0.1}\n"
     "3. i0h0 {+0.30/9 0.1} b9c7 {-0.20/9 0.1} 4. b0c2 {+0.30/9 0.1} a9b9 {-0.25/9 0.1} 5. a0b0 {+0.30/9 0.1}\n"
     "c6c5 {-0.30/9 0.1} 1-0\n\n[Event \"b\"]\n[Result \"0-1\"]\n\n1. h2e2 h2e2 0-1\n\n"
     "[Event \"c\"]\n[Result \"1/2-1/2\"]\n\n1. c3c4 c6c5 2. b0c2 b9c7 3. h0g2 h9g7 4. i0h0 i9h9 5. h2h6 1/2-1/2\n")
file(WRITE ${LABEL_TEST_DIR}/short.txt "h2e2 h9g7 1-0\n")
add_test(NAME label/clean COMMAND ${CMAKE_COMMAND} -E rm -f ${LABEL_TEST_DIR}/out.txt ${LABEL_TEST_DIR}/none.txt
                                  ${LABEL_TEST_DIR}/player.txt
                                  ${LABEL_TEST_DIR}/tuned.json ${LABEL_TEST_DIR}/tuned.csv
                                  ${LABEL_TEST_DIR}/tuned.checkpoint.json)
set_tests_properties(label/clean PROPERTIES FIXTURES_SETUP label_fresh LABELS cli)
# Game a: plies 8 and 9 kept, both scored; game b: an illegal move, skipped; game c: ply 8, no score.
jiang_cli_test(label/cli_run pass "label|${LABEL_TEST_DIR}/games.pgn|--out|${LABEL_TEST_DIR}/out.txt"
               "2 games read, 1 skipped; 3 positions kept, 2 with a score, written to.*games.pgn:.*game 2: move 2")
set_tests_properties(label/cli_run PROPERTIES FIXTURES_REQUIRED label_fresh FIXTURES_SETUP label_out)
# The tuner reads the file, and blends the two scores into their labels.
jiang_cli_test(label/cli_tune_reads_it pass
               "tune|--data|${LABEL_TEST_DIR}/out.txt|--algo|hc|--params|tempo|--iterations|1|--validation|0|--lambda|0.5|--out|${LABEL_TEST_DIR}/tuned.json"
               "score's win probability for 2 of 3 positions")
set_tests_properties(label/cli_tune_reads_it PROPERTIES FIXTURES_REQUIRED label_out)
jiang_cli_test(label/cli_out_exists fail "label|${LABEL_TEST_DIR}/games.pgn|--out|${LABEL_TEST_DIR}/out.txt"
               "out.txt exists")
set_tests_properties(label/cli_out_exists PROPERTIES FIXTURES_REQUIRED label_out)
jiang_cli_test(label/cli_nothing_kept fail "label|${LABEL_TEST_DIR}/short.txt|--out|${LABEL_TEST_DIR}/none.txt"
               "0 positions kept, 0 with a score: nothing written")
set_tests_properties(label/cli_nothing_kept PROPERTIES FIXTURES_REQUIRED label_fresh)
# --player: jiang is game a's White, who moves at ply 8 (kept, scored); game c names no players.
jiang_cli_test(label/cli_player pass
               "label|${LABEL_TEST_DIR}/games.pgn|--player|jiang|--skip-plies|8|--out|${LABEL_TEST_DIR}/player.txt"
               "1 positions kept, 1 with a score")
set_tests_properties(label/cli_player PROPERTIES FIXTURES_REQUIRED label_fresh)
jiang_cli_test(label/cli_missing_file fail "label|/nonexistent/games.pgn|--out|${LABEL_TEST_DIR}/x.txt"
               "cannot read /nonexistent/games.pgn")
jiang_cli_test(label/cli_directory fail "label|${LABEL_TEST_DIR}|--out|${LABEL_TEST_DIR}/x.txt" "is a directory")
jiang_cli_test(label/cli_no_games fail "label|--out|${LABEL_TEST_DIR}/x.txt" "games")
jiang_cli_test(label/cli_bad_skip fail "label|${LABEL_TEST_DIR}/games.pgn|--skip-plies|-1|--out|${LABEL_TEST_DIR}/x.txt"
               "skip-plies")
jiang_cli_test(label/cli_help pass "label|--help" "Positions kept")
