# Tests of the match runner, included from tests/CMakeLists.txt.
#
#   jiang_match_tests  Catch2: the statistics (pentanomial Elo and margin, the GSPRT's LLR against
#                      published and independently computed values, when the SPRT stops), the parsers
#                      (engine specs, time controls, adjudication rules, engine output), the dialects'
#                      `go`, clocks and adjudication, XBoard's SAN in the PGN; and whole matches: jiang
#                      against jiang with the PGN replayed, clocks, a fake engine that moves illegally,
#                      one that crashes and one that hangs (lost, restarted, no child left), and Ctrl-C;
#                      pondering (ponder=on): go ponder, ponderhit and stop as the log shows them, a
#                      stray bestmove dropped, an engine that ignores stop hung; a GUI's analysis
#                      (go infinite with MultiPV, every info field, stop) against jiang in both protocols;
#                      the XBoard protocol (features, thinking, claims, limits) and a fake XBoard engine
#                      that misbehaves in every way (tests/match/fake_xboard.sh); Debian's XBoard engines
#                      (hoixiangqi, sjaakii, maxqi, fairy-stockfish) playing jiang, label `xboard`.
#                      The fake engines are POSIX shell scripts in tests/match/.
#   match/cli_*        bad options of `jiang match`: exit code 2 and a message, never a crash.
#   match/xboard_loads_pgn  XBoard (under Xvfb) reads the PGN of a small match as played; skipped without
#                      xboard.

add_executable(jiang_match_tests
  match_stats.cpp
  match_parsers.cpp
  match_pgn.cpp
  match_run.cpp
  match_failures.cpp
  match_ponder.cpp
  match_analysis.cpp
  match_xboard.cpp
  match_xboard_engines.cpp
  match_rating.cpp
  match_tournament.cpp
  match_openings.cpp
  support/subprocess.cpp)
target_link_libraries(jiang_match_tests PRIVATE jiang_match jiang_test_main)
target_compile_definitions(jiang_match_tests PRIVATE JIANG_BINARY="$<TARGET_FILE:jiang>"
                           JIANG_DATA_DIR="${PROJECT_SOURCE_DIR}/data" JIANG_TEST_DIR="${CMAKE_CURRENT_SOURCE_DIR}")
add_dependencies(jiang_match_tests jiang)
# The [slow] cases (real clocks, which a sanitizer build's slower engines might overrun) carry the label
# `slow` instead of `match`, the [timing] ones `timing`; the sanitizer run skips both. Debian's XBoard
# engines (tag [xboard-engines], label `xboard`): seconds each at a depth limit; skipped with a warning
# where an engine is not installed.
jiang_discover_tests(jiang_match_tests "match/" LABEL match TAG xboard-engines TAG_LABEL xboard)

# --- Bad options of `jiang match` (jiang_cli_test is defined in tests/CMakeLists.txt) ------------------
set(MATCH_TEST_DIR ${CMAKE_CURRENT_BINARY_DIR}/match)
file(MAKE_DIRECTORY ${MATCH_TEST_DIR})
file(WRITE ${MATCH_TEST_DIR}/bad-fen.fen "# a comment\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB w - - 0 1\n")
set(m_two "match|--engine|name=a cmd=$<TARGET_FILE:jiang>|--engine|name=b cmd=$<TARGET_FILE:jiang>")
jiang_cli_test(match/cli_help pass "match|--help" "--weights.*--engine.*logistic")
jiang_cli_test(match/cli_engine_once fail "match|--engine|cmd=$<TARGET_FILE:jiang>|--nodes|10" "give two engines or more")
jiang_cli_test(match/cli_unknown_spec_key fail "match|--engine|cmd=/bin/sh colour=red|--engine|cmd=/bin/sh name=x|--nodes|10"
               "unknown key 'colour'")
jiang_cli_test(match/cli_spec_not_key_value fail "match|--engine|cmd=/bin/sh fast|--engine|cmd=/bin/sh name=x|--nodes|10"
               "'fast' is not KEY=VALUE")
jiang_cli_test(match/cli_spec_unterminated_quote fail "match|--engine|cmd='/bin/sh|--engine|cmd=/bin/sh name=x|--nodes|10"
               "unterminated")
jiang_cli_test(match/cli_spec_no_cmd fail "match|--engine|name=x|--engine|cmd=/bin/sh|--nodes|10" "no cmd=")
jiang_cli_test(match/cli_three_engines fail "${m_two}|--engine|name=c cmd=/bin/sh|--nodes|10" "3 engines: give --tournament")
jiang_cli_test(match/cli_same_name_twice fail "match|--engine|name=a cmd=/bin/sh|--engine|name=a cmd=/bin/true|--nodes|10"
               "two engines are named 'a'")
jiang_cli_test(match/cli_missing_binary fail "match|--engine|name=a cmd=/nonexistent/engine|--engine|name=b cmd=/bin/sh|--nodes|10"
               "'/nonexistent/engine' does not exist")
jiang_cli_test(match/cli_binary_not_in_path fail "match|--engine|name=a cmd=no-such-engine-here|--engine|name=b cmd=/bin/sh|--nodes|10"
               "not in PATH")
jiang_cli_test(match/cli_missing_dir fail "match|--engine|name=a cmd=/bin/sh dir=/nonexistent/dir|--engine|name=b cmd=/bin/sh|--nodes|10"
               "dir '/nonexistent/dir' is not a directory")
jiang_cli_test(match/cli_not_an_engine fail "match|--engine|name=a cmd=/bin/true|--engine|name=b cmd=/bin/true|--nodes|10"
               "exited during the handshake")
jiang_cli_test(match/cli_engine_option_not_offered fail
               "match|--engine|name=a cmd=$<TARGET_FILE:jiang> option.Hashh=8|--engine|name=b cmd=$<TARGET_FILE:jiang>|--nodes|10"
               "a: the engine has no option 'Hashh'")
jiang_cli_test(match/cli_bad_tc fail "${m_two}|--tc|10+" "time control '10\\+' is not \\[MOVES/\\]SECONDS")
jiang_cli_test(match/cli_zero_tc fail "${m_two}|--tc|0+1" "base time must be above zero")
jiang_cli_test(match/cli_tc_and_nodes fail "${m_two}|--tc|10|--nodes|100" "exactly one of --tc, --nodes and --depth")
jiang_cli_test(match/cli_no_limit fail "${m_two}" "exactly one of --tc, --nodes and --depth")
jiang_cli_test(match/cli_odd_games fail "${m_two}|--nodes|10|--games|3" "must be even")
jiang_cli_test(match/cli_missing_openings fail "${m_two}|--nodes|10|--openings|/nonexistent/o.fen" "/nonexistent/o.fen")
jiang_cli_test(match/cli_bad_opening_fen fail "${m_two}|--nodes|10|--openings|${MATCH_TEST_DIR}/bad-fen.fen"
               "bad-fen.fen:2: invalid FEN")
jiang_cli_test(match/cli_bad_sprt fail "${m_two}|--nodes|10|--sprt|5,0" "elo0 must be below elo1")
jiang_cli_test(match/cli_sprt_not_numbers fail "${m_two}|--nodes|10|--sprt|five" "expected ELO0,ELO1")
jiang_cli_test(match/cli_bad_alpha fail "${m_two}|--nodes|10|--sprt|0,5|--alpha|1.5" "alpha must be between 0 and 1")
jiang_cli_test(match/cli_bad_resign fail "${m_two}|--nodes|10|--resign|movecount=x|score=5" "whole number")
jiang_cli_test(match/cli_bad_draw fail "${m_two}|--nodes|10|--draw|movenumber=1|movecount=1|margin=3" "not one of")
jiang_cli_test(match/cli_weights_and_engine fail "${m_two}|--weights|${PROJECT_SOURCE_DIR}/data/weights.json|--nodes|10"
               "excludes")
jiang_cli_test(match/cli_unwritable_pgn fail "${m_two}|--nodes|10|--pgn|/nonexistent/dir/out.pgn" "cannot write PGN")

# --- XBoard loads the PGN move for move (data/match-openings-b.fen's first games include a pawn step
# XBoard's reader would find ambiguous); skipped (exit code 77) without xboard, Xvfb or python3. Label
# `slow`: minutes in a sanitizer build, whose engines play the same games at a crawl. ------------------
find_program(PYTHON3_PROGRAM python3)
if(PYTHON3_PROGRAM)
  add_test(NAME match/xboard_loads_pgn
           COMMAND ${PYTHON3_PROGRAM} ${CMAKE_CURRENT_SOURCE_DIR}/match/xboard_loads_pgn.py $<TARGET_FILE:jiang>
                   ${PROJECT_SOURCE_DIR}/data/match-openings-b.fen ${MATCH_TEST_DIR}/xboard)
  set_tests_properties(match/xboard_loads_pgn PROPERTIES LABELS slow SKIP_RETURN_CODE 77 TIMEOUT 300)
  # The checker of XBoard's PGNs (issue 26's repeated-into-a-draw check) on small PGNs.
  add_test(NAME match/xboard_games_check
           COMMAND ${PYTHON3_PROGRAM} ${CMAKE_CURRENT_SOURCE_DIR}/match/xboard_games_check_test.py)
  set_tests_properties(match/xboard_games_check PROPERTIES LABELS match PASS_REGULAR_EXPRESSION "all cases passed")
  # Opening lines from the built-in book as moves (for engines without setboard), which jiang match reads.
  add_test(NAME match/book_openings
           COMMAND ${PYTHON3_PROGRAM} ${PROJECT_SOURCE_DIR}/tools/book_openings.py $<TARGET_FILE:jiang> 4
                   ${MATCH_TEST_DIR}/book-openings.pgn)
  set_tests_properties(match/book_openings PROPERTIES LABELS match PASS_REGULAR_EXPRESSION "^[1-9][0-9]* lines of 4 plies")
endif()
