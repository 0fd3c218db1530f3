#!/usr/bin/env bash
# Search speed of two jiang binaries by `jiang bench` (same positions, same depth), run in turn.
#
# usage: bench/bench_vs.sh BEFORE AFTER [ROUNDS] [BENCH_ARGS...]    (default 8 rounds)
#
# Runs BEFORE and AFTER alternately ROUNDS times each (an even number: each binary is first in half the
# rounds) and prints every run's nodes per second of CPU time (the bench process's user + system time, so
# that waiting for a core on a loaded machine does not count; bench's own nps line is by the wall clock),
# then each binary's median and fastest, and the ratio AFTER/BEFORE: the geometric mean of the ratio of
# medians among the rounds' first runs and among their second runs. The order matters: on one machine
# (2026-12-07) the second run of a round was about 10% faster than the first, whichever binary it was, so
# a fixed order measured the same search 12% faster; comparing runs in the same place of their rounds
# takes that out. Single runs catch other processes' bursts both ways, medians less so. The node counts
# must be equal (the same search); a difference is reported and the exit code is 1.
set -euo pipefail
before=${1:?usage: bench/bench_vs.sh BEFORE AFTER [ROUNDS] [BENCH_ARGS...]}
after=${2:?usage: bench/bench_vs.sh BEFORE AFTER [ROUNDS] [BENCH_ARGS...]}
rounds=${3:-8}
shift $(( $# < 3 ? $# : 3 ))
for b in "$before" "$after"; do [ -x "$b" ] || { echo "not an executable: $b" >&2; exit 2; }; done
[[ $rounds =~ ^[0-9]+$ ]] && [ $((rounds % 2)) = 0 ] && [ "$rounds" -gt 0 ] ||
  { echo "ROUNDS must be an even number above 0, not '$rounds'" >&2; exit 2; }

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

# Keyed by role (0 before, 1 after), not by path, so that a binary can be timed against itself.
binaries = (before, after)
nps = ([], [])
by_place = {(i, place): [] for i in (0, 1) for place in (0, 1)}  # place: first or second in its round
nodes = [None, None]
for r in range(rounds):
    # The order flips each round (see the header).
    for place, i in enumerate((0, 1) if r % 2 == 0 else (1, 0)):
        n, s = bench(binaries[i])
        by_place[(i, place)].append(s)
        if nodes[i] is None:
            nodes[i] = n
        elif nodes[i] != n:
            sys.exit(f"{binaries[i]}: nodes {n} in round {r + 1}, {nodes[i]} before: not deterministic")
        nps[i].append(s)
    print(f"round {r + 1}: before {nps[0][-1]} nps, after {nps[1][-1]} nps", flush=True)
for label, i in (("before", 0), ("after", 1)):
    print(f"{label}: {binaries[i]} nodes {nodes[i]} median {statistics.median(nps[i]):.0f} nps, fastest {max(nps[i])} nps")
ratios = [statistics.median(by_place[(1, p)]) / statistics.median(by_place[(0, p)]) for p in (0, 1)]
print(f"ratio after/before: {(ratios[0] * ratios[1]) ** 0.5:.3f} (medians of the rounds' first runs "
      f"{ratios[0]:.3f}, of their second runs {ratios[1]:.3f})")
if nodes[0] != nodes[1]:
    print(f"the node counts differ: {nodes[0]} and {nodes[1]}")
    sys.exit(1)
PY
