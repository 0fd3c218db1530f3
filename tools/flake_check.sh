#!/usr/bin/env bash
# The flakiness proof (issue 26): the README's test command, run RUNS times in a row on a machine kept
# busy by two background loads (two `jiang bench --depth 14` loops, one a core on a 2-core machine), and
# the count of passes. Stops at the first failure unless --all is given, and keeps every run's output.
#
#   tools/flake_check.sh [--runs N] [--all] [--build DIR] [--out DIR] [--filter REGEX]
#
# --filter adds `-R REGEX` to ctest (to try the script on a few tests; the proof runs without it).
# The build is made once (the README command's cmake steps); each run is then the README command's
# ctest part, verbatim. The loads are this script's own children and end with it.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=20 all=0 build=build out="" filter=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --all) all=1; shift ;;
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --filter) filter=$2; shift 2 ;;
    *) echo "usage: $0 [--runs N] [--all] [--build DIR] [--out DIR] [--filter REGEX]" >&2; exit 2 ;;
  esac
done
out=${out:-$(mktemp -d /tmp/jiang-flake-XXXXXX)}
mkdir -p "$out"

# The README's test command (as .ci/run reads it): its ctest part is what each run repeats.
readme_command=$(awk '/^```/ { blocks++; next } blocks == 3 { print; exit }' README.md)
ctest_command=${readme_command##*&& }
case "$ctest_command" in ctest*) ;; *) echo "no ctest step at the end of the README's command: $readme_command" >&2; exit 2 ;; esac
ctest_command=${ctest_command//--test-dir build/--test-dir $build}
[ -z "$filter" ] || ctest_command="$ctest_command -R '$filter'"

cmake -S . -B "$build" > "$out/configure.log"
cmake --build "$build" -j2 > "$out/build.log"
jiang=$build/jiang

loads=()
stop_loads() {
  for pid in "${loads[@]}"; do kill "$pid" 2> /dev/null || true; done
  wait 2> /dev/null || true
}
trap stop_loads EXIT
for i in 1 2; do
  # Each load ends its bench too when told to stop.
  (
    trap 'kill "$bench" 2> /dev/null; exit 0' TERM
    while true; do
      "$jiang" bench --depth 14 > /dev/null 2>&1 &
      bench=$!
      wait "$bench" || true
    done
  ) &
  loads+=($!)
done

passed=0 run=0
while [ "$run" -lt "$runs" ]; do
  run=$((run + 1))
  started=$(date +%s)
  if bash -c "$ctest_command" > "$out/run-$run.log" 2>&1; then
    passed=$((passed + 1))
    echo "run $run: passed ($(($(date +%s) - started)) s)"
  else
    echo "run $run: FAILED ($(($(date +%s) - started)) s): $(grep -A20 'The following tests FAILED' "$out/run-$run.log" | sed -n '2,6p' | tr -s '\t ' ' ')"
    [ "$all" = 1 ] || break
  fi
done
echo "$passed of $run runs passed ($runs asked) with two bench loads in the background; each run: $ctest_command; logs in $out"
[ "$passed" = "$runs" ]
