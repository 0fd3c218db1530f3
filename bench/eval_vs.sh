#!/usr/bin/env bash
# The static evaluation of this tree against that of another commit, timed by one program in one run.
#
# usage: bench/eval_vs.sh REV [ROUNDS]      (e.g. bench/eval_vs.sh cecccda 15)
#
# Builds the eval, movegen and util libraries of REV (from git, in /tmp/jiang-evalns-REV) and of this
# working tree (in /tmp/jiang-evalns-tree), links bench/eval_ns.cpp against each, and runs the two
# in turn ROUNDS times (default 15), each run timing 300 passes over the positions of `jiang bench
# --eval` with the thread's CPU clock and keeping its fastest pass. Prints, for each, the median of the
# runs and the fastest run, and the ratio of the medians: on a shared machine single runs catch
# glitches both ways, the median of alternating runs does not. Works for any REV whose evaluation has
# `Evaluator::evaluate` (since the first commits). The checksums differ when the evaluations do.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rev=${1:?usage: bench/eval_vs.sh REV [ROUNDS]}
rounds=${2:-15}
commit=$(git -C "$here" rev-parse --verify "$rev^{commit}")

# Builds TREE's libraries in BUILD (util/ only where the tree has it) and links the harness there as
# BUILD/eval_ns.
build() {
  local tree=$1 build=$2
  local targets=(jiang_eval jiang_movegen) libs=("$build/eval/libjiang_eval.a" "$build/movegen/libjiang_movegen.a")
  if [ -f "$tree/util/CMakeLists.txt" ]; then targets+=(jiang_util) libs+=("$build/util/libjiang_util.a"); fi
  cmake -S "$tree" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
  cmake --build "$build" -j2 --target "${targets[@]}" >/dev/null
  g++ -std=c++20 -O3 -march=x86-64-v2 -I"$tree" "$here/bench/eval_ns.cpp" "${libs[@]}" -o "$build/eval_ns"
}

old_tree=/tmp/jiang-evalns-$rev
if [ "$(cat "$old_tree/.commit" 2>/dev/null)" != "$commit" ]; then
  echo "building the evaluation of $rev in $old_tree ..." >&2
  rm -rf "$old_tree" && mkdir -p "$old_tree/src"
  git -C "$here" archive "$commit" | tar -x -C "$old_tree/src"
  build "$old_tree/src" "$old_tree/build"
  echo "$commit" > "$old_tree/.commit"
fi
echo "building this tree's evaluation ..." >&2
build "$here" /tmp/jiang-evalns-tree

old="$old_tree/build/eval_ns" new=/tmp/jiang-evalns-tree/eval_ns
runs=$(mktemp)
trap 'rm -f "$runs"' EXIT
for ((i = 0; i < rounds; ++i)); do
  echo "old $("$old" "$here/data/bench.epd" | awk '$1 == "ns/eval" { print $2 }')" >> "$runs"
  echo "new $("$new" "$here/data/bench.epd" | awk '$1 == "ns/eval" { print $2 }')" >> "$runs"
done
echo "static evaluation, $(PASSES=1 "$new" "$here/data/bench.epd" | head -n 1 | sed 's/ checksum.*//') (PASSES=1 checksums: $rev $(PASSES=1 "$old" "$here/data/bench.epd" | awk '{ print $4; exit }'), this tree $(PASSES=1 "$new" "$here/data/bench.epd" | awk '{ print $4; exit }'))"
python3 - "$runs" "$rev" "$rounds" <<'PY'
import statistics, sys
runs = {"old": [], "new": []}
for line in open(sys.argv[1]):
    who, ns = line.split()
    runs[who].append(float(ns))
old, new = statistics.median(runs["old"]), statistics.median(runs["new"])
print(f"  {sys.argv[2]:<12} median {old:7.1f} ns/eval, fastest run {min(runs['old']):7.1f}   ({sys.argv[3]} runs each, alternating)")
print(f"  {'this tree':<12} median {new:7.1f} ns/eval, fastest run {min(runs['new']):7.1f}")
print(f"  this tree / {sys.argv[2]}: {new / old:.2f} (medians)")
PY
