# Tests of the tuner, included from tests/CMakeLists.txt.
#
#   jiang_tuner_tests  Catch2: the positions objective (sigmoid, K fitting on synthetic data, validation
#                      split, thread-independent loss), each algorithm on a synthetic problem with a known
#                      answer, checkpoint then resume equal to an uninterrupted run (hc, sa, ga, adam; stopped by
#                      --iterations, by the stop flag between iterations and at random moments), refused
#                      checkpoints, bad data and settings, the games objective, adam's gradient against finite differences, --l2 and
#                      --patience, the real `jiang tune` stopped by SIGINT/SIGTERM and resumed, and runs over
#                      2 and 3 ranks in one process (threads sharing a cluster) equal to one process's, and
#                      SPSA (tuner_spsa.cpp: a noisy quadratic's optimum found, fishtest's schedules,
#                      resumed equal to uninterrupted, refused settings). Cases
#                      tagged [slow] (over ~10 s in Release)
#                      get the ctest label `slow`.
#   tuner/cli_*        bad options of `jiang tune`: a non-zero exit and a message, never a crash.
#   tuner/end_to_end   selfplay a few games -> tune a few iterations -> load the result with `jiang eval`,
#                      `jiang bench` and a UCCI `setoption weightsfile`; and a tiny games-objective run.

add_executable(jiang_tuner_tests
  tuner_texel.cpp
  tuner_trace.cpp
  tuner_algorithms.cpp
  tuner_adam.cpp
  tuner_checkpoint.cpp
  tuner_errors.cpp
  tuner_games.cpp
  tuner_signals.cpp
  tuner_shards.cpp
  tuner_parallel.cpp
  tuner_spsa.cpp)
target_link_libraries(jiang_tuner_tests PRIVATE jiang_tuner jiang_test_main)
target_compile_definitions(jiang_tuner_tests PRIVATE JIANG_BINARY="$<TARGET_FILE:jiang>"
                           JIANG_DATA_DIR="${PROJECT_SOURCE_DIR}/data")
add_dependencies(jiang_tuner_tests jiang)
jiang_discover_tests(jiang_tuner_tests "tuner/")

# --- Bad options of `jiang tune` (jiang_cli_test is defined in tests/CMakeLists.txt) -------------------
set(TUNER_TEST_DIR ${CMAKE_CURRENT_BINARY_DIR}/tuner)
file(MAKE_DIRECTORY ${TUNER_TEST_DIR})
set(tn_start "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
file(WRITE ${TUNER_TEST_DIR}/two.txt "${tn_start} 0.5\nrnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C4NC1/9/RNBAKAB1R w - - 2 2 1.0\n")
file(WRITE ${TUNER_TEST_DIR}/scored.txt "${tn_start} 0.5 12\nrnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C4NC1/9/RNBAKAB1R w - - 2 2 1.0 -40\n${tn_start} 0.0\n")
file(WRITE ${TUNER_TEST_DIR}/empty.txt "")
file(WRITE ${TUNER_TEST_DIR}/malformed.txt "${tn_start} 0.5\n${tn_start} maybe\n${tn_start} 1-0\n")
file(WRITE ${TUNER_TEST_DIR}/not-a-checkpoint.json "{\"material.rook.mg\": 900}\n")
set(tn_data "--data|${TUNER_TEST_DIR}/two.txt|--validation|0")
set(tn_out "--out|${TUNER_TEST_DIR}/out.json|--force")
jiang_cli_test(tuner/cli_help pass "tune|--help" "Texel.*--ga-elitism.*--spsa-pairs.*spsa +.games objective. one duel")
jiang_cli_test(tuner/cli_no_algo fail "tune|${tn_data}|${tn_out}" "--algo is required")
jiang_cli_test(tuner/cli_unknown_algo fail "tune|${tn_data}|--algo|tabu|${tn_out}" "algo")
jiang_cli_test(tuner/cli_no_out fail "tune|${tn_data}|--algo|hc" "--out is required")
jiang_cli_test(tuner/cli_no_data fail "tune|--algo|hc|${tn_out}" "--data FILE is required")
jiang_cli_test(tuner/cli_missing_data fail "tune|--data|/nonexistent/positions.txt|--algo|hc|${tn_out}"
               "/nonexistent/positions.txt")
jiang_cli_test(tuner/cli_empty_data fail "tune|--data|${TUNER_TEST_DIR}/empty.txt|--algo|hc|${tn_out}" "empty.txt")
jiang_cli_test(tuner/cli_strict_malformed fail
               "tune|--data|${TUNER_TEST_DIR}/malformed.txt|--strict|--algo|hc|--params|tempo|${tn_out}" "malformed.txt:2:")
jiang_cli_test(tuner/cli_malformed_skipped pass
               "tune|--data|${TUNER_TEST_DIR}/malformed.txt|--validation|0|--algo|hc|--params|tempo|--iterations|1|${tn_out}"
               "malformed.txt:2:")
jiang_cli_test(tuner/cli_unknown_param fail "tune|${tn_data}|--algo|hc|--params|material.dragon.mg|${tn_out}"
               "no parameter or group named 'material.dragon.mg'")
jiang_cli_test(tuner/cli_spsa_needs_games fail "tune|${tn_data}|--algo|spsa|--group|search|${tn_out}"
               "spsa plays games: it needs --objective games")
jiang_cli_test(tuner/cli_spsa_bad_pairs fail "tune|--objective|games|--algo|spsa|--group|search|--spsa-pairs|0|${tn_out}"
               "--spsa-pairs")
jiang_cli_test(tuner/cli_search_by_positions fail "tune|${tn_data}|--algo|hc|--group|search|${tn_out}"
               "the search's parameters are tuned by games")
jiang_cli_test(tuner/cli_search_and_weights fail
               "tune|--objective|games|--algo|spsa|--params|tempo,search.capture_futility_base|${tn_out}" "not both")
jiang_cli_test(tuner/cli_bad_search_params fail
               "tune|--objective|games|--algo|spsa|--group|search|--search-params|/nonexistent/s.json|${tn_out}"
               "cannot read search parameters file '/nonexistent/s.json'")
jiang_cli_test(tuner/cli_lambda_out_of_range fail "tune|${tn_data}|--algo|hc|--lambda|1.5|${tn_out}" "--lambda")
jiang_cli_test(tuner/cli_lambda_blends pass
               "tune|--data|${TUNER_TEST_DIR}/scored.txt|--validation|0|--k|1|--lambda|0.25|--algo|hc|--params|tempo|--iterations|1|${tn_out}"
               "labels: 0.25 x result \\+ 0.75 x the search score's win probability for 2 of 3 positions \\(the others have no score")
jiang_cli_test(tuner/cli_unknown_group fail "tune|${tn_data}|--algo|hc|--group|magic|${tn_out}" "magic")
jiang_cli_test(tuner/cli_params_and_group fail "tune|${tn_data}|--algo|hc|--params|tempo|--group|material|${tn_out}"
               "excludes")
jiang_cli_test(tuner/cli_bad_shrink fail "tune|${tn_data}|--algo|hc|--shrink|1.5|${tn_out}" "--shrink")
jiang_cli_test(tuner/cli_zero_shrink fail "tune|${tn_data}|--algo|hc|--shrink|0|${tn_out}" "--shrink must be above 0")
jiang_cli_test(tuner/cli_bad_validation fail "tune|--data|${TUNER_TEST_DIR}/two.txt|--algo|hc|--validation|150%|${tn_out}" "below 100%")
jiang_cli_test(tuner/cli_validation_not_a_number fail "tune|--data|${TUNER_TEST_DIR}/two.txt|--validation|lots|--algo|hc|${tn_out}"
               "expected a percentage")
jiang_cli_test(tuner/cli_iterations_zero fail "tune|${tn_data}|--algo|hc|--iterations|0|${tn_out}" "iterations")
jiang_cli_test(tuner/cli_iterations_and_time fail "tune|${tn_data}|--algo|hc|--iterations|3|--time|5|${tn_out}" "excludes")
jiang_cli_test(tuner/cli_bad_threads fail "tune|${tn_data}|--algo|hc|--threads|0|${tn_out}" "threads")
jiang_cli_test(tuner/cli_bad_sa_rate fail "tune|${tn_data}|--algo|sa|--sa-rate|1.5|${tn_out}" "sa-rate")
jiang_cli_test(tuner/cli_bad_hc_steps fail "tune|${tn_data}|--algo|hc|--hc-step|2|--hc-min-step|4|${tn_out}" "minimum step")
jiang_cli_test(tuner/cli_bad_elitism fail "tune|${tn_data}|--algo|ga|--ga-population|4|--ga-elitism|4|${tn_out}" "elitism")
jiang_cli_test(tuner/cli_bad_crossover fail "tune|${tn_data}|--algo|ga|--ga-crossover|three-point|${tn_out}" "ga-crossover")
jiang_cli_test(tuner/cli_patience_no_validation fail "tune|${tn_data}|--algo|adam|--patience|3|${tn_out}"
               "--patience needs a validation loss")
jiang_cli_test(tuner/cli_bad_adam_rate fail "tune|${tn_data}|--algo|adam|--adam-rate|0|${tn_out}" "adam-rate")
jiang_cli_test(tuner/cli_negative_l2 fail "tune|${tn_data}|--algo|hc|--l2|-1|${tn_out}" "l2")
jiang_cli_test(tuner/cli_missing_weights fail "tune|${tn_data}|--algo|hc|--weights|/nonexistent/w.json|${tn_out}" "w.json")
jiang_cli_test(tuner/cli_games_odd fail "tune|--objective|games|--games|3|--algo|hc|${tn_out}" "even number of games")
jiang_cli_test(tuner/cli_games_depth_and_nodes fail "tune|--objective|games|--depth|2|--nodes|100|--algo|hc|${tn_out}"
               "excludes")
jiang_cli_test(tuner/cli_games_with_data fail "tune|--objective|games|${tn_data}|--algo|hc|${tn_out}"
               "--data is for the positions objective")
jiang_cli_test(tuner/cli_bad_openings fail "tune|--objective|games|--openings|/nonexistent/o.fen|--algo|hc|${tn_out}" "o.fen")
jiang_cli_test(tuner/cli_resume_missing fail "tune|--resume|/nonexistent/ckpt.json" "cannot read checkpoint")
jiang_cli_test(tuner/cli_resume_not_a_checkpoint fail "tune|--resume|${TUNER_TEST_DIR}/not-a-checkpoint.json"
               "not a jiang tune checkpoint")
jiang_cli_test(tuner/cli_unwritable_out fail "tune|${tn_data}|--algo|hc|--params|tempo|--out|/nonexistent/dir/out.json"
               "cannot write")

# --- End to end: self-play, tune, load the result in the engine -----------------------------------------
set(TUNER_E2E_SCRIPT ${CMAKE_CURRENT_BINARY_DIR}/tuner_end_to_end.cmake)
file(WRITE ${TUNER_E2E_SCRIPT} [==[
# Runs one step: the command must exit 0 and its output match `expect`.
function(step expect)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                  INPUT_FILE "${stdin_file}")
  message("$ ${ARGN}\nexit: ${rc}\n${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the step failed (exit ${rc})")
  endif()
  if("${out}${err}" MATCHES "Sanitizer|runtime error:|Segmentation|Aborted|terminate called")
    message(FATAL_ERROR "the step reported a crash or a sanitizer error")
  endif()
  if(NOT "${out}${err}" MATCHES "${expect}")
    message(FATAL_ERROR "the output does not match '${expect}'")
  endif()
endfunction()

file(REMOVE_RECURSE "${DIR}")
file(MAKE_DIRECTORY "${DIR}")
set(stdin_file /dev/null)
step("done: 6 games" ${JIANG} selfplay --games 6 --nodes 300 --random-plies 4 --threads 2 --seed 3
     --out ${DIR}/positions.txt)
step("finished|stopped after 4 iterations" ${JIANG} tune --data ${DIR}/positions.txt --algo hc --group material
     --iterations 4 --out ${DIR}/tuned.json)
foreach(algo sa ga adam)
  step("stopped after 2 iterations" ${JIANG} tune --data ${DIR}/positions.txt --algo ${algo} --params material,tempo
       --iterations 2 --ga-population 4 --l2 0.1 --out ${DIR}/tuned-${algo}.json)
endforeach()
if(NOT EXISTS ${DIR}/tuned.csv OR NOT EXISTS ${DIR}/tuned.checkpoint.json)
  message(FATAL_ERROR "no loss history or checkpoint beside the output")
endif()
step("total -?[0-9]+ cp for Red" ${JIANG} eval --weights ${DIR}/tuned.json)
step("nodes [1-9][0-9]*" ${JIANG} bench --depth 3 --weights ${DIR}/tuned.json)
file(WRITE ${DIR}/ucci.txt "ucci\nsetoption weightsfile ${DIR}/tuned.json\nisready\nposition startpos\ngo depth 2\nquit\n")
set(stdin_file ${DIR}/ucci.txt)
step("weights loaded from.*readyok.*bestmove" ${JIANG} --weights ${DIR}/tuned.json)
set(stdin_file /dev/null)
# The games objective, as small as it gets, and resuming it.
step("stopped after 1 iterations" ${JIANG} tune --objective games --games 2 --nodes 150 --algo hc --params tempo
     --iterations 1 --out ${DIR}/games.json)
step("resuming hc at iteration 1.*stopped after 2 iterations" ${JIANG} tune --resume ${DIR}/games.checkpoint.json
     --iterations 2)
]==])
add_test(NAME tuner/end_to_end
         COMMAND ${CMAKE_COMMAND} -DJIANG=$<TARGET_FILE:jiang> -DDIR=${TUNER_TEST_DIR}/end_to_end -P ${TUNER_E2E_SCRIPT})
set_tests_properties(tuner/end_to_end PROPERTIES LABELS "cli;tuner" TIMEOUT 600)

# --- `jiang match`: a tiny match between two weight files, and its bad options -------------------------
jiang_cli_test(tuner/match_tiny pass
               "match|--weights|${PROJECT_SOURCE_DIR}/data/weights.json|--baseline|${PROJECT_SOURCE_DIR}/data/weights.json|--games|4|--nodes|300|--threads|2"
               "[0-4]-[0-4]-[0-4] \\(wins-draws-losses\\) in 4 games, score [0-9.]+%, Elo [-+][0-9]+ \\+/- [0-9]+")
jiang_cli_test(tuner/match_repeated_openings pass "match|--weights|${PROJECT_SOURCE_DIR}/data/weights.json|--games|34|--depth|1"
               "34 games from 16 openings: openings repeat")
jiang_cli_test(tuner/match_odd_games fail "match|--weights|${PROJECT_SOURCE_DIR}/data/weights.json|--games|3" "must be even")
jiang_cli_test(tuner/match_no_weights fail "match|--games|2" "--weights or --search-params is required")
jiang_cli_test(tuner/match_missing_weights fail "match|--weights|/nonexistent/w.json|--games|2" "/nonexistent/w.json")
file(WRITE ${TUNER_TEST_DIR}/search.json "{\"search.capture_futility_base\": 300}\n")
jiang_cli_test(tuner/match_search_params pass "match|--search-params|${TUNER_TEST_DIR}/search.json|--games|2|--nodes|300|--threads|2"
               "search.json vs defaults: [0-2]-[0-2]-[0-2] \\(wins-draws-losses\\) in 2 games")
jiang_cli_test(tuner/match_bad_search_params fail "match|--search-params|${TUNER_TEST_DIR}/search.json|--baseline-search-params|/nonexistent/s.json|--games|2"
               "cannot read search parameters file '/nonexistent/s.json'")

# --- SIGKILL, SIGINT and SIGTERM at random moments (a stop signal also right after start): self-play and the
# tuner (hc, sa, ga, adam) resumed again and again must end as uninterrupted runs do, with no torn or
# temporary file left; a stop signal must end self-play, the tuner and the match by their clean exit (51
# stop signals here: 17 each). docs/reliability.md gives the figures of a long run (tests/kill_resume.py
# --kills 100). Label `slow`: sanitizer builds skip it.
find_program(PYTHON3_PROGRAM python3)
if(PYTHON3_PROGRAM)
  add_test(NAME kill_resume
           COMMAND ${PYTHON3_PROGRAM} ${CMAKE_CURRENT_SOURCE_DIR}/kill_resume.py $<TARGET_FILE:jiang> --kills 6 --signals 17)
  set_tests_properties(kill_resume PROPERTIES LABELS slow TIMEOUT 600 PASS_REGULAR_EXPRESSION "PASS")
  # tools/plot_loss.py draws two short runs' histories, and refuses a broken one.
  add_test(NAME tuner/plot_loss
           COMMAND ${PYTHON3_PROGRAM} ${CMAKE_CURRENT_SOURCE_DIR}/plot_loss_test.py $<TARGET_FILE:jiang>
                   ${PROJECT_SOURCE_DIR}/data/selfplay-sample.txt ${PROJECT_SOURCE_DIR}/tools/plot_loss.py)
  set_tests_properties(tuner/plot_loss PROPERTIES LABELS cli TIMEOUT 120 PASS_REGULAR_EXPRESSION "PASS")
endif()
