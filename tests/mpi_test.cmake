# One case of tests/mpi_tests.cmake: -DJIANG= -DMPIRUN= -DDATA= -DDIR= -DCASE=.
set(mpi2 ${MPIRUN} -np 2 --oversubscribe)
file(REMOVE_RECURSE "${DIR}")
file(MAKE_DIRECTORY "${DIR}")

# Runs a command; its exit code must be `expect` ("0" or "fail") and its output match `pattern`.
function(run expect pattern)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 300)
  message("$ ${ARGN}\nexit: ${rc}\n${out}${err}")
  if(NOT rc MATCHES "^[0-9]+$")
    message(FATAL_ERROR "the command did not exit normally: ${rc}")
  endif()
  if(expect STREQUAL "0" AND NOT rc EQUAL 0)
    message(FATAL_ERROR "expected exit code 0")
  elseif(expect STREQUAL "fail" AND rc EQUAL 0)
    message(FATAL_ERROR "expected a non-zero exit code")
  endif()
  if("${out}${err}" MATCHES "Sanitizer|runtime error:|Segmentation|terminate called")
    message(FATAL_ERROR "the command reported a crash")
  endif()
  if(NOT "${out}${err}" MATCHES "${pattern}")
    message(FATAL_ERROR "the output does not match '${pattern}'")
  endif()
  set(last_output "${out}${err}" PARENT_SCOPE)
endfunction()

# A self-play file without its first line (the command, which names the file).
function(body file var)
  file(READ "${file}" text)
  string(FIND "${text}" "\n" eol)
  math(EXPR eol "${eol} + 1")
  string(SUBSTRING "${text}" ${eol} -1 text)
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

function(same_files a b)
  file(READ "${a}" ta)
  file(READ "${b}" tb)
  if(NOT ta STREQUAL tb)
    message(FATAL_ERROR "${a} and ${b} differ")
  endif()
endfunction()

function(same_bodies a b)
  body("${a}" ta)
  body("${b}" tb)
  if(NOT ta STREQUAL tb)
    message(FATAL_ERROR "${a} and ${b} hold other games")
  endif()
endfunction()

# A tuner's CSV without its elapsed_s column: every iteration's losses.
function(same_histories a b)
  foreach(f a b)
    file(READ "${${f}}" t)
    string(REGEX REPLACE "\n([0-9]+),[^,]*," "\n\\1," t "${t}")
    set(t${f} "${t}")
  endforeach()
  if(NOT ta STREQUAL tb)
    message(FATAL_ERROR "the loss histories ${a} and ${b} differ")
  endif()
endfunction()

set(sp selfplay --nodes 300 --random-plies 4 --threads 1 --seed 5)
set(sample --data ${DATA}/selfplay-sample.txt --threads 1 --force)

if(CASE STREQUAL "selfplay_same_file")
  run(0 "done: 8 games" ${JIANG} ${sp} --games 8 --out ${DIR}/one.txt)
  run(0 "2 ranks: rank r plays games r, r \\+ 2.*done: 8 games" ${mpi2} ${JIANG} ${sp} --games 8 --out ${DIR}/two.txt)
  same_bodies(${DIR}/one.txt ${DIR}/two.txt)
  # Resumed across rank counts: 1 process then 2 ranks, 2 ranks then 1 process.
  run(0 "done: 3 games" ${JIANG} ${sp} --games 3 --out ${DIR}/grown.txt)
  run(0 "resuming .*: 3 games.*done: 8 games" ${mpi2} ${JIANG} ${sp} --games 8 --out ${DIR}/grown.txt)
  same_bodies(${DIR}/one.txt ${DIR}/grown.txt)
  run(0 "done: 5 games" ${mpi2} ${JIANG} ${sp} --games 5 --out ${DIR}/grown2.txt)
  run(0 "resuming .*: 5 games.*done: 8 games" ${JIANG} ${sp} --games 8 --out ${DIR}/grown2.txt)
  same_bodies(${DIR}/one.txt ${DIR}/grown2.txt)

elseif(CASE STREQUAL "tune_same_weights")
  set(hc --algo hc --params material --iterations 6)
  set(sa --algo sa --params material,tempo --iterations 40)
  set(ga --algo ga --params material --ga-population 4 --iterations 2)
  set(adam --algo adam --iterations 4)
  # From the hand-set weights (advisor and elephant alike), hill climbing's first material step changes
  # the exchange order: both ranks trace their shards again, together.
  set(retraced --algo hc --params material --weights ${DATA}/weights-handset.json --iterations 8)
  set(retraced_log "traced the positions again")
  foreach(algo hc sa ga adam retraced)
    run(0 "${${algo}_log}.*(stopped after|finished)" ${JIANG} tune ${sample} ${${algo}}
        --out ${DIR}/one-${algo}.json)
    run(0 "this rank: [1-9][0-9]* and .*${${algo}_log}.*(stopped after|finished).*communicating with 2 ranks"
        ${mpi2} ${JIANG} tune ${sample} ${${algo}} --out ${DIR}/two-${algo}.json)
    same_files(${DIR}/one-${algo}.json ${DIR}/two-${algo}.json)
    same_histories(${DIR}/one-${algo}.csv ${DIR}/two-${algo}.csv)
  endforeach()
  # Stopped after 3 iterations and resumed, under mpirun and by one process.
  run(0 "stopped after 3 iterations" ${mpi2} ${JIANG} tune ${sample} --algo hc --params material --iterations 3
      --out ${DIR}/resumed.json)
  file(COPY ${DIR}/resumed.checkpoint.json DESTINATION ${DIR}/alone)
  run(0 "resuming hc at iteration 3.*stopped after 6 iterations" ${mpi2} ${JIANG} tune
      --resume ${DIR}/resumed.checkpoint.json --iterations 6)
  same_files(${DIR}/one-hc.json ${DIR}/resumed.json)
  run(0 "resuming hc at iteration 3.*stopped after 6 iterations" ${JIANG} tune
      --resume ${DIR}/alone/resumed.checkpoint.json --iterations 6 --out ${DIR}/alone/resumed.json)
  same_files(${DIR}/one-hc.json ${DIR}/alone/resumed.json)

elseif(CASE STREQUAL "games_objective")
  set(games tune --objective games --games 4 --nodes 150 --algo hc --params tempo --iterations 2 --threads 1 --force)
  run(0 "stopped after 2 iterations" ${JIANG} ${games} --out ${DIR}/one.json)
  run(0 "spread over 2 ranks.*stopped after 2 iterations" ${mpi2} ${JIANG} ${games} --out ${DIR}/two.json)
  same_files(${DIR}/one.json ${DIR}/two.json)
  same_histories(${DIR}/one.csv ${DIR}/two.csv)

elseif(CASE STREQUAL "spsa_same_result")
  # SPSA on the search's margins: 2 ranks share each duel's games and move theta as 1 process does, and a
  # run stopped after 2 duels and resumed under mpirun (or by 1 process) ends the same.
  set(spsa tune --objective games --algo spsa --params search.capture_futility_base,search.futility_base
      --games 4 --nodes 150 --spsa-pairs 8 --threads 1 --force)
  run(0 "finished after 4 iterations.*theta after 8 pairs" ${JIANG} ${spsa} --out ${DIR}/one.json)
  run(0 "spread over 2 ranks.*finished after 4 iterations" ${mpi2} ${JIANG} ${spsa} --out ${DIR}/two.json)
  same_files(${DIR}/one.json ${DIR}/two.json)
  same_histories(${DIR}/one.csv ${DIR}/two.csv)
  run(0 "stopped after 2 iterations" ${mpi2} ${JIANG} ${spsa} --iterations 2 --out ${DIR}/resumed.json)
  file(COPY ${DIR}/resumed.checkpoint.json DESTINATION ${DIR}/alone)
  run(0 "resuming spsa at iteration 2.*finished after 4 iterations" ${mpi2} ${JIANG} tune
      --resume ${DIR}/resumed.checkpoint.json)
  same_files(${DIR}/one.json ${DIR}/resumed.json)
  run(0 "resuming spsa at iteration 2.*finished after 4 iterations" ${JIANG} tune
      --resume ${DIR}/alone/resumed.checkpoint.json --out ${DIR}/alone/resumed.json)
  same_files(${DIR}/one.json ${DIR}/alone/resumed.json)

elseif(CASE STREQUAL "errors")
  # Rank 0 alone writes the files: its error must end rank 1 too, with one message, not leave it waiting.
  run(fail "rank 0: cannot write" ${mpi2} ${JIANG} tune ${sample} --algo hc --params tempo --iterations 2
      --out /nonexistent/dir/out.json)
  run(fail "cannot write /nonexistent/dir/out.txt" ${mpi2} ${JIANG} ${sp} --games 2 --out /nonexistent/dir/out.txt)
  run(fail "/nonexistent/positions.txt" ${mpi2} ${JIANG} tune --data /nonexistent/positions.txt --algo hc
      --out ${DIR}/x.json)
  run(fail "cannot read checkpoint" ${mpi2} ${JIANG} tune --resume /nonexistent/ckpt.json)

elseif(CASE STREQUAL "signal")
  # SIGTERM once FILE holds PATTERN (a game, a checkpoint), to mpirun (what Ctrl-C sends) or to the ranks
  # (what a batch system's time limit sends to every process of the job); then the same command finishes
  # the run, equal to an uninterrupted one. What mpirun's ranks print after the signal may not get out.
  # (No ';' in the script: CMake would cut the argument there.)
  set(cut [=[file=$1
pattern=$2
to=$3
shift 3
"$@" &
pid=$!
for i in $(seq 1 1000)
do
  grep -qs "$pattern" "$file" && break
  sleep 0.1
done
if [ "$to" = ranks ]
then
  pkill -TERM -P $pid
else
  kill -TERM $pid
fi
wait $pid
exit 0]=])
  # mpirun takes about 2 s to pass SIGTERM on, in which 2 ranks play some 80 of these games on a quiet machine:
  # 200 games keep the signal inside the run.
  run(0 "done: 200 games" ${JIANG} ${sp} --games 200 --out ${DIR}/whole.txt)
  run(0 "" sh -c "${cut}" sh ${DIR}/cut.txt "^# game" mpirun ${mpi2} ${JIANG} ${sp} --games 200 --out ${DIR}/cut.txt)
  run(0 "resuming .*: ([1-9]|[1-9][0-9]|1[0-9][0-9]) games.*done: 200 games" ${mpi2} ${JIANG} ${sp} --games 200
      --out ${DIR}/cut.txt)
  same_bodies(${DIR}/whole.txt ${DIR}/cut.txt)
  # The ranks see their signal within an exchange, well inside these 25 iterations (about a second).
  set(adam tune ${sample} --algo adam --iterations 25 --checkpoint-every 0)
  run(0 "stopped after 25" ${JIANG} ${adam} --out ${DIR}/whole.json)
  run(0 "" sh -c "${cut}" sh ${DIR}/cut.checkpoint.json iteration ranks ${mpi2} ${JIANG} ${adam} --out ${DIR}/cut.json)
  run(0 "resuming adam at iteration ([0-9]|1[0-9]|2[0-4]) .*stopped after 25" ${mpi2} ${JIANG} tune
      --resume ${DIR}/cut.checkpoint.json --iterations 25)
  same_files(${DIR}/whole.json ${DIR}/cut.json)

else()
  message(FATAL_ERROR "unknown case ${CASE}")
endif()
