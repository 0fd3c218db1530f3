#!/usr/bin/env python3
"""Kills `jiang selfplay` and `jiang tune` with SIGKILL at random moments and resumes them, again and
again, then checks that the resumed runs end exactly as uninterrupted runs of the same settings do, and
that no file is left half written (no torn line in the positions file once resumed, no temporary file
beside the tuner's outputs, every JSON file whole).

    tests/kill_resume.py JIANG [--kills N] [--seed S] [--workdir DIR] [--keep]

N kills for self-play and N for the tuner (spread over hill climbing, annealing and the genetic
algorithm). CTest runs it with a few kills; docs/reliability.md gives the figures of a long run.
"""
import argparse
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


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def run_to_end(cmd, log):
    with open(log, "ab") as err:
        code = subprocess.call(cmd, stdout=subprocess.DEVNULL, stderr=err)
    if code != 0:
        fail("%s exited %d; see %s" % (" ".join(cmd), code, log))


def kill_at_random(cmd, log, rng, longest_s):
    """Starts cmd and kills it with SIGKILL after a random delay; True if it was killed, False if it
    finished first (exit 0 required)."""
    with open(log, "ab") as err:
        child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
        try:
            child.wait(timeout=rng.uniform(0.0, longest_s))
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGKILL)
            child.wait()
            return True
    if child.returncode != 0:
        fail("%s exited %d; see %s" % (" ".join(cmd), child.returncode, log))
    return False


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


def interrupt_until_done(attempt, kills_left, rng, longest_s, log, after_kill=lambda: None):
    """Runs attempt() (the command to start or resume with) over and over, killing it at a random moment
    each time while kills are left, until a run ends by itself. Returns the kills made."""
    killed = 0
    while True:
        if killed < kills_left:
            if not kill_at_random(attempt(), log, rng, longest_s):
                return killed
            killed += 1
            after_kill()
        else:
            run_to_end(attempt(), log)
            return killed


def selfplay(jiang, kills, rng, work):
    def cmd(out):
        return [jiang, "selfplay", "--games", str(SELFPLAY_GAMES), "--nodes", str(SELFPLAY_NODES),
                "--random-plies", "4", "--seed", "9", "--threads", "2", "--out", out]

    reference = os.path.join(work, "selfplay-reference.txt")
    resumed = os.path.join(work, "selfplay-resumed.txt")
    log = os.path.join(work, "selfplay.log")
    started = time.monotonic()
    run_to_end(cmd(reference), log)
    whole_run_s = time.monotonic() - started

    # Rounds of a fresh run killed again and again until it ends; short delays so each round takes
    # several kills.
    killed, rounds = 0, 0
    while killed < kills or rounds == 0:
        if os.path.exists(resumed):
            os.remove(resumed)
        killed += interrupt_until_done(lambda: cmd(resumed), kills - killed, rng, whole_run_s / 3, log)
        rounds += 1
        if game_indices(resumed) != list(range(SELFPLAY_GAMES)):
            fail("self-play games missing or written twice: %s" % game_indices(resumed))
        if positions_body(resumed) != positions_body(reference):
            fail("self-play resumed after %d kills differs from the uninterrupted run" % killed)
    print("selfplay: %d kills in %d runs (an uninterrupted run takes %.1f s); each resumed file equals the "
          "uninterrupted one" % (killed, rounds, whole_run_s))
    return reference


def tune(jiang, kills, rng, work, data):
    algos = list(TUNE_ITERATIONS)
    for index, algo in enumerate(algos):
        share = kills // len(algos) + (1 if index < kills % len(algos) else 0)
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

        def attempt():
            # Resume from the checkpoint if a killed run got as far as writing one; else start again.
            if os.path.exists(checkpoint):
                # --iterations belongs to a session, not to the run: it is given again.
                return [jiang, "tune", "--resume", checkpoint, "--iterations", str(TUNE_ITERATIONS[algo]),
                        "--threads", "2"]
            return cmd("resumed")

        def checkpoint_whole():
            if os.path.exists(checkpoint):
                with open(checkpoint) as f:
                    try:
                        json.load(f)
                    except ValueError as e:
                        fail("torn checkpoint %s: %s" % (checkpoint, e))

        killed, rounds = 0, 0
        while killed < share or rounds == 0:
            for name in os.listdir(directory):
                if name.startswith("resumed"):
                    os.remove(os.path.join(directory, name))
            killed += interrupt_until_done(attempt, share - killed, rng, whole_run_s / 3, log, checkpoint_whole)
            rounds += 1
            for suffix in (".json", ".csv"):
                if tuner_output(directory, "reference" + suffix) != tuner_output(directory, "resumed" + suffix):
                    fail("tune --algo %s resumed after %d kills: resumed%s differs from the uninterrupted "
                         "run" % (algo, killed, suffix))
            no_temporary_files(directory)
        print("tune --algo %s: %d kills in %d runs (an uninterrupted run takes %.1f s); weights and history "
              "equal the uninterrupted run's" % (algo, killed, rounds, whole_run_s))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jiang")
    parser.add_argument("--kills", type=int, default=10, help="kills of self-play, and kills of the tuner")
    parser.add_argument("--seed", type=int, default=1, help="seed of the kill times")
    parser.add_argument("--workdir", help="where the runs write (default: a temporary directory)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = args.workdir or tempfile.mkdtemp(prefix="jiang-kill-")
    os.makedirs(work, exist_ok=True)
    try:
        jiang = os.path.abspath(args.jiang)
        tune(jiang, args.kills, rng, work, selfplay(jiang, args.kills, rng, work))
    finally:
        if not args.keep and not args.workdir:
            shutil.rmtree(work, ignore_errors=True)
    print("PASS")


if __name__ == "__main__":
    main()
