#!/usr/bin/env python3
"""Checks an engine's games in a PGN that XBoard saved (../shared/tools/xboard-match.sh): how each ended,
whether the engine lost on time, by an illegal move or by a crash, and whether it let a game be drawn
by repetition from a position its own search had scored above a threshold (issue 26: a won position
repeated into a draw).

usage: tools/xboard_games_check.py PGN NAME [--above PAWNS] [--window MOVES]
  NAME      a substring of the engine's White/Black tag (uci2wb names UCCI engines by their `id name`)
  --above   the score, in pawns for the engine, that makes a repetition draw a fault (default 5.0)
  --window  how many of the engine's last scored moves are read before the draw (default 10: a
            repetition cycle is at most a few moves, and a score on the way in counts too)
Prints one line per game the check flags and a summary; exits 1 when any game is flagged, 2 on bad
input. XBoard writes each move's thinking as {+1.23/12 0.4} (pawns for the mover, depth, seconds) and
the ending as the last comment, e.g. {XBoard adjudication: repetition draw}."""
import re
import sys

SCORE_RE = re.compile(r"\{([+-])(M?)(\d+(?:\.\d+)?)/\d+[^}]*\}")
TAG_RE = re.compile(r'^\[(\w+) "(.*)"\]$')
RESULT_RE = re.compile(r"\{([^{}]*)\}\s*(1-0|0-1|1/2-1/2|\*)\s*$", re.S)
MATE_PAWNS = 1000.0  # a mate score is above any threshold


def games(text):
    """(tags, movetext) for each game of the PGN."""
    tags, moves, out = {}, [], []
    for line in text.splitlines():
        m = TAG_RE.match(line.strip())
        if m:
            if moves:
                out.append((tags, "\n".join(moves)))
                tags, moves = {}, []
            tags[m.group(1)] = m.group(2)
        elif line.strip() or moves:
            moves.append(line)
    if tags or moves:
        out.append((tags, "\n".join(moves)))
    return out


NON_MOVE = r"\d+\.(?:\.\.)?|1-0|0-1|1/2-1/2|\*"  # move numbers and results
TOKEN_RE = re.compile(r"\{[^}]*\}|" + NON_MOVE + r"|\S+")


def scores(movetext, first):
    """(side that moved, its score in pawns) for each move with a thinking comment, in order; `first`
    is the side that made the first move (0 White, 1 Black)."""
    body = re.sub(r"\{-{5,}.*?-{5,}\}", "", movetext, flags=re.S)  # XBoard's board diagram
    out, ply = [], -1
    for token in TOKEN_RE.findall(body):
        if token.startswith("{"):
            m = SCORE_RE.fullmatch(token)
            if m and ply >= 0:
                pawns = MATE_PAWNS if m.group(2) else float(m.group(3))
                out.append(((first + ply) % 2, pawns if m.group(1) == "+" else -pawns))
        elif not re.fullmatch(NON_MOVE, token):
            ply += 1
    return out


def ending(movetext):
    m = RESULT_RE.search(movetext.strip())
    return (m.group(1).strip(), m.group(2)) if m else ("", "*")


def first_to_move(tags):
    """0 when White (Red) moved first in this game, 1 when Black did (a FEN opening with b to move)."""
    fields = tags.get("FEN", "").split()
    return 1 if len(fields) > 1 and fields[1] == "b" else 0


def check(path, name, above, window):
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError as e:
        print(f"xboard_games_check: cannot read {path}: {e.strerror}", file=sys.stderr)
        sys.exit(2)
    counts = {"games": 0, "wins": 0, "draws": 0, "losses": 0, "repetition draws": 0,
              "losses on time": 0, "losses by illegal move": 0, "other forfeits": 0}
    flagged = []
    for number, (tags, movetext) in enumerate(games(text), 1):
        sides = [tags.get("White", ""), tags.get("Black", "")]
        if name not in sides[0] and name not in sides[1]:
            continue
        colour = 0 if name in sides[0] else 1
        reason, result = ending(movetext)
        counts["games"] += 1
        won = {"1-0": 0, "0-1": 1}.get(result)
        if result == "1/2-1/2":
            counts["draws"] += 1
        elif won is not None:
            counts["wins" if won == colour else "losses"] += 1
        lowered = reason.lower()
        if won is not None and won != colour:
            if "on time" in lowered:
                counts["losses on time"] += 1
                flagged.append(f"game {number}: lost on time ({reason})")
            elif "illegal" in lowered or "invalid" in lowered:
                counts["losses by illegal move"] += 1
                flagged.append(f"game {number}: lost by an illegal move ({reason})")
            elif "forfeit" in lowered or "exit" in lowered or "crash" in lowered:
                counts["other forfeits"] += 1
                flagged.append(f"game {number}: forfeit ({reason})")
        if result == "1/2-1/2" and "repetition" in lowered:
            counts["repetition draws"] += 1
            own = [score for side, score in scores(movetext, first_to_move(tags)) if side == colour]
            best = max(own[-window:], default=None)
            if best is not None and best > above:
                flagged.append(f"game {number}: drawn by repetition after the engine scored +{best:.2f} "
                               f"(above +{above:.2f}) in its last {window} moves")
    return counts, flagged


def main(argv):
    args, above, window = [], 5.0, 10
    i = 0
    try:
        while i < len(argv):
            if argv[i] == "--above":
                above, i = float(argv[i + 1]), i + 2
            elif argv[i] == "--window":
                window, i = int(argv[i + 1]), i + 2
            else:
                args.append(argv[i])
                i += 1
    except (IndexError, ValueError):
        print(__doc__, file=sys.stderr)
        return 2
    if len(args) != 2 or window < 1:
        print(__doc__, file=sys.stderr)
        return 2
    counts, flagged = check(args[0], args[1], above, window)
    if counts["games"] == 0:
        print(f"xboard_games_check: no game of an engine named like '{args[1]}' in {args[0]}", file=sys.stderr)
        return 2
    for line in flagged:
        print(line)
    print(", ".join(f"{key} {value}" for key, value in counts.items()))
    print(f"flagged {len(flagged)}")
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
