#!/usr/bin/env bash
# Search speed of two jiang binaries by `jiang bench` (same positions, same depth), run in turn.
#
# usage: bench/bench_vs.sh BEFORE AFTER [ROUNDS] [BENCH_ARGS...]    (default 7 rounds)
#
# Runs BEFORE and AFTER alternately ROUNDS times each and prints every run's nodes per second of CPU
# time (the bench process's user + system time, so that waiting for a core on a loaded machine does not
# count; bench's own nps line is by the wall clock), then each binary's median and fastest, and the ratio
# AFTER/BEFORE of the medians: single runs catch other processes' bursts both ways, the median of
# alternating runs less so. The node counts must be equal (the same search); a difference is reported
# and the exit code is 1.
set -euo pipefail
before=${1:?usage: bench/bench_vs.sh BEFORE AFTER [ROUNDS] [BENCH_ARGS...]}
after=${2:?usage: bench/bench_vs.sh BEFORE AFTER [ROUNDS] [BENCH_ARGS...]}
rounds=${3:-7}
shift $(( $# < 3 ? $# : 3 ))
for b in "$before" "$after"; do [ -x "$b" ] || { echo "not an executable: $b" >&2; exit 2; }; done

python3 - "$before" "$after" "$rounds" "$@" <<'PY'
import resource, statistics, subprocess, sys
before, after, rounds, extra = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]

def cpu_seconds():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def bench(binary):
    start = cpu_seconds()
    out = subprocess.run([binary, "bench", *extra], capture_output=True, text=True, check=True).stdout
    spent = cpu_seconds() - start
    fields = dict(line.split(" ", 1) for line in out.splitlines() if " " in line)
    nodes = int(fields["nodes"])
    return nodes, round(nodes / spent)

nps = {before: [], after: []}
nodes = {}
for r in range(rounds):
    for b in (before, after):
        n, s = bench(b)
        nodes.setdefault(b, n)
        if nodes[b] != n:
            sys.exit(f"{b}: nodes {n} in round {r + 1}, {nodes[b]} before: not deterministic")
        nps[b].append(s)
    print(f"round {r + 1}: before {nps[before][-1]} nps, after {nps[after][-1]} nps", flush=True)
for label, b in (("before", before), ("after", after)):
    print(f"{label}: {b} nodes {nodes[b]} median {statistics.median(nps[b]):.0f} nps, fastest {max(nps[b])} nps")
print(f"ratio after/before (medians): {statistics.median(nps[after]) / statistics.median(nps[before]):.3f}")
if nodes[before] != nodes[after]:
    print(f"the node counts differ: {nodes[before]} and {nodes[after]}")
    sys.exit(1)
PY
