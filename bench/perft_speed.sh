#!/usr/bin/env bash
# Perft speed against Debian's fairy-stockfish: same machine, same run, one thread each, start position.
# usage: bench/perft_speed.sh [DEPTH] [JIANG_BINARY]      (defaults: 5, build/jiang)
# Prints both times and the ratio. Needs: apt-get install fairy-stockfish.
set -euo pipefail
depth=${1:-5}
jiang=${2:-build/jiang}
fsf=/usr/games/fairy-stockfish
[ -x "$jiang" ] || { echo "no jiang binary at $jiang (build first)" >&2; exit 2; }
[ -x "$fsf" ] || { echo "fairy-stockfish missing: apt-get install fairy-stockfish" >&2; exit 2; }

python3 - "$depth" "$jiang" "$fsf" <<'PY'
import re, subprocess, sys, time
depth, jiang, fsf = int(sys.argv[1]), sys.argv[2], sys.argv[3]

t = time.perf_counter()
out = subprocess.run([jiang, "perft", "--depth", str(depth)], capture_output=True, text=True, check=True).stdout
tj = time.perf_counter() - t
jn = int(re.search(r"nodes (\d+)", out).group(1))

p = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
p.stdin.write("uci\nsetoption name UCI_Variant value xiangqi\nposition startpos\nisready\n")
p.stdin.flush()
for line in p.stdout:
    if line.strip() == "readyok": break
t = time.perf_counter()   # timed from the perft command, after start-up
p.stdin.write(f"go perft {depth}\n")
p.stdin.flush()
for line in p.stdout:
    if line.startswith("Nodes searched:"):
        fn = int(line.split(":")[1])
        break
tf = time.perf_counter() - t
p.stdin.write("quit\n")
p.stdin.close()
p.wait()

print(f"perft {depth} from the start position, one thread each")
print(f"jiang           {jn:>14,} leaves  {tj:7.3f} s  {jn / tj / 1e6:7.1f} M leaves/s")
print(f"fairy-stockfish {fn:>14,} leaves  {tf:7.3f} s  {fn / tf / 1e6:7.1f} M leaves/s")
if jn != fn:
    print("MISMATCH in leaf counts")
    sys.exit(1)
print(f"ratio: jiang is {tf / tj:.2f}x faster than fairy-stockfish")
PY
