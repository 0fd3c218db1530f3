#!/usr/bin/env python3
"""The tactical set of issue 12 and its solve rates: does two-stage search avoid the tactical blunders a
shallow full-evaluation search makes?

  bench/tactics.py build SELFPLAY_FILE OUT.epd [--every N] [--limit N] [--jiang build/jiang]
      Positions of a `jiang selfplay` file (every Nth) where a deep search (depth 10) finds a move that
      wins material (its line gains at least a pawn of material for the side to move, and it scores at
      least 150 cp) that a shallow search (depth 3) does not play, and after which the shallow search's
      move is at least 100 cp worse by a depth-9 search. Written as EPD: FEN; bm MOVE; c0 "...".
  bench/tactics.py solve SET.epd --go "nodes N" [--mode alphabeta|two-stage|best-first|priority ...]
                   [--jiang build/jiang]
      For each mode, how many positions jiang solves (plays the bm move) with `go nodes N` (or any other
      `go` arguments, such as "depth 3"): UCI, `ucinewgame` before each position, one thread.
"""
import argparse, subprocess, sys

DEEP, SHALLOW, CHECK = 10, 3, 9
MIN_SCORE, MIN_GAIN, MIN_DIFFERENCE = 150, 100, 100
VALUES = {'r': 900, 'n': 400, 'c': 450, 'a': 200, 'b': 200, 'p': 100, 'k': 0}


class Jiang:
    def __init__(self, binary, options=()):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, word):
        last = None
        for line in self.p.stdout:
            if line.startswith("info depth") and " pv " in line:
                last = line.split()
            if line.startswith(word):
                return last, line.split()
        raise RuntimeError("jiang ended")

    def search(self, fen, go, moves=()):
        self.send("ucinewgame")
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send(go)
        info, best = self.until("bestmove")
        score = None
        if info and "cp" in info:
            score = int(info[info.index("cp") + 1])
        elif info and "mate" in info:
            n = int(info[info.index("mate") + 1])
            score = 30000 if n > 0 else -30000
        pv = info[info.index("pv") + 1:] if info and "pv" in info else []
        return best[1], score, pv

    def quit(self):
        self.send("quit")
        self.p.wait()


def material(fen_board, red):
    total = 0
    for ch in fen_board:
        if ch.lower() in VALUES:
            v = VALUES[ch.lower()]
            total += v if ch.isupper() == red else -v
    return total


def build(args):
    # A line is a six-field FEN and the game's result.
    fens = [" ".join(l.split()[:6]) for l in open(args.selfplay) if l.strip() and not l.startswith("#")]
    fens = fens[::args.every][:args.limit]
    jiang = Jiang(args.jiang)
    found = []
    for i, fen in enumerate(fens):
        deep, score, pv = jiang.search(fen, f"go depth {DEEP}")
        if score is None or score < MIN_SCORE or not pv:
            continue
        shallow, _, _ = jiang.search(fen, f"go depth {SHALLOW}")
        if shallow == deep:
            continue
        _, shallow_score, _ = jiang.search(fen, f"go depth {CHECK} searchmoves {shallow}")
        if shallow_score is None or shallow_score > score - MIN_DIFFERENCE:
            continue
        red = fen.split()[1] == "w"
        end = play(fen, pv)
        if material(end, red) - material(fen.split()[0], red) < MIN_GAIN:
            continue
        found.append(f'{fen}; bm {deep}; c0 "selfplay position {i * args.every}: depth {DEEP} {score} cp, '
                     f'depth {SHALLOW} plays {shallow} ({shallow_score} cp at depth {CHECK})";')
        print(found[-1], flush=True)
    jiang.quit()
    with open(args.out, "w") as out:
        out.write(f"# bench/tactics.py build {args.selfplay} --every {args.every} --limit {args.limit}: positions where "
                  f"depth {DEEP} finds a material-winning move (bm) that depth {SHALLOW} does not play\n")
        out.write("\n".join(found) + "\n")
    print(f"{len(found)} positions of {len(fens)} written to {args.out}")


def play(fen, moves):
    """The board part of the FEN after ICCS moves (captures and plain moves only: enough for material)."""
    rows = fen.split()[0].split("/")
    board = {}
    for r, row in enumerate(rows):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, 9 - r)] = ch
                f += 1
    for m in moves:
        src = (ord(m[0]) - 97, int(m[1]))
        dst = (ord(m[2]) - 97, int(m[3]))
        board[dst] = board.pop(src)
    return "".join(board.values())


def solve(args):
    positions = []
    for line in open(args.set):
        if line.startswith("#") or not line.strip():
            continue
        fen, rest = line.split(";", 1)
        positions.append((fen.strip(), rest.split("bm ")[1].split(";")[0].strip()))
    for mode in args.mode:
        # "priority" is alpha-beta with the priority move order; the others are search modes.
        option = ("Move Order", "priority") if mode == "priority" else ("Search Mode", mode)
        jiang = Jiang(args.jiang, [option])
        solved = sum(jiang.search(fen, f"go {args.go}")[0] == bm for fen, bm in positions)
        jiang.quit()
        print(f"{mode}: {solved}/{len(positions)} solved with go {args.go}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build")
    b.add_argument("selfplay")
    b.add_argument("out")
    b.add_argument("--every", type=int, default=4)
    b.add_argument("--limit", type=int, default=400)
    b.add_argument("--jiang", default="build/jiang")
    s = sub.add_parser("solve")
    s.add_argument("set")
    s.add_argument("--go", required=True, help='the go command\'s arguments, e.g. "nodes 30000"')
    s.add_argument("--mode", nargs="+", default=["alphabeta", "two-stage"])
    s.add_argument("--jiang", default="build/jiang")
    args = parser.parse_args()
    build(args) if args.command == "build" else solve(args)


if __name__ == "__main__":
    main()
