#!/usr/bin/env python3
"""tools/xboard_games_check.py on small PGNs as XBoard saves them: a repetition draw after the engine
scored above the threshold is flagged (whichever colour it had, and from a FEN with Black to move); one
below it, a win and a loss by mate are not; a loss on time or by an illegal move is; bad input exits 2."""
import os
import subprocess
import sys
import tempfile

TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "xboard_games_check.py")


def game(white, black, moves, result, fen=None):
    tags = [f'[White "{white}"]', f'[Black "{black}"]', f'[Result "{result}"]', '[Variant "xiangqi"]']
    if fen:
        tags += [f'[FEN "{fen}"]', '[SetUp "1"]']
    return "\n".join(tags) + "\n\n" + moves + "\n\n"


# Red (jiang) scores +6.10 on its way into a repetition that XBoard draws.
REPEAT_WON = game("jiang", "other", "1. Rh1 {+6.10/12 0.3} Rh9 {-5.90/11 0.2} 2. Rh2 {+0.00/13 0.3} Rh8 "
                  "{+0.00/10 0.1} {XBoard adjudication: repetition draw} 1/2-1/2", "1/2-1/2")
# The same with jiang as Black, a board diagram first, and a move without a comment.
REPEAT_WON_BLACK = game("other", "jiang", "{--------------\n. . k\n--------------}\n1. Rh1 Rh9 {+7.25/9 0.2} 2. Rh2 "
                        "{-7.00/10 0.3} Rh8 {+0.00/9 0.1} {XBoard adjudication: repetition draw} 1/2-1/2", "1/2-1/2")
# Black to move first in the opening: jiang (Red) moves second; its +1.00 is not above 5.
REPEAT_EVEN = game("jiang", "other", "1... Rh9 {+8.00/9 0.2} 2. Rh2 {+1.00/10 0.3} Rh8 {+0.00/9 0.1} "
                   "{XBoard adjudication: repetition draw} 1/2-1/2", "1/2-1/2", fen="9/9/9/9/9/9/9/9/9/9 b 0 1")
WIN = game("jiang", "other", "1. Rh1 {+M1/3 0.1} {Xboard adjudication: Checkmate} 1-0", "1-0")
ON_TIME = game("other", "jiang", "1. Rh1 {+0.10/3 0.1} Rh9 {-0.20/5 0.2} {White wins on time} 1-0", "1-0")
ILLEGAL = game("jiang", "other", "1. Rh1 {+0.10/3 0.1} {Xboard: Forfeit due to illegal move: Rh0} 0-1", "0-1")


def run(text, *args):
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        f.write(text)
    try:
        p = subprocess.run([sys.executable, TOOL, f.name, *args], capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    return p.returncode, p.stdout + p.stderr


def expect(cond, what, out):
    if not cond:
        print(f"FAILED: {what}\n{out}")
        sys.exit(1)


rc, out = run(REPEAT_WON + REPEAT_EVEN + WIN, "jiang")
expect(rc == 1 and "game 1: drawn by repetition after the engine scored +6.10" in out and "game 2" not in out,
       "the won repetition flagged, the even one not", out)
expect("repetition draws 2" in out and "wins 1" in out and "flagged 1" in out, "the counts", out)
rc, out = run(REPEAT_WON_BLACK, "jiang")
expect(rc == 1 and "+7.25" in out, "jiang as Black: its own scores read", out)
rc, out = run(REPEAT_WON, "jiang", "--above", "7")
expect(rc == 0 and "flagged 0" in out, "a threshold above the score", out)
rc, out = run(ON_TIME + ILLEGAL, "jiang")
expect(rc == 1 and "game 1: lost on time" in out and "game 2: lost by an illegal move" in out, "the forfeits", out)
rc, out = run(WIN, "other")
expect(rc == 0 and "losses 1" in out, "the loser's view of a mate", out)
rc, out = run(WIN, "nobody")
expect(rc == 2 and "no game" in out, "an engine not in the file", out)
rc, out = run(WIN, "jiang", "--above")
expect(rc == 2, "a missing value", out)
p = subprocess.run([sys.executable, TOOL, "/nonexistent.pgn", "jiang"], capture_output=True, text=True)
expect(p.returncode == 2 and "cannot read /nonexistent.pgn" in p.stderr, "a missing file", p.stderr)
print("xboard_games_check: all cases passed")
