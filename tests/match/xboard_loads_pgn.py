#!/usr/bin/env python3
"""XBoard loads the PGN of `jiang match` move for move.

Plays a few games of jiang against itself (one at a time, with --log), then loads each game of the PGN in
XBoard (headless, under its own Xvfb display) with its debug log on, and checks that XBoard parsed every
move, found none illegal or ambiguous, reached the result comment, and read exactly the moves the engines
played (XBoard's log spells them in coordinates, as the engines do).

usage: xboard_loads_pgn.py JIANG OPENINGS WORKDIR [GAMES]
Exit codes: 0 all loaded, 1 a game did not load as played, 77 xboard or Xvfb is not installed (skipped;
1 instead when the environment sets JIANG_REQUIRE_XBOARD, as CI does).
"""
import os
import re
import shutil
import subprocess
import sys
import time

XBOARD = "/usr/games/xboard"


def free_display():
    for n in range(90, 200):
        if not os.path.exists(f"/tmp/.X{n}-lock") and not os.path.exists(f"/tmp/.X11-unix/X{n}"):
            return n
    raise RuntimeError("no free X display number")


def played_games(log_path):
    """The moves of each game, from the communication log: a game starts with a position without moves;
    its moves are the last position sent plus the bestmove that answered it."""
    games, last = [], []
    for line in open(log_path, encoding="utf-8", errors="replace"):
        m = re.match(r"[\d.]+ \S+ ([<>]) (.*)", line.rstrip("\n"))
        if not m:
            continue
        direction, text = m.groups()
        if direction == ">" and text.startswith("position fen "):
            last = text.split(" moves ")[1].split() if " moves " in text else []
            if not last:
                games.append([])
        elif direction == "<" and text.startswith("bestmove ") and games:
            games[-1] = last + [text.split()[1]]
    return games


def xboard_moves(pgn, index, display, debug_log):
    """Loads game `index` in XBoard; XBoard stays open once it has, so it is ended when its debug log says
    the load is over (or after a minute)."""
    env = dict(os.environ, DISPLAY=f":{display}")
    if os.path.exists(debug_log):
        os.remove(debug_log)
    xboard = subprocess.Popen([XBOARD, "-variant", "xiangqi", "-ncp", "-lgf", pgn, "-lgi", str(index), "-timeDelay", "0",
                               "-debug", "-nameOfDebugFile", debug_log, "-popupExitMessage", "false", "-noGUI",
                               "-soundProgram", ""], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    text = ""
    while time.time() < deadline and xboard.poll() is None:
        time.sleep(0.1)
        text = open(debug_log, encoding="utf-8", errors="replace").read() if os.path.exists(debug_log) else ""
        if "LoadGame(): on exit" in text:
            break
    xboard.kill()  # XBoard does not end on SIGTERM while it shows a loaded game
    xboard.wait()
    text = open(debug_log, encoding="utf-8", errors="replace").read() if os.path.exists(debug_log) else ""
    moves = re.findall(r"^Parsed \S+ into (\S+) virgin", text, re.M)
    problems = re.findall(r"^Parsed (?:IllegalMove|AmbiguousMove|ImpossibleMove).*$", text, re.M)
    ended = bool(re.search(r"^Parsed game end: ", text, re.M))
    return moves, problems, ended


def main():
    jiang, openings, workdir = sys.argv[1:4]
    games = int(sys.argv[4]) if len(sys.argv) > 4 else 8
    if not os.path.exists(XBOARD) or not shutil.which("Xvfb"):
        # CI installs both and sets JIANG_REQUIRE_XBOARD: there a skip would hide a broken install.
        if os.environ.get("JIANG_REQUIRE_XBOARD"):
            print("xboard or Xvfb is not installed, and JIANG_REQUIRE_XBOARD is set: failed")
            return 1
        print("xboard or Xvfb is not installed: skipped")
        return 77
    os.makedirs(workdir, exist_ok=True)
    pgn, log = os.path.join(workdir, "games.pgn"), os.path.join(workdir, "engines.log")
    for path in (pgn, log):
        if os.path.exists(path):
            os.remove(path)
    subprocess.run([jiang, "match", "--engine", f"name=ucci cmd={jiang}", "--engine", f"name=uci cmd={jiang} proto=uci",
                    "--nodes", "3000", "--games", str(games), "--concurrency", "1", "--openings", openings,
                    "--pgn", pgn, "--log", log], check=True, stdout=subprocess.DEVNULL)
    played = played_games(log)
    display = free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "800x600x24"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    failures = 0
    try:
        time.sleep(1)
        for i in range(1, games + 1):
            moves, problems, ended = xboard_moves(pgn, i, display, os.path.join(workdir, f"xboard-{i}.log"))
            ok = moves == played[i - 1] and not problems and ended
            failures += not ok
            print(f"game {i}: {len(moves)} of {len(played[i - 1])} moves read, {'ok' if ok else 'NOT AS PLAYED'}"
                  + (f" {problems}" if problems else "") + ("" if ended else " (no result reached)"))
    finally:
        xvfb.terminate()
        xvfb.wait()
    print(f"{games - failures} of {games} games loaded by XBoard as played")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
