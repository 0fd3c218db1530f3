#!/usr/bin/env python3
"""How each player of a `jiang match` PGN spent its moves: moves, mean and median depth, mean and median
seconds a move, from the {score/depth seconds} comment after each move. Book moves and moves without a
comment are left out.

usage: bench/pgn_moves.py [--phases] GAMES.pgn [...]

--phases: also each player's mean seconds and depth by how many moves it had made from the game's start
position (its moves 1-20, 21-40, 41-60, 61 on), to see where a time manager spends the clock.

With a mode's nodes per second (`jiang bench --mode M` prints nodes and time), the mean seconds a move
gives its nodes a move at a time control, which the PGN does not record.
"""
import collections
import re
import statistics
import sys

from pgn_games import games

# A move's comment: {+1.23/15 0.4} or {-M5/12 0.1}, the seconds optional.
COMMENT = re.compile(r"\{[+-]?[0-9.M]+/(\d+)(?: ([0-9.]+))?\}")
TOKEN = re.compile(r"\{[^}]*\}|[^\s{}]+")
MOVE_NUMBER = re.compile(r"^\d+\.+$")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


PHASES = ((1, 20), (21, 40), (41, 60), (61, None))


def phase_of(move_number):
    for first, last in PHASES:
        if last is None or move_number <= last:
            return first, last


def phase_name(first, last):
    return f"{first}-{last}" if last else f"{first}+"


def main():
    args = sys.argv[1:]
    phases = "--phases" in args
    paths = [a for a in args if a != "--phases"]
    if not paths or any(p.startswith("--") for p in paths):
        sys.exit(__doc__)
    depths = collections.defaultdict(list)
    seconds = collections.defaultdict(list)
    by_phase = collections.defaultdict(list)  # (player, phase): (seconds, depth) of each timed move
    for path in paths:
        for tags, text in games(path):
            # The players alternate, the side to move in the FEN first; a comment follows its move.
            fen = tags.get("FEN", "").split()
            first = fen[1] if len(fen) > 1 else "w"
            white, black = tags.get("White"), tags.get("Black")
            order = (white, black) if first == "w" else (black, white)
            moves = 0
            for token in TOKEN.findall(text):
                if token.startswith("{"):
                    m = COMMENT.fullmatch(token)
                    if m and moves:
                        player = order[(moves - 1) % 2]
                        depths[player].append(int(m.group(1)))
                        if m.group(2):
                            seconds[player].append(float(m.group(2)))
                            phase = phase_of((moves + 1) // 2)
                            by_phase[player, phase].append((float(m.group(2)), int(m.group(1))))
                elif not MOVE_NUMBER.match(token) and token not in RESULTS:
                    moves += 1
    for player in sorted(depths):
        d, s = depths[player], seconds[player]
        times = f"{statistics.mean(s):.3f} s mean, {statistics.median(s):.3f} s median" if s else "no times"
        print(f"{player}: {len(d)} moves, depth {statistics.mean(d):.1f} mean, {statistics.median(d):g} median; {times}")
        if phases:
            for phase in PHASES:
                moves = by_phase.get((player, phase))
                if moves:
                    print(f"  moves {phase_name(*phase)}: {len(moves)} moves, "
                          f"{statistics.mean(t for t, _ in moves):.3f} s mean, "
                          f"depth {statistics.mean(d for _, d in moves):.1f} mean")


if __name__ == "__main__":
    main()
