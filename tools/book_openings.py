#!/usr/bin/env python3
"""Opening lines from jiang's opening book, as moves from the initial position: for engines without
setboard (MaxQi), which can only be given openings as moves, and for any match that wants them.

usage: book_openings.py JIANG PLIES [OUT.pgn] [--book=FILE]
Walks the book (`jiang book probe`) from the initial position, every book move of every position, to
PLIES plies or until the book ends, and writes one line of ICCS moves per distinct line reached at full
depth (a PGN move list without result, which `jiang match --openings OUT.pgn` reads). Prints how many."""
import subprocess
import sys


def book_moves(jiang, moves, book):
    """The book's moves after `moves` from the initial position (jiang plays them: no rules here)."""
    args = [jiang, "book", "probe", "--moves", " ".join(moves)] + (["--book", book] if book else [])
    lines = subprocess.run(args, capture_output=True, text=True, check=True).stdout.splitlines()
    return [line.split()[0] for line in lines[2:] if line and len(line.split()[0]) == 4]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--book")]
    book = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--book=")), None)
    if len(args) < 2:
        sys.exit(__doc__)
    jiang, plies = args[0], int(args[1])
    out = args[2] if len(args) > 2 else "book-openings.pgn"
    lines, todo = [], [[]]
    while todo:
        moves = todo.pop()
        if len(moves) == plies:
            lines.append(moves)
            continue
        for m in book_moves(jiang, moves, book):
            todo.append(moves + [m])
    lines.sort()
    with open(out, "w") as f:
        for moves in lines:
            f.write(" ".join(moves) + "\n")
    print(f"{len(lines)} lines of {plies} plies in {out}")


if __name__ == "__main__":
    main()
