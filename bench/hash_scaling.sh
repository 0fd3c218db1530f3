#!/usr/bin/env bash
# What the transposition table's size is worth to a deep search: jiang to a fixed depth on the positions
# of data/bench.epd (FIRST to LAST-1) through UCCI, one thread, a fresh table each, once for each Hash
# size. One thread's node counts do not depend on the machine's load, so the nodes to reach the depth
# are the measure (the times are printed too, as a reading). A search's tree changes with the table in
# ways that can go either way for one position, so read the sum and the spread, not one line.
# usage: bench/hash_scaling.sh [DEPTH] [SIZES] [JIANG_BINARY] [FIRST] [LAST]
#        (defaults: 18, 64,256 (MB), build/jiang, 0, 12)
set -euo pipefail
depth=${1:-18}
sizes=${2:-64,256}
jiang=${3:-build/jiang}
first=${4:-0}
last=${5:-12}
here=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$jiang" ] || { echo "no jiang binary at $jiang (build first)" >&2; exit 2; }
[[ $depth =~ ^[0-9]+$ && $first =~ ^[0-9]+$ && $last =~ ^[0-9]+$ && $sizes =~ ^[0-9]+(,[0-9]+)*$ ]] ||
  { echo "usage: bench/hash_scaling.sh [DEPTH] [SIZES, e.g. 64,256] [JIANG_BINARY] [FIRST] [LAST]" >&2; exit 2; }

python3 - "$depth" "$sizes" "$jiang" "$here/data/bench.epd" "$first" "$last" "$here/bench" <<'PY'
import sys
depth, sizes, jiang, epd, first, last = (int(sys.argv[1]), [int(s) for s in sys.argv[2].split(",")],
                                         sys.argv[3], sys.argv[4], int(sys.argv[5]), int(sys.argv[6]))
sys.path.insert(0, sys.argv[7])
from depth_runs import bench_fens, depth_run
fens = bench_fens(epd)[first:last]
totals = {}
for size in sizes:
    nodes = []
    seconds = 0.0
    for fen in fens:
        n, t = depth_run([jiang], ["ucci", f"setoption hashsize {size}"], "setoption newgame", [fen], depth)
        nodes.append(n)
        seconds += t
    totals[size] = sum(nodes)
    print(f"hash {size} MB: {sum(nodes):,} nodes, {seconds:.1f} s; by position: {' '.join(map(str, nodes))}",
          flush=True)
base = sizes[0]
for size in sizes[1:]:
    print(f"hash {size} MB against {base} MB: nodes to depth {depth} x{totals[size] / totals[base]:.3f}")
PY
