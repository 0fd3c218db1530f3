# Tests of the evaluation and the search, included from tests/CMakeLists.txt.
#
#   jiang_engine_tests  Catch2: the parameter registry, evaluation symmetry and draw rules, the square
#                       sets' line bits read back, the fast evaluation equal to a plain reference
#                       evaluation term by term, the evaluation cache, mates, and the search's
#                       contracts (legal moves, determinism, limits, repetition, 60-move rule), the
#                       repetition rulings (perpetual chase), the best-first search (its trees built by
#                       hand, and its searches), and the engine's threads under stop/ponderhit at random
#                       moments (tagged [threads]: what the ThreadSanitizer build runs).
#                       Test cases tagged [slow] (over ~10 s in Release) or [timing] (wall-clock
#                       bounds) get the ctest label `slow` or `timing`, which the sanitizer build skips.
#   bench_signature     `jiang bench` must count exactly the nodes in data/bench.signature (label bench).

add_executable(jiang_engine_tests
  eval_params.cpp
  eval_symmetry.cpp
  eval_reference.cpp
  eval_square_set.cpp
  eval_cache.cpp
  search_mate.cpp
  search_behaviour.cpp
  search_see.cpp
  search_priority.cpp
  search_two_stage.cpp
  search_skill.cpp
  eval_knowledge.cpp
  rules_chase.cpp
  engine_threads.cpp
  search_best_first.cpp
  search_tt.cpp
  search_movepick.cpp
  search_timeman.cpp
  search_history.cpp)
target_link_libraries(jiang_engine_tests PRIVATE jiang_engine jiang_test_main)
target_compile_definitions(jiang_engine_tests PRIVATE JIANG_DATA_DIR="${PROJECT_SOURCE_DIR}/data")
# [slow] and [timing] cases get their labels (jiang_discover_tests in tests/CMakeLists.txt).
jiang_discover_tests(jiang_engine_tests "engine/")

# --- The bench signature ---------------------------------------------------------------------------
# `jiang bench` searches fixed positions to a fixed depth; its node count changes only when the search or
# the evaluation behaves differently. A change that is meant must update data/bench.signature and say
# "Bench: N" in its commit message; a change that is not meant (a refactoring, a speed-up) must leave it.
set(JIANG_BENCH_SCRIPT ${CMAKE_CURRENT_BINARY_DIR}/check_bench_signature.cmake)
file(WRITE ${JIANG_BENCH_SCRIPT} [==[
execute_process(COMMAND "${JIANG}" bench RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "jiang bench failed (exit ${rc})\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(NOT out MATCHES "(^|\n)nodes ([0-9]+)")
  message(FATAL_ERROR "jiang bench printed no 'nodes N' line\nstdout:\n${out}\nstderr:\n${err}")
endif()
set(actual "${CMAKE_MATCH_2}")
file(READ "${SIGNATURE}" expected)
string(STRIP "${expected}" expected)
if(NOT expected MATCHES "^[0-9]+$")
  message(FATAL_ERROR "${SIGNATURE} must hold one number, the bench node count; it holds '${expected}'")
endif()
message("${out}")
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR
    "bench signature mismatch: jiang bench counts ${actual} nodes, ${SIGNATURE} says ${expected}.\n"
    "If this change alters search or evaluation behaviour on purpose, write ${actual} into "
    "data/bench.signature and put a line 'Bench: ${actual}' in the commit message. If it should not "
    "change behaviour (a refactoring, a speed-up), find out why the node count moved.")
endif()
message("bench signature ${actual} matches")
]==])
add_test(NAME bench_signature
         COMMAND ${CMAKE_COMMAND} -DJIANG=$<TARGET_FILE:jiang> -DSIGNATURE=${PROJECT_SOURCE_DIR}/data/bench.signature
                 -P ${JIANG_BENCH_SCRIPT})
set_tests_properties(bench_signature PROPERTIES LABELS bench TIMEOUT 1800)

# `jiang bench --eval` (the evaluation's speed): it runs, prints a time and a checksum; a bad weights
# file is an error.
jiang_cli_test(cli_bench_eval pass "bench|--eval|--repeat|1" "checksum -?[0-9]+.*ns/eval [0-9]")
jiang_cli_test(cli_bench_modes pass "bench|--depth|3|--mode|two-stage|--order|priority" "mode two-stage order priority.*nodes [0-9]+")
jiang_cli_test(cli_bench_two_stage_params pass
               "bench|--depth|3|--mode|two-stage|--two-stage-margin|120|--two-stage-share|40|--two-stage-ply|2"
               "mode two-stage order history \\(margin 120 cp, stage 1 share 40%, positional ply 2\\).*nodes [0-9]+")
jiang_cli_test(cli_bench_bad_two_stage_share fail "bench|--mode|two-stage|--two-stage-share|95" "--two-stage-share")
jiang_cli_test(cli_bench_bad_mode fail "bench|--mode|minimax" "expected one of alphabeta, two-stage, best-first")
jiang_cli_test(cli_bench_bad_order fail "bench|--order|random" "expected one of history, priority")
jiang_cli_test(cli_bench_eval_bad_weights fail "bench|--eval|--weights|/nonexistent/w.json" "/nonexistent/w.json")
