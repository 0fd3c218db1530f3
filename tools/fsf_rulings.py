#!/usr/bin/env python3
"""Fairy-Stockfish's ruling of each row of a repetition-case file (data/chase.tsv, data/rule-cases.tsv),
beside the one the file gives, to check a reference's column (docs/rules.md).

    tools/fsf_rulings.py FAIRY_STOCKFISH FILE...

For each row, Fairy-Stockfish (UCI, variant xiangqi) gets the record without its last move and searches
that move alone to depth 1 (`go depth 1 searchmoves M`): the move completes the third occurrence, which
it rules at once. A mate against the mover means the side to move after the record wins (stm_wins), a
mate for the mover stm_loses, 0 a draw. Columns compared: chase.tsv's expect, rule-cases.tsv's fsf.
Exit code 1 if any ruling differs.
"""
import re
import subprocess
import sys


def uci_move(iccs):
    """ICCS ranks 0-9 to Fairy-Stockfish's UCI ranks 1-10."""
    return iccs[0] + str(int(iccs[1]) + 1) + iccs[2] + str(int(iccs[3]) + 1)


def ruling(engine, fen, moves):
    moves = moves.split()
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write("uci\nsetoption name UCI_Variant value xiangqi\n")
    p.stdin.write("position fen %s moves %s\n" % (fen, " ".join(uci_move(m) for m in moves[:-1])))
    p.stdin.write("go depth 1 searchmoves %s\n" % uci_move(moves[-1]))
    p.stdin.flush()
    score = None
    for line in p.stdout:
        found = re.search(r"score (cp|mate) (-?\d+)", line)
        if found:
            score = (found.group(1), int(found.group(2)))
        if line.startswith("bestmove"):
            break
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    if score is None:
        return "no score"
    kind, value = score
    if kind == "cp":
        return "draw" if value == 0 else "none (cp %d)" % value
    return "stm_wins" if value <= 0 else "stm_loses"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    engine, differ = sys.argv[1], 0
    for path in sys.argv[2:]:
        for line in open(path):
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            given = fields[1] if path.endswith("chase.tsv") else fields[5]
            got = ruling(engine, fields[2], fields[3])
            differ += got != given
            print("%-18s given %-9s fairy-stockfish %-9s%s" % (fields[0], given, got, "" if got == given else "  DIFFERS"))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
