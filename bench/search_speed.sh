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

python3 - "$depth" "$jiang" "$fsf" "$here/data/bench.epd" <<'PY'
import re, subprocess, sys, time
depth, jiang, fsf, epd = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
fens = [l.split(";")[0].strip() for l in open(epd) if l.split(";")[0].strip()]

def run(cmd, setup, newgame):
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
    def until(word):
        last = None
        for line in p.stdout:
            if line.startswith("info") and " nodes " in line: last = line
            if line.startswith(word): return last
    for s in setup: send(s)
    send("isready"); until("readyok")
    nodes = 0; elapsed = 0.0
    for fen in fens:
        send(newgame); send("isready"); until("readyok")
        send(f"position fen {fen}")
        t = time.perf_counter()
        send(f"go depth {depth}")
        last = until("bestmove")
        elapsed += time.perf_counter() - t
        m = re.search(r" nodes (\d+)", last or "")
        nodes += int(m.group(1)) if m else 0
    send("quit"); p.stdin.close(); p.wait()
    return nodes, elapsed

jn, jt = run([jiang], ["ucci", "setoption hashsize 64"], "setoption newgame")
fn, ft = run([fsf], ["uci", "setoption name UCI_Variant value xiangqi", "setoption name Hash value 64"], "ucinewgame")
print(f"{len(fens)} positions of data/bench.epd, go depth {depth}, one thread, 64 MB hash")
print(f"jiang           {jn:>12,} nodes  {jt:8.2f} s  {jn / jt / 1e3:8.0f} k nodes/s")
print(f"fairy-stockfish {fn:>12,} nodes  {ft:8.2f} s  {fn / ft / 1e3:8.0f} k nodes/s")
print(f"nodes per second: jiang / fairy-stockfish = {(jn / jt) / (fn / ft):.2f}")
PY
