#!/usr/bin/env python3
"""Plays the games data/book.bin is built from (see docs/book.md).

jiang match starts games from FENs, and a book is only useful if it covers the start position, so each
opening is two plies from the start (a first move and a reply, spelled in ICCS). The script writes those
positions as an openings file, runs `jiang match` from them, and rewrites the match's PGN so that every
game starts from the start position: the FEN tag goes and the two opening moves (ICCS, which
`jiang book build` reads beside SAN) come first.

usage: book/make_games.py JIANG OUT.pgn -- [jiang match options...]
"""
import os
import re
import subprocess
import sys
import tempfile

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
# Common first moves and replies: central cannons, pawn openings, a horse, an elephant; the horse, the
# pawn and the central cannon in reply. Few openings and several games each, so that the games share
# their first moves often enough for a book (the engines must play with threads > 1, which makes their
# games differ from one another at a node limit).
RED_FIRST = ["h2e2", "b2e2", "c3c4", "g3g4", "h0g2", "c0e2"]
BLACK_REPLY = ["h9g7", "b9c7", "h7e7", "c6c5"]


def board_rows(placement):
    rows = []
    for text in placement.split("/"):
        row = []
        for c in text:
            row.extend(["."] * int(c) if c.isdigit() else [c])
        rows.append(row)
    return rows  # rows[0] is rank 9


def placement_of(rows):
    out = []
    for row in rows:
        text, empty = "", 0
        for c in row:
            if c == ".":
                empty += 1
                continue
            text += (str(empty) if empty else "") + c
            empty = 0
        out.append(text + (str(empty) if empty else ""))
    return "/".join(out)


def play(placement, moves):
    rows = board_rows(placement)
    for m in moves:
        ff, fr, tf, tr = ord(m[0]) - 97, int(m[1]), ord(m[2]) - 97, int(m[3])
        rows[9 - tr][tf], rows[9 - fr][ff] = rows[9 - fr][ff], "."
    return placement_of(rows)


def normal(placement):
    """The board field with XBoard's H/E letters read as N/B."""
    return placement.translate(str.maketrans("HEhe", "NBnb"))


def main():
    if len(sys.argv) < 4 or sys.argv[3] != "--":
        sys.exit(__doc__)
    jiang, out_pgn, match_args = sys.argv[1], sys.argv[2], sys.argv[4:]
    prefixes = {}
    for red in RED_FIRST:
        for black in BLACK_REPLY:
            prefixes[play(START, [red, black])] = [red, black]
    with tempfile.TemporaryDirectory() as tmp:
        openings, raw_pgn = os.path.join(tmp, "openings.fen"), os.path.join(tmp, "raw.pgn")
        with open(openings, "w") as f:
            for placement in prefixes:
                f.write(placement + " w - - 0 2\n")
        subprocess.run([jiang, "match", *match_args, "--openings", openings, "--pgn", raw_pgn], check=True)
        with open(raw_pgn) as f:
            games = f.read().strip().split("\n\n[")
    with open(out_pgn, "w") as out:
        for i, game in enumerate(games):
            game = game if i == 0 else "[" + game
            header, _, movetext = game.partition("\n\n")
            fen = re.search(r'\[FEN "([^ "]+)', header).group(1)
            header = re.sub(r'\[(FEN|SetUp) "[^"]*"\]\n?', "", header).rstrip("\n")
            prefix = " ".join(prefixes[normal(fen)])
            out.write(header + "\n\n" + prefix + " " + movetext.strip() + "\n\n")


if __name__ == "__main__":
    main()
