#!/usr/bin/env python3
"""Kills `jiang selfplay` and `jiang tune` with SIGKILL, and stops them and `jiang match` with SIGINT and
SIGTERM, at random moments (a stop signal also right after start), and resumes them, again and again;
then checks that the resumed runs end exactly as uninterrupted runs of the same settings do, and that no
file is left half written (no torn line in the positions file once resumed, no temporary file beside the
tuner's outputs, every JSON file whole, every game of the match's PGN complete). A stop signal must end
the command by its own clean exit (its documented exit code, not death by the signal), leaving whole,
resumable files; the match must leave no engine process behind.

    tests/kill_resume.py JIANG [--kills N] [--signals M] [--seed S] [--workdir DIR] [--keep]

N kills and M stop signals (SIGINT and SIGTERM in turn) for self-play, the same for the tuner (spread over
hill climbing, annealing, the genetic algorithm and adam), and M stop signals for the match. CTest runs it
with a few kills and 51 stop signals; docs/reliability.md gives the figures of a long run.
"""
import argparse
import itertools
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# Self-play: enough games that a run lasts a few seconds at these nodes, so kills land in every phase
# (between games, mid-game, mid-write).
SELFPLAY_GAMES = 10
SELFPLAY_NODES = 800
# Tuner: a few seconds a run on the positions self-play wrote; a checkpoint after every iteration, so
# that a kill can land during the write.
TUNE_ITERATIONS = {"hc": 6, "sa": 60, "ga": 8, "adam": 10}
TUNE_INTERRUPTED = 3  # the exit code of a tuner run stopped by a signal
# Match: jiang against itself, a few seconds a run.
MATCH_GAMES = 4
MATCH_NODES = 1500


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def run_to_end(cmd, log):
    with open(log, "ab") as err:
        code = subprocess.call(cmd, stdout=subprocess.DEVNULL, stderr=err)
    if code != 0:
        fail("%s exited %d; see %s" % (" ".join(cmd), code, log))


STOP_MASK = (1 << (signal.SIGINT - 1)) | (1 << (signal.SIGTERM - 1))
# A stopped command has this long to finish its clean stop (a game in progress is abandoned, files are
# closed); far more than it needs, so that a slow machine is not a failure.
STOP_TIMEOUT_S = 120


def main_state(pid, jiang):
    """How far the process is: "held" once jiang's main() holds SIGINT and SIGTERM for a long command
    (app/main.cpp: it is parsing its command line or starting MPI), "caught" once a StopSignals guard
    handles them, None before (still the test's fork, or the dynamic loader, where no program can guard
    against a signal)."""
    try:
        if os.path.realpath("/proc/%d/exe" % pid) != os.path.realpath(jiang):
            return None
        with open("/proc/%d/status" % pid) as f:
            status = dict(line.split(":", 1) for line in f if ":" in line)
    except OSError:
        return None
    if int(status["SigCgt"], 16) & STOP_MASK == STOP_MASK:
        return "caught"
    return "held" if int(status["SigBlk"], 16) & STOP_MASK == STOP_MASK else None


class Interruption:
    """One signal to send: which, and whether right after start (as soon as jiang's main() runs) or
    after a random delay."""

    def __init__(self, sig, at_start):
        self.sig, self.at_start, self.while_held = sig, at_start, False


def interrupt_at_random(cmd, log, rng, longest_s, interruption, stop_codes):
    """Starts cmd and sends it the interruption's signal; True if the signal ended it, False if it
    finished first (exit 0 required). SIGINT and SIGTERM must end it with one of stop_codes (a clean
    stop), SIGKILL by death."""
    with open(log, "ab") as err:
        child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
        while child.poll() is None and not main_state(child.pid, cmd[0]):
            time.sleep(0.0002)
        interruption.while_held = interruption.at_start and main_state(child.pid, cmd[0]) == "held"
        delay = 0.0 if interruption.at_start else rng.uniform(0.0, longest_s)
        try:
            child.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            child.send_signal(interruption.sig)
            try:
                code = child.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                child.kill()
                fail("%s did not stop within %d s of signal %d" % (" ".join(cmd), STOP_TIMEOUT_S, interruption.sig))
            if interruption.sig == signal.SIGKILL:
                return True
            if code in stop_codes:
                return True
            if code != 0:
                fail("%s exited %d after signal %d (a clean stop exits %s); see %s" %
                     (" ".join(cmd), code, interruption.sig, " or ".join(map(str, stop_codes)), log))
            return False  # it was already finishing
    if child.returncode != 0:
        fail("%s exited %d; see %s" % (" ".join(cmd), child.returncode, log))
    return False


def interruption_plan(rng, kills, stops):
    """kills SIGKILLs and stops stop signals (SIGINT and SIGTERM in turn, one in four right after
    start), in a random order."""
    stop_signals = itertools.cycle((signal.SIGINT, signal.SIGTERM))
    plan = [Interruption(signal.SIGKILL, False) for _ in range(kills)]
    plan += [Interruption(next(stop_signals), i % 4 == 0) for i in range(stops)]
    rng.shuffle(plan)
    return plan


class Tally:
    """The signals sent, by name; how many of the stop signals came right after start, and how many of
    those while main() still held them (before the command's own guard)."""

    def __init__(self):
        self.sent, self.at_start, self.while_held = {}, 0, 0

    def add(self, interruption):
        name = signal.Signals(interruption.sig).name
        self.sent[name] = self.sent.get(name, 0) + 1
        self.at_start += interruption.at_start
        self.while_held += interruption.while_held

    def text(self):
        return ", ".join("%d %s" % (n, name) for name, n in sorted(self.sent.items())) + \
            " (right after start: %d, of them %d while main() held the signal)" % (self.at_start, self.while_held)


def positions_body(path):
    """The positions and game markers of a self-play file: what must match an uninterrupted run."""
    with open(path) as f:
        return [line for line in f if not line.startswith("#") or line.startswith("# game ")]


def game_indices(path):
    return [int(line.split()[2]) for line in positions_body(path) if line.startswith("# game ")]


def tuner_output(directory, name):
    """The tuner's weights, or its history without the elapsed-time column (the second)."""
    with open(os.path.join(directory, name)) as f:
        if not name.endswith(".csv"):
            return f.read()
        return [row.split(",")[:1] + row.split(",")[2:] for row in f.read().splitlines()]


def no_temporary_files(directory):
    strays = [name for name in os.listdir(directory) if ".tmp" in name]
    if strays:
        fail("temporary files left behind in %s: %s" % (directory, strays))


def interrupt_until_done(attempt, plan, rng, longest_s, log, stop_codes, tally, after_stop=lambda: None):
    """Runs attempt() (the command to start or resume with) over and over, interrupting it as the plan
    says (taking its interruptions from the front), until a run ends by itself. after_stop() checks the
    files after each interruption."""
    while True:
        if plan:
            if not interrupt_at_random(attempt(), log, rng, longest_s, plan[0], stop_codes):
                return
            tally.add(plan.pop(0))
            after_stop()
        else:
            run_to_end(attempt(), log)
            return


def selfplay(jiang, kills, stops, rng, work):
    def cmd(out):
        return [jiang, "selfplay", "--games", str(SELFPLAY_GAMES), "--nodes", str(SELFPLAY_NODES),
                "--random-plies", "4", "--seed", "9", "--threads", "2", "--out", out]

    reference = os.path.join(work, "selfplay-reference.txt")
    resumed = os.path.join(work, "selfplay-resumed.txt")
    log = os.path.join(work, "selfplay.log")
    started = time.monotonic()
    run_to_end(cmd(reference), log)
    whole_run_s = time.monotonic() - started

    def whole_lines():
        # A clean stop leaves no torn line; a kill may (the resumed run drops it).
        if os.path.exists(resumed) and os.path.getsize(resumed) > 0:
            with open(resumed, "rb") as f:
                f.seek(-1, os.SEEK_END)
                torn = f.read(1) != b"\n"
            if torn and last[0] != signal.SIGKILL:
                fail("self-play left a torn line after a clean stop")

    # Rounds of a fresh run interrupted again and again until it ends; short delays so each round takes
    # several interruptions.
    plan, tally, rounds, last = interruption_plan(rng, kills, stops), Tally(), 0, [None]
    while plan or rounds == 0:
        if os.path.exists(resumed):
            os.remove(resumed)

        def attempt():
            last[0] = plan[0].sig if plan else None
            return cmd(resumed)

        interrupt_until_done(attempt, plan, rng, whole_run_s / 3, log, (128 + signal.SIGINT, 128 + signal.SIGTERM),
                             tally, whole_lines)
        rounds += 1
        if game_indices(resumed) != list(range(SELFPLAY_GAMES)):
            fail("self-play games missing or written twice: %s" % game_indices(resumed))
        if positions_body(resumed) != positions_body(reference):
            fail("self-play resumed after %s differs from the uninterrupted run" % tally.text())
    print("selfplay: %s in %d runs (an uninterrupted run takes %.1f s); each resumed file equals the "
          "uninterrupted one" % (tally.text(), rounds, whole_run_s))
    return reference


def tune(jiang, kills, stops, rng, work, data):
    algos = list(TUNE_ITERATIONS)
    for index, algo in enumerate(algos):
        def share(n):
            return n // len(algos) + (1 if index < n % len(algos) else 0)

        directory = os.path.join(work, "tune-" + algo)
        os.makedirs(directory)

        def cmd(name, algo=algo, directory=directory):
            return [jiang, "tune", "--data", data, "--algo", algo, "--group", "material",
                    "--iterations", str(TUNE_ITERATIONS[algo]), "--seed", "3", "--threads", "2",
                    "--checkpoint-every", "0", "--log-every", "1000",
                    "--out", os.path.join(directory, name + ".json")]

        log = os.path.join(directory, "tune.log")
        started = time.monotonic()
        run_to_end(cmd("reference"), log)
        whole_run_s = time.monotonic() - started
        checkpoint = os.path.join(directory, "resumed.checkpoint.json")

        def attempt(algo=algo, checkpoint=checkpoint):
            # Resume from the checkpoint if an interrupted run got as far as writing one; else start again.
            if os.path.exists(checkpoint):
                # --iterations belongs to a session, not to the run: it is given again.
                return [jiang, "tune", "--resume", checkpoint, "--iterations", str(TUNE_ITERATIONS[algo]),
                        "--threads", "2"]
            return cmd("resumed")

        def checkpoint_whole(checkpoint=checkpoint):
            if os.path.exists(checkpoint):
                with open(checkpoint) as f:
                    try:
                        json.load(f)
                    except ValueError as e:
                        fail("torn checkpoint %s: %s" % (checkpoint, e))

        plan, tally, rounds = interruption_plan(rng, share(kills), share(stops)), Tally(), 0
        while plan or rounds == 0:
            for name in os.listdir(directory):
                if name.startswith("resumed"):
                    os.remove(os.path.join(directory, name))
            interrupt_until_done(attempt, plan, rng, whole_run_s / 3, log, (TUNE_INTERRUPTED,), tally,
                                 checkpoint_whole)
            rounds += 1
            for suffix in (".json", ".csv"):
                if tuner_output(directory, "reference" + suffix) != tuner_output(directory, "resumed" + suffix):
                    fail("tune --algo %s resumed after %s: resumed%s differs from the uninterrupted "
                         "run" % (algo, tally.text(), suffix))
            no_temporary_files(directory)
        print("tune --algo %s: %s in %d runs (an uninterrupted run takes %.1f s); weights and history "
              "equal the uninterrupted run's" % (algo, tally.text(), rounds, whole_run_s))


def pgn_games_whole(path):
    """Every game in a match's PGN is complete: it has its Result tag and its move text ends with that
    result. (The match has no resume: a stopped match keeps the games finished so far.)"""
    if not os.path.exists(path):
        return 0
    with open(path) as f:
        text = f.read()
    games = [g for g in text.split("[Event ") if g.strip()]
    for game in games:
        tag = game.split('[Result "', 1)
        if len(tag) != 2:
            fail("a game without a Result tag in %s" % path)
        result = tag[1].split('"', 1)[0]
        if not game.rstrip().endswith(result):
            fail("a game in %s does not end with its result %s" % (path, result))
    return len(games)


def engines_left(engine):
    """The processes still running the match's engine program (a copy only this test runs)."""
    found = []
    for pid in os.listdir("/proc"):
        try:
            if pid.isdigit() and os.path.realpath("/proc/%s/exe" % pid) == engine:
                found.append(int(pid))
        except OSError:
            pass
    return found


def match(jiang, stops, rng, work):
    # The engines are a copy of jiang under its own name, so that the test can see that none is left.
    engine = os.path.join(work, "match-engine")
    shutil.copy2(jiang, engine)
    engine = os.path.realpath(engine)
    pgn = os.path.join(work, "match.pgn")
    log = os.path.join(work, "match.log")

    def cmd():
        return [jiang, "match", "--engine", "name=a cmd=" + engine, "--engine", "name=b cmd=" + engine,
                "--nodes", str(MATCH_NODES), "--games", str(MATCH_GAMES), "--threads", "2", "--pgn", pgn]

    started = time.monotonic()
    run_to_end(cmd(), log)
    whole_run_s = time.monotonic() - started
    if pgn_games_whole(pgn) != MATCH_GAMES:
        fail("an uninterrupted match wrote %d games, not %d" % (pgn_games_whole(pgn), MATCH_GAMES))

    def after_stop():
        pgn_games_whole(pgn)
        deadline = time.monotonic() + 10
        while engines_left(engine):  # the match waits for its engines; allow the kernel a moment
            if time.monotonic() > deadline:
                fail("engines left running after the match stopped: %s" % engines_left(engine))
            time.sleep(0.05)

    plan, tally, runs = interruption_plan(rng, 0, stops), Tally(), 0
    while plan:
        if os.path.exists(pgn):
            os.remove(pgn)
        interrupt_until_done(cmd, plan, rng, whole_run_s, log, (128 + signal.SIGINT, 128 + signal.SIGTERM), tally,
                             after_stop)
        runs += 1
    print("match: %s in %d runs (an uninterrupted run takes %.1f s); every PGN game whole, no engine left "
          "running" % (tally.text(), runs, whole_run_s))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jiang")
    parser.add_argument("--kills", type=int, default=10, help="SIGKILLs of self-play, and of the tuner")
    parser.add_argument("--signals", type=int, default=10,
                        help="SIGINTs and SIGTERMs (in turn) of self-play, of the tuner, and of the match")
    parser.add_argument("--seed", type=int, default=1, help="seed of the interruption times")
    parser.add_argument("--workdir", help="where the runs write (default: a temporary directory)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = args.workdir or tempfile.mkdtemp(prefix="jiang-kill-")
    os.makedirs(work, exist_ok=True)
    try:
        jiang = os.path.realpath(args.jiang)
        tune(jiang, args.kills, args.signals, rng, work, selfplay(jiang, args.kills, args.signals, rng, work))
        match(jiang, args.signals, rng, work)
    finally:
        if not args.keep and not args.workdir:
            shutil.rmtree(work, ignore_errors=True)
    print("PASS")


if __name__ == "__main__":
    main()
