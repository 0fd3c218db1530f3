#!/usr/bin/env bash
# Search speed of jiang and Debian's fairy-stockfish on the same positions (data/bench.epd), same machine,
# same run, one thread each, each engine to a fixed depth through its own protocol (UCCI for jiang).
# usage: bench/search_speed.sh [DEPTH] [JIANG_BINARY]      (defaults: 10, build/jiang)
# Prints nodes, time and nodes per second for both, and the time to reach the depth.
set -euo pipefail
depth=${1:-10}
jiang=${2:-build/jiang}
fsf=/usr/games/fairy-stockfish
here=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$jiang" ] || { echo "no jiang binary at $jiang (build first)" >&2; exit 2; }
[ -x "$fsf" ] || { echo "fairy-stockfish missing: apt-get install fairy-stockfish" >&2; exit 2; }

python3 - "$depth" "$jiang" "$fsf" "$here/data/bench.epd" "$here/bench" <<'PY'
import sys
depth, jiang, fsf, epd = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
sys.path.insert(0, sys.argv[5])
from depth_runs import bench_fens, depth_run
fens = bench_fens(epd)

jn, jt = depth_run([jiang], ["ucci", "setoption hashsize 64"], "setoption newgame", fens, depth)
fn, ft = depth_run([fsf], ["uci", "setoption name UCI_Variant value xiangqi", "setoption name Hash value 64"], "ucinewgame",
                   fens, depth)
print(f"{len(fens)} positions of data/bench.epd, go depth {depth}, one thread, 64 MB hash")
print(f"jiang           {jn:>12,} nodes  {jt:8.2f} s  {jn / jt / 1e3:8.0f} k nodes/s")
print(f"fairy-stockfish {fn:>12,} nodes  {ft:8.2f} s  {fn / ft / 1e3:8.0f} k nodes/s")
print(f"nodes per second: jiang / fairy-stockfish = {(jn / jt) / (fn / ft):.2f}")
PY
