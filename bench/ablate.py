#!/usr/bin/env python3
"""Runs a queue of fixed-node matches one after another, in chunks, so that a run stopped at any moment
resumes where it was: the ablations of the search's steps (docs/search.md).

usage: bench/ablate.py RUNDIR [--once]
       bench/ablate.py RUNDIR --table      (the results so far as the rows of docs/search.md's table)

RUNDIR/queue.tsv holds one experiment a line (tab-separated; '#' comments):
    NAME  GAMES  LIMIT  ENGINE_SPEC_1  ENGINE_SPEC_2  [ELO0,ELO1]
with LIMIT nodes a move (a number) or a time control (`tc=2+0.02`: for the time manager's steps, which
do nothing at fixed nodes), and `jiang match --engine` specs; the score is the first engine's (for an
ablation: the build with every step first, the step turned off second, so the score is what the step
gains). The queue is read again after each experiment, so lines can be added while it runs. Each
experiment is played as chunks of 100 games (50 openings of data/match-openings-a.fen, the next 50 for
the next chunk, round the file), each chunk a `jiang match` of its own (RUNDIR/NAME/chunk-K.out and
.pgn); a chunk without its final summary line is played again. Two fixed-node games from one opening are
the same game, so each pass round the openings after the first is played at 5% more nodes a pass (5000,
5250, ...): the figures are "at LIMIT nodes" with that proviso (games at a time control differ by
themselves). After each chunk the pairs so far are added up (pentanomial); with ELO0,ELO1 the experiment
also stops early once the generalised SPRT of elo0 against elo1 (alpha = beta = 0.05, as `jiang match
--sprt`) decides, otherwise after GAMES. The Elo and its 95% margin are computed as `jiang match` does;
the line goes to RUNDIR/results.tsv and RUNDIR/NAME/result.txt.
Before an experiment, each engine's `option.disablesteps=...` is checked with its own `bench --disable`:
`jiang match` plays on when an engine refuses an option, which would measure nothing.
The matches run `$JIANG match` (default: the jiang next to this script's build/), $CONCURRENCY games at a
time (default 2).
"""
import math
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JIANG = os.environ.get("JIANG", os.path.join(HERE, "build", "jiang"))
OPENINGS = os.environ.get("OPENINGS", os.path.join(HERE, "data", "match-openings-a.fen"))
CHUNK_GAMES = 100
CONCURRENCY = os.environ.get("CONCURRENCY", "2")
ADJUDICATION = ["--resign", "movecount=3", "score=600", "--draw", "movenumber=40", "movecount=8", "score=10"]
PAIRS_RE = re.compile(r"^pairs (\d+): LL (\d+), LD (\d+), DD (\d+), WL (\d+), WD (\d+), WW (\d+)$", re.M)
RESULT_RE = re.compile(r"^\S+ vs \S+: (\d+)-(\d+)-(\d+) ", re.M)
Z95 = 1.959963984540054


def openings():
    lines = []
    with open(OPENINGS) as f:
        for line in f:
            fen = line.split(";")[0].strip()
            if fen and not fen.startswith("#"):
                lines.append(fen)
    return lines


def queue(rundir):
    with open(os.path.join(rundir, "queue.tsv")) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            name, games, limit, a, b = fields[:5]
            sprt = tuple(float(x) for x in fields[5].split(",")) if len(fields) > 5 and fields[5] else None
            yield name, int(games), limit if limit.startswith("tc=") else int(limit), a, b, sprt


def chunk_done(out):
    if not os.path.exists(out):
        return None
    text = open(out).read()
    m = PAIRS_RE.search(text)
    return [int(x) for x in m.groups()[1:]] if m and RESULT_RE.search(text) else None


def chunk_nodes(k, nodes, fens):
    """The nodes per move of chunk k: 5% more for each pass round the openings, so no game repeats."""
    return nodes + (k * (CHUNK_GAMES // 2) // len(fens)) * nodes // 20


def limit_args(k, limit, fens):
    """jiang match's arguments for chunk k's limit: a time control, or its nodes a move."""
    if isinstance(limit, str):
        return ["--tc", limit[len("tc="):]]
    return ["--nodes", str(chunk_nodes(k, limit, fens))]


def limit_label(limit):
    """The limit as results.tsv and the table give it: '20000 nodes' or 'tc 2+0.02'."""
    return f"tc {limit[len('tc='):]}" if isinstance(limit, str) else f"{limit} nodes"


def play_chunk(dirname, k, limit, a, b, fens):
    out, pgn, fen_file = (os.path.join(dirname, f"chunk-{k}.{ext}") for ext in ("out", "pgn", "fen"))
    per = CHUNK_GAMES // 2
    with open(fen_file, "w") as f:
        for i in range(per):
            f.write(fens[(k * per + i) % len(fens)] + "\n")
    if os.path.exists(pgn):
        os.remove(pgn)
    cmd = [JIANG, "match", "--engine", a, "--engine", b, *limit_args(k, limit, fens),
           "--games", str(CHUNK_GAMES),
           "--openings", fen_file, "-t", CONCURRENCY, "--progress", "10", "--pgn", pgn] + ADJUDICATION
    with open(out + ".tmp", "w") as f:
        f.write("# " + " ".join(cmd) + "\n")
        f.flush()
        rc = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT)
    if rc != 0:
        raise SystemExit(f"chunk {k} of {dirname}: jiang match exited {rc}")
    os.replace(out + ".tmp", out)


def estimate(penta):
    """Score, Elo and 95% margin from the pair classes LL, LD, DD+WL, WD, WW (as match/stats.cpp)."""
    scores = [0, 0.25, 0.5, 0.75, 1]
    pairs = sum(penta)
    score = sum(c * s for c, s in zip(penta, scores)) / pairs
    variance = sum(c * (s - score) ** 2 for c, s in zip(penta, scores)) / pairs
    spread = Z95 * math.sqrt(variance / pairs)
    edge = 0.5 / (pairs * 2)

    def elo(s):
        s = min(max(s, edge), 1 - edge)
        return -400 * math.log10(1 / s - 1)

    return score, elo(score), (elo(score + spread) - elo(score - spread)) / 2


PAIR_SCORES = [0.0, 0.25, 0.5, 0.75, 1.0]


def elo_to_score(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def nearest_with_mean(observed, score):
    """The distribution nearest `observed` whose mean is `score` (as match/stats.cpp)."""
    def slope(theta):
        return sum(o * (a - score) / (1 + theta * (a - score)) for o, a in zip(observed, PAIR_SCORES))
    lo, hi = -1 / (1 - score), 1 / score
    for _ in range(200):
        mid = lo + (hi - lo) / 2
        if mid <= lo or mid >= hi:
            break
        if slope(mid) > 0:
            lo = mid
        else:
            hi = mid
    theta = lo + (hi - lo) / 2
    return [o / (1 + theta * (a - score)) for o, a in zip(observed, PAIR_SCORES)]


def sprt(penta, elo0, elo1, alpha=0.05, beta=0.05):
    """The GSPRT's verdict on the pair classes: 'H1', 'H0' or None, and the LLR (as match/stats.cpp)."""
    observed = [c if c else 1e-3 for c in penta]
    total = sum(observed)
    observed = [o / total for o in observed]
    h0 = nearest_with_mean(observed, elo_to_score(elo0))
    h1 = nearest_with_mean(observed, elo_to_score(elo1))
    llr = total * sum(o * math.log(p1 / p0) for o, p0, p1 in zip(observed, h0, h1))
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    return ("H1" if llr >= upper else "H0" if llr <= lower else None), llr


def check_steps(spec):
    """Stops the run when an engine spec turns off a step its binary does not know."""
    words = dict(w.split("=", 1) for w in spec.split() if "=" in w)
    steps = words.get("option.disablesteps")
    if steps is None:
        return
    rc = subprocess.call([words["cmd"], "bench", "--depth", "1", "--disable", steps], stdout=subprocess.DEVNULL)
    if rc != 0:
        raise SystemExit(f"{spec}: {words['cmd']} does not know the steps '{steps}'")


def run_experiment(rundir, name, games, limit, a, b, bounds, fens):
    dirname = os.path.join(rundir, name)
    os.makedirs(dirname, exist_ok=True)
    if os.path.exists(os.path.join(dirname, "result.txt")):
        return False
    check_steps(a)
    check_steps(b)
    start = time.time()
    totals = [0] * 6  # LL LD DD WL WD WW
    wdl = [0, 0, 0]
    verdict = None
    for k in range(games // CHUNK_GAMES):
        out = os.path.join(dirname, f"chunk-{k}.out")
        if chunk_done(out) is None:
            play_chunk(dirname, k, limit, a, b, fens)
        totals = [t + c for t, c in zip(totals, chunk_done(out))]
        wdl = [t + int(c) for t, c in zip(wdl, RESULT_RE.search(open(out).read()).groups())]
        ll, ld, dd, wl, wd, ww = totals
        if bounds:
            verdict, llr = sprt([ll, ld, dd + wl, wd, ww], *bounds)
            if verdict:
                break
    ll, ld, dd, wl, wd, ww = totals
    score, elo, margin = estimate([ll, ld, dd + wl, wd, ww])
    test = f"sprt [{bounds[0]:g},{bounds[1]:g}] {verdict or 'none'} llr {llr:.2f}" if bounds else "no sprt"
    line = (f"{name}\t{elo:+.1f}\t{margin:.1f}\t{sum(wdl)}\t{wdl[0]}-{wdl[1]}-{wdl[2]}\t{score * 100:.1f}%\t"
            f"LL {ll} LD {ld} DD {dd} WL {wl} WD {wd} WW {ww}\t{test}\t{limit_label(limit)}\t{a}\t{b}\t"
            f"{time.strftime('%Y-%m-%d')}\t{(time.time() - start) / 60:.0f} min")
    with open(os.path.join(dirname, "result.txt"), "w") as f:
        f.write(line + "\n")
    with open(os.path.join(rundir, "results.tsv"), "a") as f:
        f.write(line + "\n")
    print(line, flush=True)
    return True


def table(rundir):
    """One markdown row per result: step, Elo, games, limit, SPRT, W-D-L, pentanomial, binary, date."""
    with open(os.path.join(rundir, "results.tsv")) as f:
        for line in f:
            name, elo, margin, games, wdl, _score, penta, test, limit, a, b, date, _minutes = line.rstrip("\n").split("\t")
            binary = os.path.basename(dict(w.split("=", 1) for w in b.split() if "=" in w)["cmd"])
            limit = limit.removeprefix("tc ").removesuffix(" nodes")
            print(f"| {name} | {elo} +/- {margin} | {games} | {limit} | {test} | {wdl} | {penta} | {binary} | "
                  f"{date} |")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    rundir = sys.argv[1]
    if "--table" in sys.argv:
        return table(rundir)
    fens = openings()
    while True:
        pending = [e for e in queue(rundir) if not os.path.exists(os.path.join(rundir, e[0], "result.txt"))]
        if not pending:
            return
        name, games, limit, a, b, bounds = pending[0]
        if games % CHUNK_GAMES:
            sys.exit(f"{name}: GAMES must be a multiple of {CHUNK_GAMES}")
        run_experiment(rundir, name, games, limit, a, b, bounds, fens)
        if "--once" in sys.argv:
            return


if __name__ == "__main__":
    main()
