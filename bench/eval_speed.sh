#!/usr/bin/env bash
# Speed of the static evaluation against a baseline, in one run on one machine.
#
# usage: bench/eval_speed.sh [REV] [ROUNDS] [BEFORE_BINARY]     (defaults: main, 5, the baseline built)
#
# The baseline is this tree with eval/ as it is at REV (built once in /tmp/jiang-eval-REV), so the two
# differ only in the evaluation; REV's eval/ must fit today's engine (since 2026-12-01 the engine reads
# headers older evaluations lack: for those, bench/eval_vs.sh times the evaluations alone). Then:
#   1. ns per evaluation: `jiang bench --eval` (1280 positions, 100 passes, the thread's CPU time) of
#      the baseline and of build/jiang in turn, ROUNDS times each; the fastest of each counts. The
#      checksums of the scores must agree: the evaluations are the same.
#   2. the share of search time spent in the evaluation: `perf record` (cpu-clock samples) of
#      `jiang bench --depth D` for BEFORE_BINARY (e.g. a build of main itself) and for build/jiang,
#      counting the samples in functions of the evaluation library (eval/, as listed by nm). Needs perf.
#      D is $JIANG_SHARE_DEPTH, 12 by default: at the bench's own depth a quarter of the samples clear
#      the 16 MB table for each position, which is not search time.
# Build build/jiang first. Timings on a shared machine are noisy: compare the two in the same run.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rev=${1:-main}
rounds=${2:-5}
new="$here/build/jiang"
[ -x "$new" ] || { echo "no jiang binary at $new (build first)" >&2; exit 2; }
commit=$(git -C "$here" rev-parse --verify "$rev^{commit}")
base_tree=/tmp/jiang-eval-${rev//\//-}

# --- the baseline: this tree (as committed) with REV's eval/ ------------------------------------------
# Rebuilt when REV or anything else the binary is built from changes (not for tests, scripts, docs).
stamp="$commit $(git -C "$here" rev-parse HEAD:engine HEAD:movegen HEAD:tuning HEAD:CMakeLists.txt | tr '\n' ' ')"
if [ "$(cat "$base_tree/.stamp" 2>/dev/null)" != "$stamp" ]; then
  echo "building the baseline (this tree with eval/ at $rev) in $base_tree ..." >&2
  rm -rf "$base_tree" && mkdir -p "$base_tree"
  git -C "$here" archive HEAD | tar -x -C "$base_tree"
  rm -rf "$base_tree/eval" && git -C "$here" archive "$commit" eval | tar -x -C "$base_tree"
  # The evaluation cache (eval/eval_cache.h) is the search's, not the evaluation's: keep this tree's.
  cp "$here/eval/eval_cache.h" "$base_tree/eval/"
  cmake -S "$base_tree" -B "$base_tree/build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
  cmake --build "$base_tree/build" -j2 --target jiang >/dev/null
  echo "$stamp" > "$base_tree/.stamp"
fi
base="$base_tree/build/jiang"
before=${3:-$base}

# --- 1. ns per evaluation ------------------------------------------------------------------------------
field() { awk -v k="$1" '$1 == k { print $2 }'; }
best_base=1e18 best_new=1e18
for ((i = 0; i < rounds; ++i)); do
  out_base=$("$base" bench --eval) && out_new=$("$new" bench --eval)
  sum_base=$(field checksum <<<"$out_base") sum_new=$(field checksum <<<"$out_new")
  [ "$sum_base" = "$sum_new" ] || { echo "checksums differ: $sum_base vs $sum_new" >&2; exit 1; }
  best_base=$(awk -v a="$best_base" -v b="$(field ns/eval <<<"$out_base")" 'BEGIN { print (b < a ? b : a) }')
  best_new=$(awk -v a="$best_new" -v b="$(field ns/eval <<<"$out_new")" 'BEGIN { print (b < a ? b : a) }')
done
echo "static evaluation, jiang bench --eval: $(head -n 1 <<<"$out_new"), fastest of $rounds rounds"
printf "  %-28s %8.1f ns/eval  checksum %s\n" "eval/ at $rev" "$best_base" "$sum_base"
printf "  %-28s %8.1f ns/eval  checksum %s\n" "this tree" "$best_new" "$sum_new"
awk -v a="$best_new" -v b="$best_base" 'BEGIN { printf "  this tree / baseline: %.2f\n", a / b }'

# --- 2. share of search time in the evaluation ---------------------------------------------------------
command -v perf >/dev/null || { echo "perf not found: no search-time share" >&2; exit 0; }
# The evaluation's functions: what the eval library defines, as perf names them (no parameter lists).
# "(anonymous namespace)" is kept while the parameters go; a template's return type goes too.
eval_symbols() {
  nm -C --defined-only "$1" | awk '$2 ~ /^[tTwW]$/' | cut -d' ' -f3- |
    sed 's/(anonymous namespace)/@anon@/g; s/(.*//; s/@anon@/(anonymous namespace)/g; s/^[^ ]* \(jiang::\)/\1/' | sort -u
}
share() {  # binary, library -> percentage of samples in the library's functions, and the bench output
  local data; data=$(mktemp)
  local out; out=$(perf record -q -e cpu-clock -o "$data" -- "$1" bench --depth "$share_depth" 2>/dev/null)
  perf report -i "$data" --sort sym --stdio 2>/dev/null |
    awk -v list=<(eval_symbols "$2") 'BEGIN { while ((getline s < list) > 0) eval[s] = 1 }
      /^ *[0-9.]+%/ { p = $1; sub(/%/, "", p); name = $0; sub(/^ *[0-9.]+% +\[[^]]*\] +/, "", name)
                      total += p; if (name in eval) in_eval += p }
      END { printf "%.1f%%", 100 * in_eval / total }'
  echo "  ($(grep -E '^(nodes|nps)' <<<"$out" | tr '\n' ' '))"
  rm -f "$data"
}
share_depth=${JIANG_SHARE_DEPTH:-12}
echo "share of jiang bench --depth $share_depth time spent in the evaluation (perf record, cpu-clock samples):"
# BEFORE_BINARY's own evaluation library names its functions, when it sits beside it in a build tree.
before_lib=$(dirname "$before")/eval/libjiang_eval.a
[ -f "$before_lib" ] || before_lib=$base_tree/build/eval/libjiang_eval.a
echo "  $before: $(share "$before" "$before_lib")"
echo "  $new: $(share "$new" "$here/build/eval/libjiang_eval.a")"
