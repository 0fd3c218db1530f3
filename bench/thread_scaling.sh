#!/usr/bin/env bash
# Lazy SMP's scaling (issue 25, section 5): jiang with Threads 1 and then 2 on the same positions
# (data/bench.epd), same run, each search to a fixed depth through UCCI with a fresh table. Prints, for
# each thread count, the nodes, the time to reach the depth and the nodes per second, and the ratios of
# two threads to one. Needs the machine to itself: both figures are wall-clock.
# usage: bench/thread_scaling.sh [DEPTH] [JIANG_BINARY] [ROUNDS]    (defaults: 12, build/jiang, 3)
# ROUNDS alternates the two settings that many times, so that a burst of load hits both alike.
set -euo pipefail
depth=${1:-12}
jiang=${2:-build/jiang}
rounds=${3:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$jiang" ] || { echo "no jiang binary at $jiang (build first)" >&2; exit 2; }

python3 - "$depth" "$jiang" "$here/data/bench.epd" "$rounds" "$here/bench" <<'PY'
import sys
depth, jiang, epd, rounds = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
sys.path.insert(0, sys.argv[5])
from depth_runs import bench_fens, depth_run
fens = bench_fens(epd)


def run(threads):
    return depth_run([jiang], ["ucci", f"setoption threads {threads}"], "setoption newgame", fens, depth)


totals = {1: [0, 0.0], 2: [0, 0.0]}
for r in range(rounds):
    for threads in (1, 2) if r % 2 == 0 else (2, 1):
        n, t = run(threads)
        totals[threads][0] += n; totals[threads][1] += t
        print(f"round {r + 1}, threads {threads}: {n} nodes, {t:.2f} s, {n / t:,.0f} nodes/s", flush=True)
(n1, t1), (n2, t2) = totals[1], totals[2]
print(f"depth {depth}, {len(fens)} positions, {rounds} rounds")
print(f"threads 1: {n1} nodes, {t1:.2f} s, {n1 / t1:,.0f} nodes/s")
print(f"threads 2: {n2} nodes, {t2:.2f} s, {n2 / t2:,.0f} nodes/s")
print(f"two threads against one: nodes/s x{(n2 / t2) / (n1 / t1):.2f}, time to depth x{t2 / t1:.2f} "
      f"(speed-up {t1 / t2:.2f}), nodes x{n2 / n1:.2f}")
PY
