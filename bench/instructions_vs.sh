#!/usr/bin/env bash
# Search cost of two jiang binaries in instructions, which a loaded or shared machine does not change:
# `jiang bench` (same positions, same arguments) run once each under valgrind's callgrind, which counts
# every instruction executed (start-up included). Prints each binary's nodes, instructions and
# instructions a node, and the ratio AFTER/BEFORE of the instructions a node. Where the node counts are
# equal (the same search) the ratio is the change in speed, as far as instructions tell it: cache misses
# and branch mispredictions are not counted, so a change in memory traffic (the table's pages, a bigger
# history) needs bench/bench_vs.sh on a quiet machine instead. Slow: about 40 times a plain bench, so keep
# the depth low (the default, --depth 9, takes ~20 s a binary).
#
# usage: bench/instructions_vs.sh BEFORE AFTER [BENCH_ARGS...]    (default BENCH_ARGS: --depth 9)
set -euo pipefail
before=${1:?usage: bench/instructions_vs.sh BEFORE AFTER [BENCH_ARGS...]}
after=${2:?usage: bench/instructions_vs.sh BEFORE AFTER [BENCH_ARGS...]}
shift 2
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--depth 9)
command -v valgrind >/dev/null || { echo "valgrind not found (apt-get install valgrind)" >&2; exit 2; }
for b in "$before" "$after"; do [ -x "$b" ] || { echo "not an executable: $b" >&2; exit 2; }; done

count() {  # BINARY -> "NODES INSTRUCTIONS"
  local out
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" bench "${args[@]}" 2>&1) ||
    { echo "$1 bench ${args[*]} failed:" >&2; echo "$out" | tail -5 >&2; exit 1; }
  local nodes instructions
  nodes=$(echo "$out" | awk '/^nodes /{print $2}')
  instructions=$(echo "$out" | awk '/Collected :/{print $NF}')
  [ -n "$nodes" ] && [ -n "$instructions" ] || { echo "$1: no node or instruction count in its output" >&2; exit 1; }
  echo "$nodes $instructions"
}

read -r nodes_before instr_before < <(count "$before")
read -r nodes_after instr_after < <(count "$after")
python3 - "$before" "$nodes_before" "$instr_before" "$after" "$nodes_after" "$instr_after" <<'PY'
import sys
before, nb, ib, after, na, ia = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5]), int(sys.argv[6])
for name, n, i in ((before, nb, ib), (after, na, ia)):
    print(f"{name}: nodes {n} instructions {i:,} ({i / n:,.0f} a node)")
print(f"ratio after/before, instructions a node: {(ia / na) / (ib / nb):.3f}"
      + ("" if na == nb else f" (node counts differ: {nb} and {na}, not the same search)"))
PY
