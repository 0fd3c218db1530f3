# Tests of `mpirun -np 2 jiang ...`, included from tests/CMakeLists.txt when the build found MPI and
# mpirun. Label `mpi` (the sanitizer run of .ci/run leaves them out: OpenMPI's own allocations at start
# and exit are reported as leaks).
#
#   mpi/selfplay_same_file   2 ranks write the file 1 process writes (after the command line): every game,
#                            once, in order; then 2 ranks extend a 1-process file and 1 process a 2-rank file.
#   mpi/tune_same_weights    hc, sa, ga and adam on 2 ranks end with the weights of 1 process, byte for byte
#                            (hc also from the hand-set weights, re-tracing when the exchange order changes);
#                            a 2-rank run stopped after a few iterations and resumed under mpirun (and one
#                            resumed by 1 process) ends with them too.
#   mpi/games_objective      the games objective spread over 2 ranks gives the losses of 1 process.
#   mpi/spsa_same_result     SPSA on the search's margins over 2 ranks ends with the parameters of 1
#                            process; stopped and resumed under mpirun (and by 1 process), the same.
#   mpi/errors               an error on rank 0 alone (an output it cannot write) ends both ranks with its
#                            message; bad data ends both with one message.
#   mpi/signal               SIGTERM mid-run to mpirun (self-play) and to the ranks (tuning); the same
#                            commands then finish the runs, equal to uninterrupted ones.
#
# mpirun refuses to run as root without --allow-run-as-root; the variables below say the same to OpenMPI
# for whoever runs the tests, and --oversubscribe lets 2 ranks start on a machine with 1 core.
set(MPI_TEST_DIR ${CMAKE_CURRENT_BINARY_DIR}/mpi)
file(MAKE_DIRECTORY ${MPI_TEST_DIR})
set(MPI_TEST_ENV "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")
set(MPI_TEST_SCRIPT ${CMAKE_CURRENT_SOURCE_DIR}/mpi_test.cmake)

function(jiang_mpi_test name)
  add_test(NAME mpi/${name}
           COMMAND ${CMAKE_COMMAND} -DJIANG=$<TARGET_FILE:jiang> "-DMPIRUN=${MPIEXEC_EXECUTABLE}"
                   -DDATA=${PROJECT_SOURCE_DIR}/data -DDIR=${MPI_TEST_DIR}/${name} -DCASE=${name} -P ${MPI_TEST_SCRIPT})
  set_tests_properties(mpi/${name} PROPERTIES LABELS mpi TIMEOUT 600 ENVIRONMENT "${MPI_TEST_ENV}")
endfunction()

jiang_mpi_test(selfplay_same_file)
jiang_mpi_test(tune_same_weights)
jiang_mpi_test(games_objective)
jiang_mpi_test(spsa_same_result)
jiang_mpi_test(errors)
jiang_mpi_test(signal)
