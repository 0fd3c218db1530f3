"""Searches of data/bench.epd to a fixed depth through an engine's protocol, for the bench scripts
(search_speed.sh, thread_scaling.sh): the nodes of each search's last info line and the wall-clock
time from `go` to `bestmove`, summed over the positions."""
import re
import subprocess
import sys
import time


def bench_fens(epd):
    return [l.split(";")[0].strip() for l in open(epd) if l.split(";")[0].strip()]


def depth_run(cmd, setup, newgame, fens, depth):
    """(nodes, seconds) of `cmd` searching each FEN to `depth` after the `setup` commands; `newgame` is
    sent before each position (a fresh table)."""
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def until(word):
        last = None
        for line in p.stdout:
            if line.startswith("info") and " nodes " in line:
                last = line
            if line.startswith(word):
                return last
        sys.exit(f"{cmd[0]} ended before '{word}'")

    for s in setup:
        send(s)
    send("isready")
    until("readyok")
    nodes, elapsed = 0, 0.0
    for fen in fens:
        send(newgame)
        send("isready")
        until("readyok")
        send(f"position fen {fen}")
        t = time.perf_counter()
        send(f"go depth {depth}")
        last = until("bestmove")
        elapsed += time.perf_counter() - t
        m = re.search(r" nodes (\d+)", last or "")
        nodes += int(m.group(1)) if m else 0
    send("quit")
    p.stdin.close()
    p.wait()
    return nodes, elapsed
