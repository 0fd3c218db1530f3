#!/usr/bin/env bash
# Builds the fuzz targets (clang, libFuzzer, AddressSanitizer + UndefinedBehaviorSanitizer) and runs each
# for SECONDS on its seed corpus (fuzz/corpus/<target>/) with its dictionary (fuzz/dict/). Fails if any
# target crashes, leaks, hangs or breaks one of its invariants; the input that did it is kept in
# BUILD/artifacts/<target>/ and the target's output in BUILD/logs/<target>.log.
#
#   bash fuzz/run.sh SECONDS            JIANG_FUZZ_JOBS=N   targets run N at a time (default 1)
#                                       JIANG_FUZZ_BUILD=D  the build folder (default build-fuzz)
#                                       JIANG_FUZZ_TARGETS="fen uci"  only these targets
#
# What the targets find on the way goes to BUILD/corpus/<target>/, never into fuzz/corpus/.
set -euo pipefail

seconds=${1:?usage: fuzz/run.sh SECONDS}
jobs=${JIANG_FUZZ_JOBS:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
build=${JIANG_FUZZ_BUILD:-$root/build-fuzz}
read -r -a targets <<< "${JIANG_FUZZ_TARGETS:-fen moves ucci uci weights positions checkpoint games book}"
# An input that takes this long is a hang, and reported as one.
input_timeout_s=20

declare -A dictionary=([fen]=fen [moves]=fen [positions]=fen [weights]=json [checkpoint]=checkpoint
                       [ucci]=ucci [uci]=uci [games]=games [book]=book)
# A session needs several lines to interleave searches with commands: the protocol targets take long
# inputs from the start, instead of libFuzzer's slow growth of the length (about 100 bytes after 5 min).
declare -A options=([ucci]="-max_len=2048 -len_control=0" [uci]="-max_len=2048 -len_control=0")

# -O1 with line tables: quick to build, fast enough to run, and the sanitizers' reports name the lines.
# A Debug build type keeps assert() on: a failed assertion is a finding too. No MPI: the readers fuzzed
# here do not depend on it, and its libraries are not instrumented.
launcher=()
if command -v ccache > /dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug "${launcher[@]}" \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" -DJIANG_FUZZ=ON -DJIANG_WITH_MPI=OFF -DBUILD_TESTING=OFF > /dev/null
cmake --build "$build" -j2 --target "${targets[@]/#/fuzz_}"

run_target() {
  local target=$1
  mkdir -p "$build/corpus/$target" "$build/artifacts/$target" "$build/logs"
  local status=0
  # shellcheck disable=SC2086 # the options are words
  "$build/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout="$input_timeout_s" -print_final_stats=1 ${options[$target]:-} \
    -dict="$root/fuzz/dict/${dictionary[$target]}.dict" -artifact_prefix="$build/artifacts/$target/" \
    "$build/corpus/$target" "$root/fuzz/corpus/$target" > "$build/logs/$target.log" 2>&1 || status=$?
  echo "$status" > "$build/logs/$target.status"
}

for target in "${targets[@]}"; do
  while (( $(jobs -rp | wc -l) >= jobs )); do wait -n || true; done
  echo "fuzzing $target for $seconds s"
  run_target "$target" &
done
wait

failed=0
for target in "${targets[@]}"; do
  log=$build/logs/$target.log
  status=$(cat "$build/logs/$target.status")
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  coverage=$(grep -o 'cov: [0-9]* ft: [0-9]* corp: [0-9]*' "$log" | tail -1 || true)
  if [ "$status" = 0 ]; then
    echo "$target: ok, ${execs:-?} executions, $coverage"
  else
    failed=1
    echo "$target: FAILED (exit $status); the input is in $build/artifacts/$target/, the output follows"
    grep -A 30 -E 'ERROR|invariant broken|runtime error' "$log" | head -60 || tail -40 "$log"
  fi
done
exit "$failed"
